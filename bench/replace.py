"""Find & replace's preview over a 3,000-page document (issue 24: goal ≤ 1 s).

``find_matches`` on a real SQLite store and on the team store (a throw-away
PostgreSQL): the pages' working texts, statuses and claims read from it, every match
with its context and the page's digest; against a baseline in
the same run: a plain loop over the same texts already in memory, finding every
match (``str.find`` for plain text, ``re.finditer`` for the regex and for the folded
text, with the same fold). The baseline is the floor: no store, no context, no digest.

Pages as ``bench.search`` makes them (~1,500 characters of the sample's true
transcripts each, with the page number and a case number), so a query hits many
pages and not others.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from backend.models import VersionKind
from backend.review.tables import ReviewTables
from backend.session.replace import ReplaceQuery, find_matches
from backend.session.review_tables import current_tables
from backend.store.interface import PageStore
from backend.store.review_store import ReviewStore
from bench.make_doc import Docs
from bench.search import page_texts, timed
from bench.table import Row
from bench.team_server import NoServer, team_stores

PAGES = 3000  # the document, whatever --pages says (no PDF is needed)
GOAL = "≤ 1 s"
QUERIES = (
    ("2-char word", ReplaceQuery("判決", "判决")),
    ("4-char phrase, normalised", ReplaceQuery("有期徒刑", "有期徒刑", normalised=True)),
    ("regex with a group", ReplaceQuery(r"第(\d+)號", r"第\1号", regex=True)),
    ("miss", ReplaceQuery("量子糾纏", "x")),
)


def fill(store: PageStore, texts: list[str]) -> None:
    """Each text as its page's OCR reading, in one transaction (setup only)."""
    store.add_versions([(p, VersionKind.OCR, t, {"engine": "bench"}) for p, t in enumerate(texts)])


Hits = list[tuple[int, int]]


def baseline(texts: list[str], query: ReplaceQuery, tables: ReviewTables) -> Callable[[], Hits]:
    """Every match's (page, offset) in texts already in memory: the floor."""
    if query.normalised:  # folded as the preview folds (the fast lookup), then searched
        fold = tables.fold_lookup(True, True).translate
        folded = re.compile(re.escape(fold(query.find)))
        return lambda: [
            (p, m.start()) for p, t in enumerate(texts) for m in folded.finditer(fold(t))
        ]
    if query.regex:
        pattern = re.compile(query.find)
        return lambda: [(p, m.start()) for p, t in enumerate(texts) for m in pattern.finditer(t)]
    return partial(find_all, texts, query.find)


def find_all(texts: list[str], needle: str) -> Hits:
    hits = []
    for page, text in enumerate(texts):
        at = text.find(needle)
        while at >= 0:
            hits.append((page, at))
            at = text.find(needle, at + len(needle))
    return hits


def run(docs: Docs) -> list[Row]:
    del docs  # a store of its own: 3,000 pages whatever the PDF's size
    texts = page_texts(PAGES)
    tables = current_tables()
    with tempfile.TemporaryDirectory(prefix="proofdesk-bench-replace-") as tmp:
        store = ReviewStore(Path(tmp) / "review.sqlite3", author="bench")
        store.connection.execute("PRAGMA synchronous=OFF")  # setup only
        try:
            fill(store, texts)
            store.connection.execute("PRAGMA synchronous=FULL")
            rows = _measure(store, "SQLite", texts, tables)
        finally:
            store.close()
        try:
            with team_stores("bench replace document", PAGES, Path(tmp)) as team:
                server = team()
                try:
                    fill(server, texts)
                    rows += _measure(server, "team store", texts, tables)
                finally:
                    server.close()
        except NoServer as exc:
            rows.append(Row("replace preview, team store", None, None, note=f"n/a ({exc})"[:120]))
    return rows


def _measure(store: PageStore, where: str, texts: list[str], tables: ReviewTables) -> list[Row]:
    rows = []
    for label, query in QUERIES:
        preview = partial(find_matches, store, PAGES, query, tables=tables)
        ms, matches = timed(preview)
        base_ms, floor = timed(baseline(texts, query, tables))
        found = f"{len(matches)} matches"
        if len(matches) != len(floor):
            found += f"; the loop found {len(floor)}"
        rows.append(
            Row(
                f"replace preview, {PAGES} pages, {where}, {label} ({found})",
                ms,
                base_ms,
                goal=GOAL,
                baseline_name="loop over the texts in memory",
            )
        )
    return rows
