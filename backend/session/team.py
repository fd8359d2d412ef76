"""Opening a document's review on the team server, for ``DocumentSession.open``.

The session knows the PDF; this finds its review on the server by the PDF's
content (sha256). The password comes from the URL, libpq's own sources, or the
keyring (the entry ``connection.key_id`` names, as server keys are kept); the
journal of edits made while offline lives in the user's data folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from backend.settings import paths
from backend.settings.keys import KeyStore

if TYPE_CHECKING:  # the PostgreSQL driver loads only when a team server is opened
    from backend.documents.pdf import PdfDocument
    from backend.store.postgres.team_store import TeamStore


_KEYS: list[KeyStore] = []


def team_keys() -> KeyStore:
    """This process's store of team passwords: one, so a password kept for the session
    only (no keyring on this machine) reaches the next document opened."""
    if not _KEYS:
        _KEYS.append(KeyStore())
    return _KEYS[0]


def journal_dir() -> Path:
    return paths.make_private_dir(paths.data_dir() / "team-journal")


def open_team_store(pdf: PdfDocument, url: str, *, keys: KeyStore | None = None) -> TeamStore:
    from backend.store.postgres.connection import key_id
    from backend.store.postgres.team_store import TeamStore

    password = (keys or team_keys()).get(key_id(url))
    return TeamStore(
        url,
        sha256=pdf.info.sha256,
        name=Path(pdf.info.path).name,
        page_count=pdf.page_count,
        journal_dir=journal_dir(),
        password=password,
    )
