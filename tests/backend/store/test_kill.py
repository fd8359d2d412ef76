"""Kill test (issue 6): SIGKILL a headless batch run, with edits, 25 times; lose nothing.

Each round starts ``tests/backend/store/kill_workers.py`` on the same store: it
resumes the unfinished OCR job against the fake vLLM server (and starts new
ones when a job ends) while a scripted reviewer saves drafts and commits them
through the backend API. Every write the store acknowledged is logged by the
child (fsync'd) after the call returned. The parent SIGKILLs the child at a
random moment (most rounds 0.3-2.5 s after it is ready; its first page is
stored about 1 s in; every fifth round 0.1-1.5 s after start, i.e. during
start-up, crash recovery or the first pages) and then checks the store:

- it opens and ``PRAGMA integrity_check`` is ``ok`` (and the next round's child
  opens it through ``DocumentSession``, which runs the unclean-exit check and
  recovers drafts; a child that dies by itself fails the test);
- every acknowledged page reading is there, as the version its job points to;
- no acknowledged edit is missing (the issue asks for edits acknowledged more
  than 2 s before the kill; every acknowledged edit is checked, a later edit
  of the same page may supersede it);
- a resumed job never reads a page twice (pages stored before a kill are not
  redone).

Set ``KILL_TEST_SEED`` to replay a run's kill moments.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from backend.session.document_session import DocumentSession
from tests.backend.store.kill_workers import parse_edit, text_sha
from tests.conftest import ROOT
from tests.fakevllm import FakeVllm
from tests.pdf_factory import text_pdf

ROUNDS = 25
PAGES = 30
EDIT_PAGES = [0, 1, 2, 3, 4, 5]  # the reviewer's pages; the batch reads the others
GRACE_S = 2.0  # the bound: edits acknowledged this long before the kill
READY_TIMEOUT_S = 120.0  # a start and two pages: a few seconds even under load


@dataclass(frozen=True)
class PageAck:
    job: int
    page: int
    version_id: int
    sha: str


@dataclass(frozen=True)
class EditAck:
    round: int
    page: int
    seq: int
    t: float
    kill_t: float


def read_acks(path: Path) -> list[list[str]]:
    """The complete lines of an ack file (a line cut by the kill is not an ack)."""
    if not path.exists():
        return []
    data = path.read_text("utf-8")
    lines = data.split("\n")
    return [line.split(" ") for line in lines[:-1] if line]  # the last piece is unterminated


def wait_for(
    proc: subprocess.Popen[bytes], acks: Path, err: Path, *wanted: tuple[str, int]
) -> None:
    """Until the worker has acknowledged at least n lines of each kind wanted."""
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        kinds = [f[0] for f in read_acks(acks)]
        if all(kinds.count(kind) >= n for kind, n in wanted):
            return
        if proc.poll() is not None:
            pytest.fail(f"worker exited ({proc.returncode}) before {wanted}:\n{err.read_text()}")
        time.sleep(0.02)
    pytest.fail(f"worker did not acknowledge {wanted} in {READY_TIMEOUT_S} s:\n{err.read_text()}")


def kill_tree(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the worker and, at the same instant, its render processes.

    The worker runs in its own process group. Its page renderers (spawned
    multiprocessing workers) and their resource tracker outlive a SIGKILLed
    parent, so killing only the worker would leave them behind, 3-4 a round.
    """
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


def check_store(
    store: Path, pages: list[PageAck], edits: list[EditAck]
) -> tuple[set[PageAck], set[EditAck], set[EditAck]]:
    """Open the store after a kill and check it. Returns (pages lost, edits lost
    by the issue's 2 s rule, edits lost at all)."""
    conn = sqlite3.connect(store, isolation_level=None)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        versions = {
            vid: (page, kind, text)
            for vid, page, kind, text in conn.execute("SELECT id, page, kind, text FROM versions")
        }
        job_pages = {
            (job, page): (state, vid)
            for job, page, state, vid in conn.execute(
                "SELECT job, page, state, version_id FROM job_pages"
            )
        }
        twice = conn.execute(
            "SELECT json_extract(provenance, '$.job') AS job, page, count(*) FROM versions "
            "WHERE kind = 'ocr' GROUP BY job, page HAVING count(*) > 1"
        ).fetchall()
        assert twice == [], f"(job, page, readings) read more than once by one job: {twice}"
        stored_edits = [
            t for (t,) in conn.execute("SELECT text FROM versions WHERE kind = 'edit'")
        ] + [t for (t,) in conn.execute("SELECT text FROM drafts")]
    finally:
        conn.close()

    pages_lost = set()
    for ack in pages:
        version = versions.get(ack.version_id)
        ok = (
            version is not None
            and version[0] == ack.page
            and version[1] == "ocr"
            and version[2].startswith("FAKE ")
            and text_sha(version[2]) == ack.sha
            and job_pages.get((ack.job, ack.page))
            in {("done", ack.version_id), ("skipped", ack.version_id)}
        )
        if not ok:
            pages_lost.add(ack)

    # The newest edit stored per page, as (round, seq): an acknowledged edit is
    # kept if it, or an edit of that page written after it, is in the store.
    newest_at_least: dict[int, list[tuple[int, int]]] = {}
    for text in stored_edits:
        parsed = parse_edit(text)
        if parsed is not None:
            r, p, s = parsed
            newest_at_least.setdefault(p, []).append((r, s))
    lost_any = {
        e
        for e in edits
        if not any(rs >= (e.round, e.seq) for rs in newest_at_least.get(e.page, []))
    }
    lost_grace = {e for e in lost_any if e.t <= e.kill_t - GRACE_S}
    return pages_lost, lost_grace, lost_any


def test_sigkill_during_batch_and_edits_loses_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = int(os.environ.get("KILL_TEST_SEED", "0")) or random.randrange(1, 2**31)
    rng = random.Random(seed)
    pdf = text_pdf(
        tmp_path / "akte.pdf",
        [f"Seite {i + 1} — Urteil im Namen des Volkes, Az. 3 O {100 + i}/24" for i in range(PAGES)],
    )
    store = tmp_path / "review.sqlite3"
    page_acks: list[PageAck] = []
    edit_acks: list[EditAck] = []
    pages_lost: set[PageAck] = set()
    edits_lost: set[EditAck] = set()
    edits_lost_any: set[EditAck] = set()
    resumed_rounds = 0
    started = time.monotonic()

    with FakeVllm(service_time=0.05) as fake:
        for round_no in range(1, ROUNDS + 1):
            acks = tmp_path / f"acks-{round_no}.txt"
            err = tmp_path / f"worker-{round_no}.err"
            with err.open("wb") as err_file:
                proc = subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "tests.backend.store.kill_workers",
                        str(pdf),
                        str(store),
                        fake.base_url + "/v1",
                        str(acks),
                        str(round_no),
                        ",".join(map(str, EDIT_PAGES)),
                    ],
                    cwd=ROOT,
                    stdout=subprocess.DEVNULL,
                    stderr=err_file,
                    start_new_session=True,  # its own process group: see kill_tree
                )
            try:
                if round_no % 5 == 0:  # during start-up, recovery or the first pages
                    time.sleep(rng.uniform(0.1, 1.5))
                else:
                    # Work acknowledged in this round before the kill can land: the
                    # run is never trivial, however slow a busy machine makes a page.
                    wait_for(proc, acks, err, ("ready", 1), ("page-done", 2), ("edit", 2))
                    time.sleep(rng.uniform(0.3, 2.5))
                if proc.poll() is not None:
                    pytest.fail(
                        f"round {round_no}: worker exited by itself ({proc.returncode}), "
                        f"seed {seed}:\n{err.read_text()}"
                    )
                kill_t = time.time()
                kill_tree(proc)
                assert proc.wait(timeout=10) == -signal.SIGKILL
            finally:
                kill_tree(proc)
                proc.wait(timeout=10)

            for fields in read_acks(acks):
                kind = fields[0]
                if kind == "page-done":
                    job, page, vid = map(int, fields[1:4])
                    page_acks.append(PageAck(job, page, vid, fields[4]))
                elif kind == "edit":
                    page, seq, t = int(fields[1]), int(fields[2]), float(fields[3])
                    edit_acks.append(EditAck(round_no, page, seq, t, kill_t))
                elif kind == "job" and fields[2] == "1":
                    resumed_rounds += 1

            lost_p, lost_e, lost_any = check_store(store, page_acks, edit_acks)
            pages_lost |= lost_p
            edits_lost |= lost_e
            edits_lost_any |= lost_any

        # The app itself opens the store after the last kill: unclean exit seen,
        # integrity checked, typed text recovered.
        session = DocumentSession.open(pdf, store_path=store, author="kill-test")
        try:
            assert any("did not close normally" in n for n in session.notices), session.notices
            assert session.page_count == PAGES
        finally:
            session.close()
        lost_p, lost_e, lost_any = check_store(store, page_acks, edit_acks)
        pages_lost |= lost_p
        edits_lost |= lost_e
        edits_lost_any |= lost_any

    line = (
        f"kill test: rounds={ROUNDS} pages_acknowledged={len(page_acks)} "
        f"pages_lost={len(pages_lost)} edits_acknowledged={len(edit_acks)} "
        f"edits_lost={len(edits_lost)}"
    )
    with capsys.disabled():
        print(f"\n{line}  (seed {seed}, {time.monotonic() - started:.0f} s)")

    detail = f"seed {seed}"
    assert not pages_lost, (
        f"{detail}: acknowledged readings missing: {sorted(map(repr, pages_lost))}"
    )
    assert not edits_lost, (
        f"{detail}: edits acknowledged > {GRACE_S} s before a kill missing: "
        + json.dumps([e.__dict__ for e in sorted(edits_lost, key=lambda e: (e.round, e.seq))])
    )
    assert not edits_lost_any, f"{detail}: acknowledged edits missing: " + json.dumps(
        [e.__dict__ for e in sorted(edits_lost_any, key=lambda e: (e.round, e.seq))]
    )
    # The run was not trivial: readings and edits were acknowledged, and later
    # rounds resumed the job the kill interrupted instead of starting over.
    assert len(page_acks) >= ROUNDS, detail
    assert len(edit_acks) >= ROUNDS, detail
    assert resumed_rounds >= ROUNDS // 2, f"{detail}: only {resumed_rounds} rounds resumed a job"
