"""Where ProofDesk keeps its files: per-user data folder, overridable for tests.

``PROOFDESK_DATA_DIR`` points everything elsewhere (tests, portable installs),
so no test ever touches the user's real data.
"""

from __future__ import annotations

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


def documents_index_path() -> Path:
    """Remembers which content each path last had, to notice a replaced PDF."""
    return data_dir() / "documents.json"


def make_private_dir(path: Path) -> Path:
    """Create a folder only the user can read: the stores hold confidential text.

    ``mkdir(parents=True, mode=...)`` applies the mode to the last folder only, so
    ProofDesk's own folders on the way (the data folder itself) are made private too.
    """
    own_roots = {data_dir(), config_dir()}
    for folder in [*reversed(path.parents), path]:
        ours = folder in own_roots or any(r in folder.parents for r in own_roots)
        if (ours or folder == path) and not folder.exists():
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
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
