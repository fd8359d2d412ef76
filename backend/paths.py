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
    """Create a folder only the user can read: the stores hold confidential text."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path
