"""The team store under a team: 20 reviewers on one 3,000-page document, on a local
PostgreSQL 15 (a throw-away cluster, ``tests/team/pg_cluster.py``), beside the
embedded SQLite store doing the same per-reviewer work in the same run.

Each reviewer is a process of its own (as each is an app on a machine of its own:
threads in one process would measure this process's GIL as well), with its own
database login and connection, working on its own 150 pages (its assignment):
open a page (its text and its history), type (an autosave: a draft, which claims
the page), and every few pages commit the draft as a version. Save is the autosave;
open is ``page_state`` + ``versions``.
Notification latency: from the start of another reviewer's save to the
LISTEN/NOTIFY message arriving at a listening client. The SQLite figure is one
reviewer (the embedded store has one writer and no live updates).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

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


def _reviewer(
    url: str, sha: str, journal: Path, pages: range, start: Barrier, out: Queue[Any]
) -> None:
    """One reviewer's process: log in, wait for the others, a paced round, a flat one."""
    store = TeamStore(url, sha256=sha, name="big.pdf", page_count=PAGES, journal_dir=journal)
    timings: dict[str, list[float]] = {k: [] for k in ("save", "open", "save_flat", "open_flat")}
    paced, flat = pages[:ROUNDS], pages[ROUNDS : 2 * ROUNDS]
    start.wait()
    _work(store, paced, THINK_S, timings["save"], timings["open"])
    start.wait()
    _work(store, flat, 0.0, timings["save_flat"], timings["open_flat"])
    store.close_connection()
    out.put(timings)


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
    lead.close_connection()  # no connection of this process may be inherited by a child
    ctx = multiprocessing.get_context("fork")  # quick to start; children open their own
    start, out = ctx.Barrier(REVIEWERS), ctx.Queue()
    children = [
        ctx.Process(
            target=_reviewer,
            args=(cluster_url(f"r{i:02d}"), sha, tmp, range(i * span, (i + 1) * span), start, out),
        )
        for i in range(REVIEWERS)
    ]
    for child in children:
        child.start()
    results = [out.get(timeout=600) for _ in children]
    for child in children:
        child.join()
        if child.exitcode != 0:
            raise RuntimeError(f"a reviewer process failed (exit {child.exitcode})")
    timings = {k: [x for r in results for x in r[k]] for k in results[0]}
    writer, reader = (
        TeamStore(
            cluster_url(f"r0{i}"), sha256=sha, name="big.pdf", page_count=PAGES, journal_dir=tmp
        )
        for i in (0, 1)
    )
    timings["notify"] = _notify(writer, reader)
    writer.close_connection()
    reader.close_connection()
    return timings


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
    # (label, team samples, SQLite samples, quantile, goal)
    compared = [
        (f"team: save p50 ({who})", "save", sq_saves, 0.5, ""),
        ("team: save p99", "save", sq_saves, 0.99, GOAL_MS),
        ("team: page open (text + history) p50", "open", sq_opens, 0.5, ""),
        ("team: page open (text + history) p99", "open", sq_opens, 0.99, GOAL_MS),
        ("team: save p99, no pause between keystrokes (stress)", "save_flat", sq_saves, 0.99, ""),
        ("team: page open p99, no pause (stress)", "open_flat", sq_opens, 0.99, ""),
    ]
    return [
        *(
            Row(label, _pct(t[key], q), _pct(base_samples, q), goal=goal, baseline_name=base)
            for label, key, base_samples, q, goal in compared
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
