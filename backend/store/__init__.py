"""The review store: one SQLite file per document holding every reading and edit
as append-only versions, with its schema and migrations, the SQL it runs,
the checks on its file (refusing one emptied, cut short or deleted while open),
the lock that makes one process its owner, backups, transcript import and
the rows of OCR jobs.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.store.backup import BACKUP_INTERVAL_S as BACKUP_INTERVAL_S
    from backend.store.backup import Backup as Backup
    from backend.store.backup import take_backup as take_backup
    from backend.store.importers import read_transcripts as read_transcripts
    from backend.store.job_rows import JobStore as JobStore
    from backend.store.job_rows import PageJobState as PageJobState
    from backend.store.job_rows import Selection as Selection
    from backend.store.review_store import ReviewStore as ReviewStore

_SURFACE = {
    "BACKUP_INTERVAL_S": "backup",
    "Backup": "backup",
    "JobStore": "job_rows",
    "PageJobState": "job_rows",
    "ReviewStore": "review_store",
    "Selection": "job_rows",
    "read_transcripts": "importers",
    "take_backup": "backup",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "BACKUP_INTERVAL_S",
    "Backup",
    "JobStore",
    "PageJobState",
    "ReviewStore",
    "Selection",
    "read_transcripts",
    "take_backup",
]
