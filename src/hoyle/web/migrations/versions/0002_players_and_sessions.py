"""The club's players, their sessions, and the seats they hold.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27

Optional accounts (:mod:`hoyle.web.accounts`): a player's name and password hash, a logged-in
browser's session (the hash of its token), and which player holds which seat of a table. Three
new tables; the tables of 0001 and their rows are left as they are (guests with invite links
play exactly as before). Like the baseline, it makes only the tables a database lacks: one
whose tables were made by ``metadata.create_all`` from today's models has them already.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from hoyle.web.migrations import existing_tables

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Make the players', sessions' and held seats' tables (those not there yet)."""
    existing = existing_tables()
    if "cardroom_players" not in existing:
        _players()
    if "cardroom_sessions" not in existing:
        _sessions()
    if "cardroom_player_seats" not in existing:
        _player_seats()


def _players() -> None:
    op.create_table(
        "cardroom_players",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("password_hash", sa.Text(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key"),
    )


def _sessions() -> None:
    op.create_table(
        "cardroom_sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    op.create_index("ix_cardroom_sessions_player_id", "cardroom_sessions", ["player_id"])


def _player_seats() -> None:
    op.create_table(
        "cardroom_player_seats",
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("taken", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_index("ix_cardroom_player_seats_player_id", "cardroom_player_seats", ["player_id"])


def downgrade() -> None:
    """Drop the three tables, and with them every account (the games stay)."""
    op.drop_index("ix_cardroom_player_seats_player_id", table_name="cardroom_player_seats")
    op.drop_table("cardroom_player_seats")
    op.drop_index("ix_cardroom_sessions_player_id", table_name="cardroom_sessions")
    op.drop_table("cardroom_sessions")
    op.drop_table("cardroom_players")
