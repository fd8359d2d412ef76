"""The scan's layout regions for one document (tables first): cached, detected when asked.

The layout model (``backend.engines.offline.layout``, in the offline engines' worker)
costs about half a second a page, so each result is kept in a local SQLite file under
the data folder, as the scan's lines are (``backend.session.scan_lines``, whose reasons
hold here too): keyed by the document's content digest, the page and everything the
result depends on (model version, render, cleaning; ``cache_key``); local, not in the
review store, since the regions are a property of the image; a lost cache costs only
time; and nothing more is detected once the file changed on disk since it was opened.

``known`` never detects; ``detect`` and ``detect_pages`` run the model for what is not
known. A failure gives no regions and one message, kept in ``problem``: never an
exception in a review.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from backend.engines.offline.base import AltOcrError, EngineMissingError
from backend.engines.offline.layout import cache_key, detector_name, layout_missing
from backend.errors import DocumentError, RenderError
from backend.i18n import _
from backend.models import LayoutKind, LayoutRegion, LayoutRegions, TableGrid
from backend.session.scan_lines import _box, _file_stamp
from backend.settings.paths import data_dir, make_private_dir
from backend.tables import find_tables

if TYPE_CHECKING:
    from backend.engines.offline.runner import AltOcrRunner

_log = logging.getLogger(__name__)
ProgressCallback = Callable[[int, int, int], None]  # (done, total, page just finished)


def layout_wanted() -> bool:
    """False when the user turned layout detection off (``PROOFDESK_LAYOUT=0``), as
    ``scan_lines_wanted`` for the lines: scripts over many documents, slow machines, and
    the test suite (but the tests of the layout), so that no CLI run or window loads the
    layout model unasked."""
    return os.environ.get("PROOFDESK_LAYOUT", "1").strip() != "0"


def needs_layout(transcript: str) -> bool:
    """Whether a page read as ``transcript`` is worth the model's half second: only a
    table is checked against the layout (``table_grid``), so a page whose transcript
    holds none gains nothing from it (most pages of a judgment)."""
    return bool(find_tables(transcript))


def cache_path() -> Path:
    return data_dir() / "cache" / "layout.sqlite3"


def layout_json(layout: LayoutRegions) -> dict[str, Any]:
    """``layout`` as plain JSON values (the cache's form, and ``proofdesk layout --json``'s)."""
    return {
        "detector": layout.detector,
        "regions": [
            {"kind": r.kind.value, "score": r.score, "box": list(r.box)} for r in layout.regions
        ],
        "tables": [
            {"region": list(t.region), "rows": list(t.row_edges), "columns": list(t.column_edges)}
            for t in layout.tables
        ],
    }


def layout_from_json(data: Any) -> LayoutRegions:
    """The inverse of ``layout_json``; ``ValueError``/``TypeError``/``KeyError`` if damaged."""
    regions = tuple(
        LayoutRegion(LayoutKind(r["kind"]), float(r["score"]), _box(r["box"]))
        for r in data["regions"]
    )
    tables = tuple(
        TableGrid(
            _box(t["region"]),
            tuple(float(v) for v in t["rows"]),
            tuple(float(v) for v in t["columns"]),
        )
        for t in data["tables"]
    )
    return LayoutRegions(regions, detector=str(data["detector"]), tables=tables)


class LayoutCache:
    """Layouts per (document digest, page, cache key), in one SQLite file; shared
    between threads. A cache that cannot be opened or read is no cache."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or cache_path()
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        try:
            make_private_dir(self.path.parent)
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")  # several processes may share it
            db.execute(
                "CREATE TABLE IF NOT EXISTS layout (doc TEXT, page INTEGER, key TEXT,"
                " layout TEXT, PRIMARY KEY (doc, page, key))"
            )
            self._db = db
        except (sqlite3.Error, OSError) as exc:
            _log.warning("layout cache %s unusable: %s", self.path, exc)

    def get(self, doc: str, page: int, key: str) -> LayoutRegions | None:
        with self._lock:
            try:
                row = (
                    None
                    if self._db is None
                    else self._db.execute(
                        "SELECT layout FROM layout WHERE doc=? AND page=? AND key=?",
                        (doc, page, key),
                    ).fetchone()
                )
            except sqlite3.Error as exc:
                _log.warning("layout cache unreadable: %s", exc)
                return None
        if row is None:
            return None
        try:
            return layout_from_json(json.loads(row[0]))
        except (ValueError, TypeError, KeyError):  # a damaged entry is detected again
            return None

    def put(self, doc: str, page: int, key: str, layout: LayoutRegions) -> None:
        text = json.dumps(layout_json(layout))
        with self._lock:
            if self._db is not None:
                self._db.execute(
                    "INSERT OR REPLACE INTO layout VALUES (?, ?, ?, ?)", (doc, page, key, text)
                )

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


class LayoutSource:
    """One document's layouts: from memory, the cache, or the model."""

    def __init__(
        self,
        digest: str,
        pdf_path: str | Path,
        runner: AltOcrRunner,
        *,
        password: str | None = None,
        cache: LayoutCache | None = None,
    ) -> None:
        self.digest = digest
        self.pdf_path = str(pdf_path)
        self.runner = runner
        self.password = password
        self.cache = cache or LayoutCache()
        self.detections = 0  # pages sent to the model (what the cache saves)
        self.problem: str | None = layout_missing()  # the first failure, said once
        self._disabled = self.problem is not None
        self._known: dict[int, LayoutRegions] = {}
        self._failed: set[int] = set()  # not tried again in this session
        self._key = cache_key(detector_name() if not self._disabled else "", runner.options)
        self._stamp = _file_stamp(self.pdf_path)
        self._file_changed = False

    def known(self, page: int) -> LayoutRegions | None:
        """The page's layout if already detected (now or before); never detects."""
        layout = self._known.get(page)
        if layout is None and not self._disabled and self.digest:
            layout = self.cache.get(self.digest, page, self._key)
            if layout is not None:
                self._known[page] = layout
        return layout

    async def detect(self, page: int) -> LayoutRegions | None:
        """The page's layout, detected now if not known; None when it cannot be."""
        layout = self.known(page)
        if layout is not None or self._disabled or self._file_changed or page in self._failed:
            return layout
        self.detections += 1
        try:
            layout = await self.runner.detect_layout(self.pdf_path, page, password=self.password)
        except EngineMissingError as exc:
            self._disabled = True
            self._fail(str(exc))
            return None
        except (AltOcrError, RenderError, DocumentError, OSError) as exc:
            self._failed.add(page)
            self._fail(
                _("The layout of page {page} could not be found on the scan: {value}").format(
                    page=page + 1, value=exc
                )
            )
            return None
        if _file_stamp(self.pdf_path) != self._stamp:  # read after the file changed
            _log.info("%s changed on disk: its layout is no longer detected", self.pdf_path)
            self._file_changed = True
            return None
        self._known[page] = layout
        if self.digest:
            try:
                self.cache.put(self.digest, page, self._key, layout)
            except sqlite3.Error as exc:  # a full disk: the layout still serves this session
                _log.warning("layout not cached: %s", exc)
        return layout

    async def detect_pages(
        self, pages: Iterable[int], on_progress: ProgressCallback | None = None
    ) -> int:
        """Detect every page of ``pages`` not known yet, in order; the pages with a layout."""
        todo = list(pages)
        found = 0
        for done, page in enumerate(todo, 1):
            found += await self.detect(page) is not None
            if on_progress is not None:
                on_progress(done, len(todo), page)
        return found

    def _fail(self, message: str) -> None:
        _log.warning("%s", message)
        if self.problem is None:
            self.problem = message
