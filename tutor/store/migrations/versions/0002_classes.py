"""Classes: the teacher's password, classes with their join codes, students with their PINs, browsers'
sign-ins and the lessons assigned to a class (tutor/store/classes.py).

Only new tables: ``learners`` is not rebuilt (on SQLite that would mean copying it with its
cascades switched off), so ``learners.class_id`` keeps no foreign key; ``students.class_id`` has one.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "teachers",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("password", sa.String(200), nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("code", sa.String(6), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "students",
        sa.Column("learner", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True,
                  autoincrement=False),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name_key", sa.String(120), nullable=False),
        sa.Column("pin", sa.String(200), nullable=False),
        sa.Column("active", sa.Float, nullable=True),
        sa.Column("lesson", sa.String(120), nullable=True),
        sa.UniqueConstraint("class_id", "name_key", name="students_class_name"),
    )
    op.create_table(
        "sign_ins",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("learner", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_index("ix_sign_ins_learner", "sign_ins", ["learner"])
    op.create_table(
        "assignments",
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True,
                  autoincrement=False),
        sa.Column("lesson", sa.String(120), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    for table in ("assignments", "sign_ins", "students", "classes", "teachers"):
        op.drop_table(table)
