"""The document's facts on a 3,000-page review (issue 24's speed goals): ready after
open from the store's facts index (goal ≤ 1 s), and kept current after one page's save
(goal ≤ 50 ms), each against reading every page's facts from its text in the same run
(what opening would cost with no index).

After the open, the steps the window runs in the background (``DocumentFacts.step``:
each kind's regrouping readied) are run, as the Facts dock does, and the longest
is reported: a save queued behind one waits that long at most. The saves' figures are
the median and the slowest of each kind. With no index, the window reads the pages in
steps too (``defer``): the longest step is what a save or a page review waits at most
(instead of every page read inside the first review); measured by a glossary term,
which has every page read again.

Pages: a court file's header (the case number), its parties, and ~1,500 characters of
lines from the sample's true transcripts (dates, amounts, statutes), seeded per page,
in the embedded store and on the team store (a throw-away PostgreSQL). Nothing here
asserts on timings.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from backend.models import VersionKind
from backend.session.facts import DocumentFacts, FactsProgress
from backend.store.interface import PageStore
from backend.store.review_store import ReviewStore
from bench.make_doc import TRUTH_JSON, Docs
from bench.table import Row, median_ms
from bench.team_server import NoServer, team_stores

PAGES = 3000
PAGE_CHARS = 1500
SAVES = 7  # one page saved this many times (median)
HEADER = "臺灣臺北地方法院民事判決\n一一四年度訴字第五六號\n原告 林○○\n被告 某某股份有限公司\n"


def page_texts(pages: int = PAGES, truth: Path = TRUTH_JSON) -> list[str]:
    data = json.loads(truth.read_text("utf-8"))
    lines = [ln for p in data["pages"] for ln in p["text"].splitlines() if ln.strip()]
    out = []
    for n in range(pages):
        rng = random.Random(n)
        body = [HEADER + f"第 {n + 1} 頁"]
        size = len(body[0])
        while size < PAGE_CHARS:
            body.append(rng.choice(lines))
            size += len(body[-1]) + 1
        out.append("\n".join(body))
    return out


def _fill(store: ReviewStore, texts: list[str]) -> None:
    store.connection.execute("PRAGMA synchronous=OFF")  # setup only
    try:
        store.add_versions(
            [(p, VersionKind.OCR, t, {"engine": "bench"}) for p, t in enumerate(texts)]
        )
    finally:
        store.connection.execute("PRAGMA synchronous=FULL")


def _ready(store: PageStore) -> tuple[float, DocumentFacts]:
    """Seconds from a new DocumentFacts to its groups and flags (the Facts dock's)."""
    t0 = time.perf_counter()
    facts = DocumentFacts(store)
    facts.groups()
    facts.flags_for(0)
    return time.perf_counter() - t0, facts


@dataclass
class Measured:
    base_s: float  # every page read from its text (no index yet)
    open_s: float  # a new open: from the index
    reread: int
    prepare: list[float]  # the background steps after the open (each kind readied)
    build: list[float]  # the background steps reading every page (no index: ``defer``)
    quiet: list[float]
    loud: list[float]
    amount: list[float]
    facts: int
    places: int


def _measure(open_store: Callable[[], PageStore], texts: list[str]) -> Measured:
    store = open_store()
    try:
        base_s, first = _ready(store)  # no index yet: every page read from its text
        assert first.read_pages == PAGES, first.read_pages
        del first  # one document's facts in memory, as in the window (the collector walks them)
    finally:
        store.close()
    store = open_store()  # a new open: the index is in the store
    try:
        open_s, facts = _ready(store)
        reread = facts.read_pages
        prepare = _steps(facts)  # what the window does next, in the background
        # Typing in the header: every fact of the page moves, none changes (the groups
        # keep, their places are put in); and a save that changes the page's case
        # number (the case numbers are grouped again).
        quiet = _saves(store, facts, texts, 1000, lambda t, n: t.replace("判決", f"判決{n}", 1))
        loud = _saves(store, facts, texts, 2000, lambda t, n: t.replace("第五六號", "第五八號", 1))
        # The commonest kind here (every page has ~18 sums): all its places grouped again.
        amount = _saves(store, facts, texts, 2500, lambda t, n: t.replace("萬元", "萬一元", 1))
        groups = facts.groups()
        count = len(groups)
        places = sum(len(v.places) for g in groups for v in g.variants)
        del facts, groups  # the build's own DocumentFacts is the document's only one
        build = _build(store)
        return Measured(base_s, open_s, reread, prepare, build, quiet, loud, amount, count, places)
    finally:
        store.close()


def _steps(facts: DocumentFacts) -> list[float]:
    """Seconds of each background step until none is left (``DocumentFacts.step``)."""
    seconds = []
    done = FactsProgress(0, 0, ready=False, more=True)
    while done.more:
        t0 = time.perf_counter()
        done = facts.step()
        seconds.append(time.perf_counter() - t0)
    return seconds


def _build(store: PageStore) -> list[float]:
    """The window's build of a document whose index is stale (a glossary term added:
    every page read again), in steps; then the term removed (read again: the index as
    it was, untimed)."""
    facts = DocumentFacts(store, defer=True)
    facts.set_glossary(["某某"])
    seconds = _steps(facts)
    facts.set_glossary([])
    _steps(facts)
    return seconds


def run(docs: Docs) -> list[Row]:
    del docs  # a review store of its own: the facts need no PDF
    texts = page_texts()
    with tempfile.TemporaryDirectory(prefix="proofdesk-bench-facts-") as tmp:
        path = Path(tmp) / "facts.review"
        filled = ReviewStore(path, author="bench")
        _fill(filled, texts)
        filled.close()
        rows = _rows("SQLite", _measure(lambda: ReviewStore(path, author="bench"), texts))
        rows += _team(texts, Path(tmp))
    return rows


def _team(texts: list[str], tmp: Path) -> list[Row]:
    """The same on the team store (a throw-away PostgreSQL 15, as ``bench.team``)."""
    try:
        with team_stores("bench facts document", PAGES, tmp) as team:
            filled = team()
            filled.add_versions([(p, VersionKind.OCR, t, {}) for p, t in enumerate(texts)])
            filled.close()
            return _rows("team store", _measure(team, texts))
    except NoServer as exc:
        return [Row("facts, team store", None, None, note=f"n/a ({exc})"[:120])]


def _rows(where: str, m: Measured) -> list[Row]:
    base_ms = m.base_s * 1000
    name = f"facts {PAGES} pages ({m.facts} facts, {m.places:,} places), {where}: ready after open"
    if m.reread:
        name += f" ({m.reread} pages read again)"
    every = "every page read"
    return [
        Row(name, m.open_s * 1000, base_ms, goal="≤ 1 s", baseline_name=every),
        Row(
            f"  … then in the background: {len(m.prepare)} steps, the longest",
            max(m.prepare) * 1000,
            base_ms,
            baseline_name=every,
        ),
        Row(
            f"  … no index: every page read in {len(m.build)} background steps, the longest",
            max(m.build) * 1000,
            sum(m.build) * 1000,
            baseline_name="all steps",
        ),
    ] + [
        Row(
            f"  … kept current after {what} (median of {SAVES}, max {max(saves) * 1000:.0f} ms)",
            median_ms(saves),
            base_ms,
            goal="≤ 50 ms",
            baseline_name=every,
        )
        for what, saves in (
            ("typing that moves every fact of the page", m.quiet),
            ("a save that changes the case number", m.loud),
            ("a save that changes a sum", m.amount),
        )
    ]


def _saves(
    store: PageStore,
    facts: DocumentFacts,
    texts: list[str],
    first: int,
    edit: Callable[[str, int], str],
) -> list[float]:
    """Seconds from each save (of another page each time) to its page's flags."""
    seconds = []
    for n in range(SAVES):
        page = first + n
        store.add_version(page, VersionKind.EDIT, edit(texts[page], n), {})
        t0 = time.perf_counter()
        facts.page_changed(page)
        facts.flags_for(page)
        seconds.append(time.perf_counter() - t0)
    return seconds
