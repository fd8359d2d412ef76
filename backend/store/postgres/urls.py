"""Telling a team-server address from a store file's path, without importing the
PostgreSQL driver (the embedded store's users never load it)."""

from __future__ import annotations

SCHEMES = ("postgresql://", "postgres://")


def is_team_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(SCHEMES)
