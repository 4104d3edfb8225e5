"""The card room's tables as the last release before migrations made them.

Revision ID: 0001
Revises:
Create Date: 2026-11-27

The schema of ``hoyle.web.store`` on 2026-11-27 (commit c43d861), written out here so that it
stays what it was when the store's models change: a table's row, its event log, its deal
secrets, and the reviews of its seats.

A database made before migrations (by ``metadata.create_all``) holds these tables already and
has no version table; the store upgrades it like any other, and this revision then makes only
the tables it lacks (a room older than reviews has no ``cardroom_reviews``) and leaves the rest
and their rows as they are.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from hoyle.web.migrations import existing_tables

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Make the card room's four tables (those that are not there yet)."""
    existing = existing_tables()
    if "cardroom_tables" not in existing:
        op.create_table(
            "cardroom_tables",
            sa.Column("id", sa.String(40), nullable=False),
            sa.Column("spec", sa.Text(), nullable=False),
            sa.Column("seats", sa.Text(), nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("created", sa.Float(), nullable=False),
            sa.Column("finished", sa.Float(), nullable=True),
            sa.Column("record", sa.Text(), nullable=True),
            sa.Column("rematch_of", sa.String(40), nullable=True),
            sa.Column("rematch", sa.String(40), nullable=True),
            sa.PrimaryKeyConstraint("id"),
        )
        op.create_index("ix_cardroom_tables_status", "cardroom_tables", ["status"])
    if "cardroom_events" not in existing:
        op.create_table(
            "cardroom_events",
            sa.Column("table_id", sa.String(40), nullable=False),
            sa.Column("seq", sa.Integer(), nullable=False),
            sa.Column("seat", sa.Integer(), nullable=False),
            sa.Column("action", sa.Integer(), nullable=False),
            sa.Column("token", sa.String(64), nullable=False),
            sa.PrimaryKeyConstraint("table_id", "seq"),
        )
    if "cardroom_deals" not in existing:
        op.create_table(
            "cardroom_deals",
            sa.Column("table_id", sa.String(40), nullable=False),
            sa.Column("deal", sa.Integer(), nullable=False),
            sa.Column("salt", sa.String(128), nullable=False),
            sa.Column("commitment", sa.String(128), nullable=False),
            sa.PrimaryKeyConstraint("table_id", "deal"),
        )
    if "cardroom_reviews" not in existing:
        op.create_table(
            "cardroom_reviews",
            sa.Column("table_id", sa.String(40), nullable=False),
            sa.Column("seat", sa.Integer(), nullable=False),
            sa.Column("level", sa.String(16), nullable=False),
            sa.Column("review", sa.Text(), nullable=False),
            sa.Column("created", sa.Float(), nullable=False),
            sa.PrimaryKeyConstraint("table_id", "seat", "level"),
        )


def downgrade() -> None:
    """Drop the card room's tables, and with them every table, log and review."""
    op.drop_table("cardroom_reviews")
    op.drop_table("cardroom_deals")
    op.drop_table("cardroom_events")
    op.drop_index("ix_cardroom_tables_status", table_name="cardroom_tables")
    op.drop_table("cardroom_tables")
