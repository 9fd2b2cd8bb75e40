"""A class's tables for people: the tables its teacher made from the class list (tutor/store/class_tables.py),
so the teacher's view lists them live and each student finds the seat kept for them.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_tables",
        sa.Column("code", sa.String(16), sa.ForeignKey("people_tables.code", ondelete="CASCADE"), primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("ended", sa.Float, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("class_tables")
