"""The guessing limits of the class's join screen, kept in the store (tutor/store/classes.py,
``Guessing``): a try is taken from each bucket in one transaction before the PIN is checked, so
parallel guesses, and guesses spread over several app processes, get no more checks than the limit.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "guesses",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("stamp", sa.Float, nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("guesses")
