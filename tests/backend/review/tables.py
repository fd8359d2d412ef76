"""The review's tables for tests: read once, as a session reads them.

The review opens no file; it is handed ``ReviewTables`` (in ``CompareOptions``).
Tests take them from here rather than each loading its own:
``compare_texts(a, b, OPTIONS)``, ``review_page(..., settings=SETTINGS)``,
``critical_flags(..., tables=TABLES)``, ``extract_terms(text, RULES)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backend.review.compare import CompareOptions
from backend.review.page_aids import AidSettings
from backend.session.review_tables import current_tables, table_files

TABLES = current_tables()  # the built-in tables (resources/legal, resources/normalise)
RULES = TABLES.rules
OPTIONS = CompareOptions(tables=TABLES)  # every fold on
RAW = CompareOptions.raw(TABLES)  # every fold off
SETTINGS = AidSettings(compare=OPTIONS)


def options(**switches: Any) -> CompareOptions:
    """``CompareOptions`` with the built-in tables and these switches."""
    return CompareOptions(tables=TABLES, **switches)


def settings(**fields: Any) -> AidSettings:
    """``AidSettings`` with the built-in tables (``compare`` may be given)."""
    return AidSettings(**{"compare": OPTIONS, **fields})


def with_user_variants(extra: Path, **switches: Any) -> CompareOptions:
    """``CompareOptions`` with the built-in tables and a user's own variant file, as
    the session reads them now: called again after an edit, what a new review gets."""
    return CompareOptions(tables=current_tables(table_files(extra)), **switches)
