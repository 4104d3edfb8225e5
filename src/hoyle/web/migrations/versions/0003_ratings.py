"""Ratings: each family's leaderboard, and which tables have been rated.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27

The club's ratings (:mod:`hoyle.web.ratings`): ``cardroom_leaderboards`` keeps one family's
:class:`~hoyle.club.ratings.Leaderboard` as its JSON (one row per family, so that rating a game
rewrites one row in one transaction); ``cardroom_rated_tables`` says what became of each table
for the ratings (rated, made unrated by its host, not rated because a guest played…), so that a
finished game is rated once. Tables finished before this revision are noted as ``before``: an
upgrade does not rate old games. Two new tables; the others and their rows are left as they are.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

from hoyle.web.migrations import existing_tables

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Make the leaderboards' and rated tables' tables (those not there yet); note the
    tables finished so far as finished before ratings."""
    existing = existing_tables()
    if "cardroom_leaderboards" not in existing:
        op.create_table(
            "cardroom_leaderboards",
            sa.Column("family", sa.String(length=40), nullable=False),
            sa.Column("board", sa.Text(), nullable=False),
            sa.Column("updated", sa.Float(), nullable=False),
            sa.PrimaryKeyConstraint("family"),
        )
    if "cardroom_rated_tables" not in existing:
        op.create_table(
            "cardroom_rated_tables",
            sa.Column("table_id", sa.String(length=40), nullable=False),
            sa.Column("result", sa.String(length=16), nullable=False),
            sa.Column("family", sa.String(length=40), nullable=True),
            sa.Column("outcome", sa.Text(), nullable=True),
            sa.Column("at", sa.Float(), nullable=False),
            sa.PrimaryKeyConstraint("table_id"),
        )
        if not context.is_offline_mode():
            op.execute(
                "INSERT INTO cardroom_rated_tables (table_id, result, at) "
                "SELECT id, 'before', COALESCE(finished, created) FROM cardroom_tables "
                "WHERE status = 'finished'"
            )


def downgrade() -> None:
    """Drop the two tables, and with them every rating (the games stay)."""
    op.drop_table("cardroom_rated_tables")
    op.drop_table("cardroom_leaderboards")
