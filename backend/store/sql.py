"""SQL building blocks of the review store, used inside its transactions.

Kept apart from ``store.py`` so that file reads as the store's behaviour
(what becomes current, what is kept) while this one holds the row plumbing.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from backend.errors import (
    PageTooLongError,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreLockedError,
)
from backend.i18n import _
from backend.models import Change, ReviewStatus, Version, VersionKind
from backend.provenance import ProvenanceLike, stored_form
from backend.store.limits import bounded_provenance
from backend.store.store_file import DISK_FULL, FULL_ERRNOS, disk_is_full

VERSION_COLUMNS = "id, page, kind, text, created_at, author, provenance"
# The longest page text the store keeps, in characters. A dense page of legal
# text is about 5,000 characters; anything near this limit is not a page but a
# runaway model or a wrong file (a 128 MB "page" once made a 405 MB store).
MAX_PAGE_CHARS = 1_000_000
_SQLITE_FULL = 13
_SQLITE_IOERR = 10


def now() -> float:
    return time.time()


def insert_version(
    c: sqlite3.Connection,
    page: int,
    kind: VersionKind,
    text: str,
    provenance: ProvenanceLike,
    author: str,
) -> int:
    check_page_text(page, text)
    kept = bounded_provenance(
        stored_form(provenance)
    )  # megabytes from a server: trimmed, reading kept
    cur = c.execute(
        "INSERT INTO versions (page, kind, text, created_at, author, provenance) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (page, kind.value, text, now(), author, json.dumps(kept, ensure_ascii=False)),
    )
    return int(cur.lastrowid or 0)


def check_page_text(page: int, text: str) -> None:
    """Refuse a page text far longer than any page, before any of it is written."""
    if len(text) > MAX_PAGE_CHARS:
        raise PageTooLongError(
            _(
                "Page {page}'s text is {text_count:,} characters long, far more than a "
                "page holds (at most {max_page_chars:,} are kept), so it was not stored; "
                "check what produced it."
            ).format(page=page + 1, text_count=len(text), max_page_chars=MAX_PAGE_CHARS),
            page=page,
            length=len(text),
            limit=MAX_PAGE_CHARS,
        )


def version_change(
    page: int, kind: VersionKind, made_current: bool, *, history_only: bool = False
) -> Change:
    message = ""
    if kind in (VersionKind.OCR, VersionKind.IMPORT) and not made_current and not history_only:
        message = _("Kept your edit; the new reading was added to the page's history.")
    # New working text may take back the page's approval (``rules.status_after``).
    return Change(
        pages=frozenset({page}),
        text=made_current,
        status=made_current,
        versions=True,
        message=message,
    )


def insert_status(c: sqlite3.Connection, page: int, status: ReviewStatus, author: str) -> None:
    """A status event, with the working version it was given to: "approved" names the
    text that was approved (``ReviewStore.approved_version``)."""
    c.execute(
        "INSERT INTO status_events (page, status, created_at, author, version_id) "
        "VALUES (?, ?, ?, ?, (SELECT current_version FROM pages WHERE page = ?))",
        (page, status.value, now(), author, page),
    )


def status_of(c: sqlite3.Connection, page: int) -> ReviewStatus:
    row = c.execute(
        "SELECT status FROM status_events WHERE page = ? ORDER BY id DESC LIMIT 1", (page,)
    ).fetchone()
    return ReviewStatus.UNREVIEWED if row is None else ReviewStatus(row[0])


def index_text(c: sqlite3.Connection, page: int, text: str) -> None:
    c.execute("DELETE FROM search WHERE rowid = ?", (page,))
    c.execute("INSERT INTO search (rowid, text) VALUES (?, ?)", (page, text))


def version_row(row: tuple[Any, ...]) -> Version:
    vid, page, kind, text, created_at, author, provenance = row
    return Version(
        int(vid),
        int(page),
        VersionKind(kind),
        str(text),
        float(created_at),
        str(author),
        json.loads(provenance),
    )


def store_error(exc: sqlite3.DatabaseError, path: Path) -> StoreError:
    message = str(exc).lower()
    if "locked" in message or "busy" in message:
        return StoreLockedError(
            _("The review store is busy (another ProofDesk may be saving to it); retrying."),
            detail=str(exc),
        )
    if is_disk_full(exc, path.parent):
        # One message for every caller: the GUI keeps the text on screen and
        # retries, the CLI stops; neither may say more than the store knows.
        return StoreFullError(_(DISK_FULL), detail=str(exc))
    if "not a database" in message or "malformed" in message or "corrupt" in message:
        return StoreCorruptError(
            _("The review store is damaged: {path}").format(path=path), detail=str(exc)
        )
    return StoreError(
        _("The review store could not be written ({exc}).").format(exc=exc), detail=str(exc)
    )


def is_disk_full(exc: BaseException, folder: Path) -> bool:
    """Did ``exc`` (SQLite's or the OS's) come from a full disk under ``folder``?

    SQLite says "disk is full" only for some writes; growing its -shm file on a
    full disk is a plain "disk I/O error", which a look at the free space explains.
    """
    if isinstance(exc, OSError):
        return exc.errno in FULL_ERRNOS
    code = getattr(exc, "sqlite_errorcode", None)
    if code == _SQLITE_FULL or "full" in str(exc).lower():
        return True
    return code is not None and code & 0xFF == _SQLITE_IOERR and disk_is_full(folder)
