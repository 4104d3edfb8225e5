"""Duplicate events: the events, and the room table each of their games is played at.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27

An organiser's duplicate event (:mod:`hoyle.web.duplicates`) is one row of
``cardroom_duplicates`` (the event's JSON, with its boards' secrets, and the hashes of the
people's keys); each game of it, a board at one of its tables, is one row of
``cardroom_duplicate_games`` naming the room table that plays it and, once it is over, how it
ended. Two new tables; the others and their rows are left as they are.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from hoyle.web.migrations import existing_tables

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Make the events' and their games' tables (those not there yet)."""
    existing = existing_tables()
    if "cardroom_duplicates" not in existing:
        op.create_table(
            "cardroom_duplicates",
            sa.Column("id", sa.String(length=40), nullable=False),
            sa.Column("name", sa.Text(), nullable=False),
            sa.Column("spec", sa.Text(), nullable=False),
            sa.Column("organiser", sa.String(length=40), nullable=True),
            sa.Column("lang", sa.String(length=8), nullable=False),
            sa.Column("event", sa.Text(), nullable=False),
            sa.Column("keys", sa.Text(), nullable=False),
            sa.Column("status", sa.String(length=16), nullable=False),
            sa.Column("created", sa.Float(), nullable=False),
            sa.Column("finished", sa.Float(), nullable=True),
            sa.PrimaryKeyConstraint("id"),
        )
        op.create_index(
            op.f("ix_cardroom_duplicates_status"), "cardroom_duplicates", ["status"], unique=False
        )
    if "cardroom_duplicate_games" not in existing:
        op.create_table(
            "cardroom_duplicate_games",
            sa.Column("event_id", sa.String(length=40), nullable=False),
            sa.Column("table_no", sa.Integer(), nullable=False),
            sa.Column("board", sa.Integer(), nullable=False),
            sa.Column("round", sa.Integer(), nullable=False),
            sa.Column("table_id", sa.String(length=40), nullable=False),
            sa.Column("played", sa.Text(), nullable=True),
            sa.Column("finished", sa.Float(), nullable=True),
            sa.PrimaryKeyConstraint("event_id", "table_no", "board"),
            sa.UniqueConstraint("table_id"),
        )


def downgrade() -> None:
    """Drop the two tables, and with them every event (their games' tables stay)."""
    op.drop_table("cardroom_duplicate_games")
    op.drop_index(op.f("ix_cardroom_duplicates_status"), table_name="cardroom_duplicates")
    op.drop_table("cardroom_duplicates")
