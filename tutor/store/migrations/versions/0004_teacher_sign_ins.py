"""The teacher's sign-ins kept by their browsers (tutor/store/classes.py): a reload of /teacher does
not ask the password again until the sign-in expires or the teacher signs out. Only a token's hash
is stored (SHA-256 of 256 random bits): a copy of the store signs no one in.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "teacher_sign_ins",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("teacher_sign_ins")
