"""Where ProofDesk keeps its files: per-user data folder, overridable for tests.

``PROOFDESK_DATA_DIR`` points everything elsewhere (tests, portable installs),
so no test ever touches the user's real data.

It also keeps the record of which review stores were opened: a store emptied
by a crash cannot say it ever held a review, so the evidence lives here, away
from the store's own folder.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import platformdirs

APP_NAME = "ProofDesk"


def data_dir() -> Path:
    override = os.environ.get("PROOFDESK_DATA_DIR")
    base = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))
    return base


def config_dir() -> Path:
    """Server profiles and other settings the backend owns (never keys)."""
    override = os.environ.get("PROOFDESK_DATA_DIR")
    if override:
        return Path(override) / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, False))


def store_path_for(sha256: str) -> Path:
    """The default store of a document: keyed by content, so renaming keeps the review."""
    return data_dir() / "stores" / f"{sha256}.sqlite3"


def backup_dir_for(store_path: Path) -> Path:
    return store_path.parent / "backups" / store_path.stem


def store_record_for(store_path: Path) -> Path:
    """The small file that says a review store was opened at this path (by its full path)."""
    key = hashlib.sha256(os.fsencode(store_path.resolve())).hexdigest()[:32]
    return data_dir() / "opened-stores" / key


def remember_store(store_path: Path) -> None:
    """Record that a review was kept at ``store_path`` (once; the record names the path)."""
    record = store_record_for(store_path)
    if not record.exists():
        make_private_dir(record.parent)
        write_private(record, f"{store_path.resolve()}\n")


def store_was_opened(store_path: Path) -> bool:
    return store_record_for(store_path).exists()


def documents_index_path() -> Path:
    """Remembers which content each path last had, to notice a replaced PDF."""
    return data_dir() / "documents.json"


def make_private_dir(path: Path) -> Path:
    """Create a folder only the user can read: the stores hold confidential text.

    ``mkdir(parents=True, mode=...)`` applies the mode to the last folder only, so
    each folder on the way (the data folder itself) is made here, one at a time.
    Every folder made on the way is made 0700 (the umask could narrow the
    mode to one the user cannot use, so it is set, not asked for).
    """
    for folder in [*reversed(path.parents), path]:
        if folder.exists():
            continue
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            continue  # made meanwhile by another process: not ours to change
        os.chmod(folder, 0o700)
    path.mkdir(exist_ok=True)  # a file in the way is still an error
    return path


def write_private(path: Path, text: str) -> None:
    """Write a file atomically, readable by the user only (temporary file + rename)."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
