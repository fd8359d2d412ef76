"""Reading the review's tables from disk: the one place that does.

The review (``backend.review``) opens no file; it is handed a ``ReviewTables``
inside its ``CompareOptions``. This module reads the legal-critical rule table
and the fold tables, and reads them again only when one of the files changed
(its path, modification time and size: the stamp), so a legal user's edit to
``critical-terms.tsv`` or a reviewer's to their own variant file is seen by the
next review asked for, and an unchanged set is the same object (a cache of
reviews keys on it). The stamp is checked when a review is asked for
(``fresh_settings``), never inside the review.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from backend.i18n import _
from backend.review.compare import CompareOptions
from backend.review.legal_rules import LegalRulesError, parse_rules
from backend.review.page_aids import AidSettings
from backend.review.tables import ReviewTables, TableFiles, VariantTableError, parse_pairs

_RESOURCES = Path(__file__).resolve().parent.parent.parent / "resources"
RULES = _RESOURCES / "legal" / "critical-terms.tsv"
NORMALISE = _RESOURCES / "normalise"
BUILT_IN = TableFiles(RULES, NORMALISE)
_FOLD_FILES = ("punctuation.tsv", "variant-glyphs.tsv", "alternate-simplified.tsv")


def table_files(user_variants: Path | None = None) -> TableFiles:
    """The built-in tables, with a user's own variant-glyphs file when given."""
    return replace(BUILT_IN, user_variants=user_variants)


def file_stamp(path: Path) -> tuple[object, ...]:
    """One file as a cache key: its path and what it is now (edited in place, it is
    a different table). A missing file keys as such; loading reports it."""
    try:
        info = path.stat()
    except OSError:
        return (str(path), None, None)
    return (str(path), info.st_mtime_ns, info.st_size)


def tables_stamp(files: TableFiles) -> tuple[object, ...]:
    paths = [files.rules, *(files.normalise / name for name in _FOLD_FILES)]
    if files.user_variants is not None:
        paths.append(files.user_variants)
    return tuple(part for path in paths for part in file_stamp(path))


def current_tables(files: TableFiles = BUILT_IN) -> ReviewTables:
    """The tables as they are on disk now: read again only when a file changed."""
    return load_tables(files, tables_stamp(files))


def fresh_settings(settings: AidSettings | None) -> AidSettings:
    """``settings`` with the tables as they are on disk now (the built-in ones and
    the default settings when None): what a review asked for now is computed with.
    Files unchanged since the settings' tables were read give back ``settings``."""
    if settings is None:
        return default_settings()
    tables = settings.compare.tables
    if tables.files is None:
        return settings  # built in memory: nothing on disk to follow
    stamp = tables_stamp(tables.files)
    if stamp == tables.stamp:
        return settings
    now = load_tables(tables.files, stamp)
    return replace(settings, compare=replace(settings.compare, tables=now))


def default_options(files: TableFiles = BUILT_IN) -> CompareOptions:
    """Every fold on, with the tables as they are on disk now."""
    return CompareOptions(tables=current_tables(files))


def default_settings(files: TableFiles = BUILT_IN) -> AidSettings:
    return AidSettings(compare=default_options(files))


@lru_cache(maxsize=8)
def load_tables(files: TableFiles, stamp: tuple[object, ...] = ()) -> ReviewTables:
    """Read and check every table. ``stamp``: ``tables_stamp(files)``, only so that an
    edited file is read again."""
    try:
        lines = files.rules.read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise LegalRulesError(
            _("Cannot read the legal rule table {path}.").format(path=files.rules),
            detail=str(exc),
        ) from exc
    rules = parse_rules(lines, files.rules.name, stamp)
    punctuation, variants, simplified = (load_pairs(files.normalise / n) for n in _FOLD_FILES)
    user = {} if files.user_variants is None else load_pairs(files.user_variants)
    return ReviewTables(rules, punctuation, variants, simplified, user, files, stamp)


def load_pairs(path: Path) -> dict[str, str]:
    """One variant-glyph (or punctuation) table file: ``variant<TAB>standard`` lines."""
    try:
        lines = path.read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantTableError(
            _("Cannot read the glyph table {path}.").format(path=path), detail=str(exc)
        ) from exc
    return parse_pairs(lines, path.name)
