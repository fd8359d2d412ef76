"""Memory: RSS of a process that opens the N-page document vs the 10-page one.

Each measurement runs in a fresh interpreter (``python -m bench.memory PDF``) that
opens the PDF through ``DocumentSession.open`` (empty review store in a temporary
PROOFDESK_DATA_DIR) and a ``RenderService``, renders page 1 at ~1,240 px wide,
and computes ``statuses()`` for every page. It then reports VmRSS of itself and
of its render worker process (the page cache's one rendered page is included).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.make_doc import ROOT, Docs
from bench.table import Row


def rss_kb(pid: int | str = "self", field: str = "VmRSS") -> int:
    """A memory figure (kB) from /proc/<pid>/status; 0 if unavailable."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def child(pdf: str) -> dict[str, float]:
    """Runs in the fresh interpreter: open, render page 1, statuses; measure."""
    from backend.documents.render_service import RenderService
    from backend.session.document_session import DocumentSession
    from bench.flip import scale_for

    async def measure() -> dict[str, float]:
        t0 = time.perf_counter()
        session = DocumentSession.open(pdf, author="bench")
        service = RenderService(pdf)
        try:
            await service.render(0, scale_for(pdf))
            statuses = session.statuses()
            assert len(statuses) == session.page_count
            seconds = time.perf_counter() - t0
            workers = [p.pid for p in multiprocessing.active_children() if p.pid]
            return {
                "pages": session.page_count,
                "seconds": seconds,
                "rss_kb": rss_kb(),
                "worker_rss_kb": sum(rss_kb(pid) for pid in workers),
                "workers": len(workers),
            }
        finally:
            service.close()
            session.close()

    # Measured inside the loop: tearing down asyncio.run() itself was seen to raise
    # VmHWM by ~70 MB, which says nothing about the app (it keeps its loop running).
    return asyncio.run(measure())


def measure(pdf: Path) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="proofdesk-bench-") as tmp:
        env = dict(os.environ, PROOFDESK_DATA_DIR=tmp)
        proc = subprocess.run(
            [sys.executable, "-m", "bench.memory", str(pdf)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def run(docs: Docs) -> list[Row]:
    big, small = measure(docs.big), measure(docs.small)
    n = docs.pages
    base = "10 pages"
    return [
        Row(
            f"RSS main process, {n} pages",
            big["rss_kb"] / 1024,
            small["rss_kb"] / 1024,
            unit="MB",
            goal="≤ 1.2×",
            baseline_name=base,
        ),
        Row(
            f"RSS render worker, {n} pages",
            big["worker_rss_kb"] / 1024,
            small["worker_rss_kb"] / 1024,
            unit="MB",
            baseline_name=base,
        ),
        Row(
            f"open + render p.1 + statuses, {n} pages",
            big["seconds"] * 1000,
            small["seconds"] * 1000,
            baseline_name=base,
        ),
    ]


if __name__ == "__main__":
    print(json.dumps(child(sys.argv[1])))
