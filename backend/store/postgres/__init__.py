"""The shared team store on a PostgreSQL server: the same interface as the
embedded SQLite store (``backend.store.interface.PageStore``), with the rules
kept by the database itself (row-level security, grants, append-only history,
identity from ``current_user``, page claims, second-person approval), a local
journal for edits made while the server is unreachable, live updates by
LISTEN/NOTIFY, a supervisor's progress, and moving reviews between the stores.
The SQL is in ``roles.sql`` and ``schema.sql`` beside this file.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.store.postgres.admin import install as install
    from backend.store.postgres.errors import SaveConflictError as SaveConflictError
    from backend.store.postgres.errors import TeamStoreError as TeamStoreError
    from backend.store.postgres.team_store import TeamStore as TeamStore
    from backend.store.postgres.urls import is_team_url as is_team_url

_SURFACE = {
    "SaveConflictError": "errors",
    "TeamStore": "team_store",
    "TeamStoreError": "errors",
    "install": "admin",
    "is_team_url": "urls",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = ["SaveConflictError", "TeamStore", "TeamStoreError", "install", "is_team_url"]
