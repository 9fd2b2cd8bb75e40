"""The lesson on a learner's table, so that a restart gives it back (tutor/store/resume.py).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "open_lessons",
        sa.Column("learner", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("open_lessons")
