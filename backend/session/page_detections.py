"""What a detector finds on a document's scan, per page: cached, detected when asked.

One implementation for every per-page detector of the offline engines' worker (the
scan's lines, ``backend.session.scan_lines``; its layout, ``backend.session.layout``),
each described by a ``Detector``: its cache table and codec, its runner call, its
missing-engine check, its name for the cache key and its failure message.

Detection costs up to a second a page, so each result is kept in a local SQLite file
under the data folder, keyed by the document's content digest (the one the default
store is named by: renaming keeps it), the page and everything the result depends on
(detector version, render, cleaning; the detector's ``cache_key``). Local, not in the
review store: a detection is a property of the image, not of anyone's review, so a team
store needs no new table and every member may detect on their own machine; and a cache
that is lost costs only time.

The results are of the file as it was when the source was made (the document just
opened, its digest just taken): if the file changes on disk meanwhile (replaced,
rewritten), what the detector reads is another file's page, so nothing more is
detected, kept or cached, and nothing is said (the pages on screen are still the opened
file's, and their review goes on as without a detector).

``known`` never detects (the review asks it on every refresh); ``detect`` and
``detect_pages`` run the detector for what is not known. A failure gives no result (the
review goes on without it) and one message, kept in ``problem``: never an exception in
a review.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from backend.engines.offline.base import AltOcrError, EngineMissingError
from backend.errors import DocumentError, RenderError
from backend.settings.paths import data_dir, make_private_dir

if TYPE_CHECKING:
    from backend.engines.offline.base import AltOptions
    from backend.engines.offline.runner import AltOcrRunner

_log = logging.getLogger(__name__)
T = TypeVar("T")
Box = tuple[float, float, float, float]
ProgressCallback = Callable[[int, int, int], None]  # (done, total, page just finished)


@dataclass(frozen=True)
class Detector(Generic[T]):
    """How one detector's results are found, cached and said to have failed."""

    noun: str  # in the log: "scan lines", "layout"
    cache_file: str  # in the data folder's cache folder
    table: str  # the cache's table: (doc, page, key, *columns)
    columns: tuple[str, ...]  # the value's columns (all TEXT)
    encode: Callable[[T], tuple[str, ...]]  # the value as ``columns``
    decode: Callable[[tuple[Any, ...]], T]  # ValueError/TypeError/KeyError if damaged
    detect: Callable[[AltOcrRunner, str, int, str | None], Awaitable[T]]  # (page, password)
    missing: Callable[[], str | None]  # why it cannot run here, else None
    name: Callable[[], str]  # the detector and its version (only asked when not missing)
    cache_key: Callable[[str, AltOptions], str]
    failed: Callable[[int, Exception], str]  # the message for a page (0-based) not detected


class DetectionCache(Generic[T]):
    """``detector``'s results per (document digest, page, cache key), in one SQLite file.

    Safe to share between threads (the GUI reviews on the store's thread and stores
    results on the event loop's). A cache that cannot be opened or read (a damaged
    file, a full disk, closed) is no cache: the pages are detected again, never an
    error in a review."""

    detector: Detector[T]  # each detector's subclass says which

    def __init__(self, path: Path | None = None) -> None:
        detector = self.detector
        self.path = path or data_dir() / "cache" / detector.cache_file
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        columns = ", ".join(f"{c} TEXT" for c in detector.columns)
        try:
            make_private_dir(self.path.parent)
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")  # several processes may share it
            db.execute(
                f"CREATE TABLE IF NOT EXISTS {detector.table} (doc TEXT, page INTEGER, key TEXT,"
                f" {columns}, PRIMARY KEY (doc, page, key))"
            )
            self._db = db
        except (sqlite3.Error, OSError) as exc:
            _log.warning("%s cache %s unusable: %s", detector.noun, self.path, exc)

    def get(self, doc: str, page: int, key: str) -> T | None:
        spec = self.detector
        with self._lock:
            try:
                row = (
                    None
                    if self._db is None
                    else self._db.execute(
                        f"SELECT {', '.join(spec.columns)} FROM {spec.table}"
                        " WHERE doc=? AND page=? AND key=?",
                        (doc, page, key),
                    ).fetchone()
                )
            except sqlite3.Error as exc:
                _log.warning("%s cache unreadable: %s", spec.noun, exc)
                return None
        if row is None:
            return None
        try:
            return spec.decode(tuple(row))
        except (ValueError, TypeError, KeyError):  # a damaged entry is detected again
            return None

    def put(self, doc: str, page: int, key: str, value: T) -> None:
        spec = self.detector
        values = spec.encode(value)
        marks = ", ".join("?" * (3 + len(values)))
        with self._lock:
            if self._db is not None:
                self._db.execute(
                    f"INSERT OR REPLACE INTO {spec.table} VALUES ({marks})",
                    (doc, page, key, *values),
                )

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


def file_stamp(path: str) -> tuple[int, int, int] | None:
    """What changes when a file is replaced or rewritten (cheap: no read of the file)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def json_box(value: object) -> Box:
    """A box as the caches keep it (a JSON list of four numbers); ValueError if not."""
    if not isinstance(value, list) or len(value) != 4:
        raise ValueError(value)
    x0, y0, x1, y1 = (float(v) for v in value)
    return (x0, y0, x1, y1)


class DetectionSource(Generic[T]):
    """One document's results of one detector: from memory, the cache, or the detector."""

    detector: Detector[T]  # each detector's subclass says which, and its cache's class
    cache_class: type[DetectionCache[T]]

    def __init__(
        self,
        digest: str,
        pdf_path: str | Path,
        runner: AltOcrRunner,
        *,
        password: str | None = None,
        cache: DetectionCache[T] | None = None,
    ) -> None:
        detector = self.detector
        self.digest = digest
        self.pdf_path = str(pdf_path)
        self.runner = runner
        self.password = password
        self.cache = cache or self.cache_class()
        self.detections = 0  # pages sent to the detector (what the cache saves)
        self.problem: str | None = detector.missing()  # the first failure, said once
        self._disabled = self.problem is not None
        self._known: dict[int, T] = {}
        self._failed: set[int] = set()  # not tried again in this session
        name = detector.name() if not self._disabled else ""
        self._key = detector.cache_key(name, runner.options)
        self._stamp = file_stamp(self.pdf_path)
        self._file_changed = False  # the cache still serves: it holds the opened file's

    def known(self, page: int) -> T | None:
        """The page's result if already detected (now or before); never detects."""
        value = self._known.get(page)
        if value is None and not self._disabled and self.digest:
            value = self.cache.get(self.digest, page, self._key)
            if value is not None:
                self._known[page] = value
        return value

    async def detect(self, page: int) -> T | None:
        """The page's result, detected now if not known; None when it cannot be."""
        value = self.known(page)
        if value is not None or self._disabled or self._file_changed or page in self._failed:
            return value
        self.detections += 1
        try:
            value = await self.detector.detect(self.runner, self.pdf_path, page, self.password)
        except EngineMissingError as exc:
            self._disabled = True
            self._fail(str(exc))
            return None
        except (AltOcrError, RenderError, DocumentError, OSError) as exc:
            self._failed.add(page)
            self._fail(self.detector.failed(page, exc))
            return None
        if file_stamp(self.pdf_path) != self._stamp:  # read after the file changed
            _log.info("%s changed on disk: no more %s detected", self.pdf_path, self.detector.noun)
            self._file_changed = True
            return None
        self._known[page] = value
        if self.digest:
            try:
                self.cache.put(self.digest, page, self._key, value)
            except sqlite3.Error as exc:  # a full disk: the result still serves this session
                _log.warning("%s not cached: %s", self.detector.noun, exc)
        return value

    async def detect_pages(
        self, pages: Iterable[int], on_progress: ProgressCallback | None = None
    ) -> int:
        """Detect every page of ``pages`` not known yet, in order; the pages with a result."""
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
