"""What a page's review costs here against an older tree of the project, on the same pages.

``failures`` measures the new checks' cost; with ``REVIEW_PARENT=/path/to/worktree``
(e.g. ``git worktree add /tmp/parent cdd5f91``, the commit before issue 22's work) it also
times that tree's ``review_page`` on the very same pages and alternates (``paired``).

Each tree runs in a child process of its own (its own imports; this tree's gets the scan's
lines too) that reviews every case once as a warm-up and then times one review each time
it is asked. The two are asked in turn, review by review (the same case in one child,
then in the other), ``ROUNDS`` times over, and each case counts its best time in each
tree. On two shared cores the machine's speed changes from one second to the next (what
runs beside it, on the other core or the host): asked in turn, both trees meet the same
changes, where a child timing all its cases in a row met its own.

Until 2026-12-03 this tree's was timed once inside the bench's own process, after all its
other work; then each tree timed each case once in a child, two children each, alternated
(a case's best of two): the row swung 0.76-2.84x at load 3.3-4.1.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from backend.models import AltText, ScanLines

PARENT = os.environ.get("REVIEW_PARENT", "")
ROOT = Path(__file__).resolve().parents[1]  # this tree
ROUNDS = 15  # each case's best of this many reviews, in each tree

# Runs inside a tree (this one or the other): the same cases, its own review_page. Says
# "ready" after a warm-up pass, then for each case number read prints that review's seconds.
_CHILD = """
import inspect, json, sys, time
from backend.models import AltLine, AltText
from backend.review.page_aids import review_page
from backend.session.review_tables import default_settings
cases = json.load(open(sys.argv[1], encoding="utf-8"))
alts = [AltText(c["alt"], c["engine"], tuple(AltLine.from_json(x) for x in c["lines"]))
        for c in cases]
kw = [{} for _ in cases]
if "scan_lines" in inspect.signature(review_page).parameters:  # a tree that reads them
    from backend.models import ScanLines
    kw = [{"scan_lines": None if c["scan"] is None else ScanLines(
        tuple(tuple(b) for b in c["scan"]["boxes"]), c["scan"]["detector"])} for c in cases]
settings = default_settings()
for c, a, k in zip(cases, alts, kw):
    review_page(0, c["text"], a, settings=settings, **k)
print("ready", flush=True)
for line in sys.stdin:
    i = int(line)
    t0 = time.perf_counter()
    review_page(0, cases[i]["text"], alts[i], settings=settings, **kw[i])
    print(time.perf_counter() - t0, flush=True)
"""

Case = tuple[str, AltText, ScanLines | None]


def paired(cases: list[Case], rounds: int = ROUNDS) -> tuple[list[float], list[float]] | None:
    """Seconds per case here and in the parent tree (each case's best of ``rounds``,
    the trees asked in turn), or None when no parent tree is given."""
    if not PARENT:
        return None
    with tempfile.TemporaryDirectory(prefix="proofdesk-parent-") as tmp:
        path = Path(tmp) / "cases.json"
        path.write_text(json.dumps(_as_json(cases), ensure_ascii=False), "utf-8")
        children = [_child(str(ROOT), path), _child(PARENT, path)]
        try:
            best = [[float("inf")] * len(cases) for _ in children]
            for r in range(rounds):
                for i in range(len(cases)):
                    # Which tree goes first changes each round: neither is always
                    # the one that follows the other's work on the same core.
                    for k in (0, 1) if r % 2 == 0 else (1, 0):
                        best[k][i] = min(best[k][i], _ask(children[k], i))
        finally:
            for child in children:
                assert child.stdin is not None
                child.stdin.close()
                child.wait()
    return best[0], best[1]


def _as_json(cases: list[Case]) -> list[dict[str, object]]:
    return [
        {
            "text": text,
            "alt": alt.text,
            "engine": alt.engine,
            "lines": [x.as_json() for x in alt.lines],
            "scan": None if scan is None else {"boxes": scan.boxes, "detector": scan.detector},
        }
        for text, alt, scan in cases
    ]


def _child(tree: str, cases: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(cases)],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": tree},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    if child.stdout.readline().strip() != "ready":
        raise RuntimeError(f"the review in {tree} did not start (exit {child.wait()})")
    return child


def _ask(child: subprocess.Popen[str], case: int) -> float:
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(f"{case}\n")
    child.stdin.flush()
    return float(child.stdout.readline())


def per_1500(seconds: list[float], cases: list[Case]) -> float:
    """Milliseconds per 1,500 characters, summed over the cases."""
    chars = sum(len(text) for text, _, _ in cases)
    return 1000 * sum(seconds) * 1500 / max(1, chars)
