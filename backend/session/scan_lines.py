"""The scan's detected text lines for one document: cached, detected when asked.

Detection (``backend.engines.offline.scan_lines``, in the offline engines'
worker) costs about a second a page, so each result is kept in a local SQLite
file under the data folder, keyed by the document's content digest (the one the
default store is named by: renaming keeps it), the page and everything the
result depends on (detector version, render, cleaning; ``cache_key``). Local,
not in the review store: the lines are a property of the image, not of anyone's
review, so a team store needs no new table and every member may detect on their
own machine; and a cache that is lost costs only time.

The lines are of the file as it was when the source was made (the document just
opened, its digest just taken): if the file changes on disk meanwhile (replaced,
rewritten), what the detector reads is another file's page, so nothing more is
detected, kept or cached, and nothing is said (the pages on screen are still the
opened file's, and their review goes on as without a detector).

``known`` never detects (the review asks it on every refresh); ``detect`` and
``detect_pages`` run the detector for what is not known. A failure gives no
lines (the review goes on without them) and one message, kept in ``problem``:
never an exception in a review.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from backend.engines.offline.base import AltOcrError, EngineMissingError
from backend.engines.offline.scan_lines import cache_key, detector_missing, detector_name
from backend.errors import DocumentError, RenderError
from backend.i18n import _
from backend.models import ScanLines
from backend.settings.paths import data_dir, make_private_dir

if TYPE_CHECKING:
    from backend.engines.offline.runner import AltOcrRunner

_log = logging.getLogger(__name__)
Box = tuple[float, float, float, float]
ProgressCallback = Callable[[int, int, int], None]  # (done, total, page just finished)


def scan_lines_wanted() -> bool:
    """False when the user turned detection off for good (``PROOFDESK_SCAN_LINES=0``):
    scripts over many documents, machines too slow for it. The test suite does too,
    except the tests of detection, so that every CLI run does not load the detector."""
    return os.environ.get("PROOFDESK_SCAN_LINES", "1").strip() != "0"


def cache_path() -> Path:
    return data_dir() / "cache" / "scan-lines.sqlite3"


class ScanLineCache:
    """Detected lines per (document digest, page, cache key), in one SQLite file.

    Safe to share between threads (the GUI reviews on the store's thread and
    stores results on the event loop's). A cache that cannot be opened or read (a
    damaged file, a full disk, closed) is no cache: the lines are detected again,
    never an error in a review."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or cache_path()
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        try:
            make_private_dir(self.path.parent)
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")  # several processes may share it
            db.execute(
                "CREATE TABLE IF NOT EXISTS scan_lines (doc TEXT, page INTEGER, key TEXT,"
                " detector TEXT, boxes TEXT, PRIMARY KEY (doc, page, key))"
            )
            self._db = db
        except (sqlite3.Error, OSError) as exc:
            _log.warning("scan-line cache %s unusable: %s", self.path, exc)

    def get(self, doc: str, page: int, key: str) -> ScanLines | None:
        with self._lock:
            try:
                row = (
                    None
                    if self._db is None
                    else self._db.execute(
                        "SELECT detector, boxes FROM scan_lines WHERE doc=? AND page=? AND key=?",
                        (doc, page, key),
                    ).fetchone()
                )
            except sqlite3.Error as exc:
                _log.warning("scan-line cache unreadable: %s", exc)
                return None
        if row is None:
            return None
        try:
            boxes = tuple(_box(b) for b in json.loads(row[1]))
        except (ValueError, TypeError):  # a damaged entry is detected again
            return None
        return ScanLines(boxes, detector=str(row[0]))

    def put(self, doc: str, page: int, key: str, lines: ScanLines) -> None:
        boxes = json.dumps([list(b) for b in lines.boxes])
        with self._lock:
            if self._db is None:
                return
            self._db.execute(
                "INSERT OR REPLACE INTO scan_lines VALUES (?, ?, ?, ?, ?)",
                (doc, page, key, lines.detector, boxes),
            )

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


def _file_stamp(path: str) -> tuple[int, int, int] | None:
    """What changes when a file is replaced or rewritten (cheap: no read of the file)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def _box(value: object) -> Box:
    if not isinstance(value, list) or len(value) != 4:
        raise ValueError(value)
    x0, y0, x1, y1 = (float(v) for v in value)
    return (x0, y0, x1, y1)


class ScanLineSource:
    """One document's scan lines: from memory, the cache, or the detector."""

    def __init__(
        self,
        digest: str,
        pdf_path: str | Path,
        runner: AltOcrRunner,
        *,
        password: str | None = None,
        cache: ScanLineCache | None = None,
    ) -> None:
        self.digest = digest
        self.pdf_path = str(pdf_path)
        self.runner = runner
        self.password = password
        self.cache = cache or ScanLineCache()
        self.detections = 0  # pages sent to the detector (what the cache saves)
        self.problem: str | None = None  # the first failure, said once
        self._known: dict[int, ScanLines] = {}
        self._failed: set[int] = set()  # not tried again in this session
        missing = detector_missing()
        self._disabled = missing is not None
        self.problem = missing
        name = detector_name() if missing is None else ""
        self._key = cache_key(name, runner.options)
        self._stamp = _file_stamp(self.pdf_path)
        self._file_changed = False  # the cache still serves: it holds the opened file's lines

    def known(self, page: int) -> ScanLines | None:
        """The page's lines if already detected (now or before); never detects."""
        lines = self._known.get(page)
        if lines is None and not self._disabled and self.digest:
            lines = self.cache.get(self.digest, page, self._key)
            if lines is not None:
                self._known[page] = lines
        return lines

    async def detect(self, page: int) -> ScanLines | None:
        """The page's lines, detected now if not known; None when they cannot be."""
        lines = self.known(page)
        if lines is not None or self._disabled or self._file_changed or page in self._failed:
            return lines
        self.detections += 1
        try:
            lines = await self.runner.detect_lines(self.pdf_path, page, password=self.password)
        except EngineMissingError as exc:
            self._disabled = True
            self._fail(str(exc))
            return None
        except (AltOcrError, RenderError, DocumentError, OSError) as exc:
            self._failed.add(page)
            self._fail(
                _("The lines of page {page} could not be found on the scan: {value}").format(
                    page=page + 1, value=exc
                )
            )
            return None
        if _file_stamp(self.pdf_path) != self._stamp:  # read after the file changed
            _log.info("%s changed on disk: its scan lines are no longer found", self.pdf_path)
            self._file_changed = True
            return None
        self._known[page] = lines
        if self.digest:
            try:
                self.cache.put(self.digest, page, self._key, lines)
            except sqlite3.Error as exc:  # a full disk: the lines still serve this session
                _log.warning("scan lines not cached: %s", exc)
        return lines

    async def detect_pages(
        self, pages: Iterable[int], on_progress: ProgressCallback | None = None
    ) -> int:
        """Detect every page of ``pages`` not known yet, in order; the pages with lines."""
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
