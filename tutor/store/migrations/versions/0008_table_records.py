"""A student's games at their class's tables, counted: hands played and refusals by rule
(tutor/store/table_records.py), shown beside their lessons in the teacher's view.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_records",
        sa.Column("person", sa.String(64), primary_key=True),
        sa.Column("what", sa.String(120), primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("count", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_records")
