"""The team store under a team: 20 reviewers on one 3,000-page document, on a local
PostgreSQL 15 (a throw-away cluster, ``tests/team/pg_cluster.py``), beside the
embedded SQLite store doing the same per-reviewer work in the same run.

Each reviewer is a thread with its own database login and connection, working on
its own 150 pages (its assignment): open a page (its text and its history), type
(an autosave: a draft, which claims the page), and every few pages commit the
draft as a version. Save is the autosave; open is ``page_state`` + ``versions``.
Notification latency: from the start of another reviewer's save to the
LISTEN/NOTIFY message arriving at a listening client. The SQLite figure is one
reviewer (the embedded store has one writer and no live updates).
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

from backend.models import VersionKind
from backend.store.postgres import admin
from backend.store.postgres.live import LiveUpdates
from backend.store.postgres.team_store import TeamStore
from backend.store.review_store import ReviewStore
from bench.make_doc import Docs
from bench.search import page_texts
from bench.table import Row

REVIEWERS = 20
PAGES = 3000
ROUNDS = 15  # pages each reviewer opens and types on
KEYSTROKES = 3  # autosaves per page
NOTIFY_SAMPLES = 40
# A person's autosave comes every couple of seconds; the simulated reviewers type
# ten times faster than that (and once more with no pause at all: a stress figure).
THINK_S = 0.2
GOAL_MS = "p99 ≤ 50 ms"


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return 1000 * ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _work(
    store: ReviewStore | TeamStore,
    pages: range,
    think_s: float,
    saves: list[float],
    opens: list[float],
) -> None:
    """One reviewer: open a page, type (an autosave per keystroke), commit every third page."""
    for n, page in enumerate(pages):
        t0 = time.perf_counter()
        state = store.page_state(page)
        store.versions(page)
        opens.append(time.perf_counter() - t0)
        text = state.text
        for _ in range(KEYSTROKES):
            time.sleep(think_s)
            text += "改"
            t0 = time.perf_counter()
            store.save_draft(page, text)
            saves.append(time.perf_counter() - t0)
        if n % 3 == 2:
            store.commit_draft(page)


def _team_round(stores: list[TeamStore], first: int, think_s: float) -> tuple[list[float], ...]:
    """Every reviewer at once on ``ROUNDS`` pages of its own from ``first`` into its span."""
    saves: list[float] = []
    opens: list[float] = []
    span = PAGES // REVIEWERS
    threads = [
        threading.Thread(
            target=_work,
            args=(s, range(i * span + first, i * span + first + ROUNDS), think_s, saves, opens),
        )
        for i, s in enumerate(stores)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return saves, opens


def _team(cluster_url: Callable[[str], str], tmp: Path) -> dict[str, list[float]]:
    sha = hashlib.sha256(b"bench team document").hexdigest()
    with psycopg.connect(cluster_url("postgres"), autocommit=True) as conn:
        admin.install(conn)
        admin.add_person(conn, "lead", "pw-lead", "admin")
        for i in range(REVIEWERS):
            admin.add_person(conn, f"r{i:02d}", f"pw-r{i:02d}", "reviewer")
    lead = TeamStore(
        cluster_url("lead"), sha256=sha, name="big.pdf", page_count=PAGES, journal_dir=tmp
    )
    lead.add_versions(
        [(p, VersionKind.OCR, t, {"engine": "bench"}) for p, t in enumerate(page_texts(PAGES))]
    )
    span = PAGES // REVIEWERS
    with psycopg.connect(cluster_url("lead"), autocommit=True) as conn:
        for i in range(REVIEWERS):
            admin.assign(conn, lead.doc, i * span, (i + 1) * span - 1, f"r{i:02d}")
    stores = [
        TeamStore(
            cluster_url(f"r{i:02d}"), sha256=sha, name="big.pdf", page_count=PAGES, journal_dir=tmp
        )
        for i in range(REVIEWERS)
    ]
    paced = _team_round(stores, 0, THINK_S)
    flat = _team_round(stores, ROUNDS, 0.0)
    notify = _notify(stores[0], stores[1])
    for s in [*stores, lead]:
        s.close_connection()
    return {
        "save": paced[0],
        "open": paced[1],
        "save_flat": flat[0],
        "open_flat": flat[1],
        "notify": notify,
    }


def _notify(writer: TeamStore, reader: TeamStore) -> list[float]:
    live = LiveUpdates(reader)
    out = []
    try:
        for n in range(NOTIFY_SAMPLES):
            t0 = time.perf_counter()
            writer.save_draft(n % 10, f"notify {n}")
            while not live.poll(5.0):
                pass
            out.append(time.perf_counter() - t0)
    finally:
        live.close()
    return out


def _sqlite(tmp: Path) -> tuple[list[float], list[float]]:
    store = ReviewStore(tmp / "big.sqlite", author="bench")
    store.add_versions(
        [(p, VersionKind.OCR, t, {"engine": "bench"}) for p, t in enumerate(page_texts(PAGES))]
    )
    saves: list[float] = []
    opens: list[float] = []
    _work(store, range(ROUNDS), THINK_S, saves, opens)
    store.close()
    return saves, opens


def run(docs: Docs) -> list[Row]:
    from tests.team.pg_cluster import ClusterUnavailable, start_cluster

    try:
        cluster = start_cluster()
    except ClusterUnavailable as exc:
        return [Row("team store", None, None, note=f"n/a ({exc})"[:120])]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            sq_saves, sq_opens = _sqlite(Path(tmp))
            t = _team(
                lambda who: cluster.url(who, "pd-superuser" if who == "postgres" else f"pw-{who}"),
                Path(tmp),
            )
    finally:
        cluster.remove()
    base = "SQLite, 1 reviewer"
    who = f"{REVIEWERS} reviewers, {PAGES} pages"
    print(f"[bench] team: {len(t['save'])} + {len(t['save_flat'])} saves", file=sys.stderr)
    return [
        Row(
            f"team: save p50 ({who})", _pct(t["save"], 0.5), _pct(sq_saves, 0.5), baseline_name=base
        ),
        Row(
            "team: save p99",
            _pct(t["save"], 0.99),
            _pct(sq_saves, 0.99),
            goal=GOAL_MS,
            baseline_name=base,
        ),
        Row(
            "team: page open (text + history) p50",
            _pct(t["open"], 0.5),
            _pct(sq_opens, 0.5),
            baseline_name=base,
        ),
        Row(
            "team: page open (text + history) p99",
            _pct(t["open"], 0.99),
            _pct(sq_opens, 0.99),
            goal=GOAL_MS,
            baseline_name=base,
        ),
        Row(
            "team: save p99, no pause between keystrokes (stress)",
            _pct(t["save_flat"], 0.99),
            _pct(sq_saves, 0.99),
            baseline_name=base,
        ),
        Row(
            "team: page open p99, no pause (stress)",
            _pct(t["open_flat"], 0.99),
            _pct(sq_opens, 0.99),
            baseline_name=base,
        ),
        Row(
            "team: notification latency p50",
            _pct(t["notify"], 0.5),
            None,
            goal="≤ 2 s",
            baseline_name="SQLite: none",
        ),
        Row("team: notification latency max", 1000 * max(t["notify"]), None, goal="≤ 2 s"),
    ]
