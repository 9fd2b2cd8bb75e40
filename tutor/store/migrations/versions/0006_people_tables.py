"""Tables for people (tutor/tables/): each table's current form and its numbered events. An action is
one transaction: its event is inserted at the next number and the table's row moves to that version only
if it was at the one before, so two app processes acting on one table at once cannot both apply.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "people_tables",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False, index=True),
    )
    op.create_table(
        "people_table_events",
        sa.Column("code", sa.String(16), sa.ForeignKey("people_tables.code", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("data", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("people_table_events")
    op.drop_table("people_tables")
