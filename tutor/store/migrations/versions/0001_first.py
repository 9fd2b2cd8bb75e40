"""The first schema: devices, learners, settings, saved games, attempts with their events, reviews.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("meta", sa.Column("key", sa.String(64), primary_key=True),
                    sa.Column("value", sa.Text, nullable=False))
    op.create_table("devices", sa.Column("id", sa.String(64), primary_key=True),
                    sa.Column("created", sa.Float, nullable=False), sa.Column("seen", sa.Float, nullable=False))
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("device", sa.String(64), sa.ForeignKey("devices.id", ondelete="CASCADE"), nullable=True),
        sa.Column("class_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("device", "name", name="learners_device_name"),
        sa.CheckConstraint("device IS NOT NULL OR class_id IS NOT NULL", name="learners_owner"),
    )
    for table in ("settings", "saved_games"):
        op.create_table(
            table,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("device", sa.String(64), sa.ForeignKey("devices.id", ondelete="CASCADE"), nullable=True,
                      unique=True),
            sa.Column("learner", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=True,
                      unique=True),
            sa.Column("data", sa.Text, nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
            sa.CheckConstraint("(device IS NULL) <> (learner IS NULL)", name=f"{table}_owner"),
        )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("lesson", sa.String(120), nullable=False),
        sa.Column("variation", sa.Integer, nullable=False),
        sa.Column("stars", sa.Integer, nullable=False),
        sa.Column("mistakes", sa.Integer, nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("finished", sa.Float, nullable=True),
    )
    op.create_index("attempts_by_lesson", "attempts", ["learner", "lesson"])
    op.create_table(
        "attempt_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("attempt", sa.Integer, sa.ForeignKey("attempts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("detail", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_attempt_events_attempt", "attempt_events", ["attempt"])
    op.create_table(
        "reviews",
        sa.Column("learner", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("lesson", sa.String(120), primary_key=True),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("due", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("reviews", "attempt_events", "attempts", "saved_games", "settings", "learners", "devices", "meta"):
        op.drop_table(table)
