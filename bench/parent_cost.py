"""What a page's review costs here against an older tree of the project, on the same pages.

``failures`` measures the new checks' cost; with ``REVIEW_PARENT=/path/to/worktree``
(e.g. ``git worktree add /tmp/parent cdd5f91``, the commit before issue 22's work) it also
times that tree's ``review_page`` on the very same pages and alternates. Each tree is
timed in a child process of its own (its own imports; this tree's gets the scan's lines
too), twice, alternating with the other's (``failures.cost_rows``); a child times each
review once after a warm-up pass over all of them, and each case counts its best of two.

Until 2026-12-03 this tree's was timed once inside the bench's own process, after all
its other work, against the best of two runs of the parent's in fresh processes; now
both trees run the one harness alike.
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

# Runs inside a tree (this one or the other): the same cases, its own review_page;
# prints seconds per case.
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
out = []
for c, a, k in zip(cases, alts, kw):
    t0 = time.perf_counter()
    review_page(0, c["text"], a, settings=settings, **k)
    out.append(time.perf_counter() - t0)
print(json.dumps(out))
"""

Case = tuple[str, AltText, ScanLines | None]


def ours(cases: list[Case]) -> list[float]:
    """Seconds per case in this tree, timed as the parent's is (a child process)."""
    found = parent(cases, str(ROOT))
    assert found is not None
    return found


def parent(cases: list[Case], tree: str = PARENT) -> list[float] | None:
    """Seconds per case in the other tree, or None when none is given."""
    if not tree:
        return None
    data = [
        {
            "text": text,
            "alt": alt.text,
            "engine": alt.engine,
            "lines": [x.as_json() for x in alt.lines],
            "scan": None if scan is None else {"boxes": scan.boxes, "detector": scan.detector},
        }
        for text, alt, scan in cases
    ]
    with tempfile.TemporaryDirectory(prefix="proofdesk-parent-") as tmp:
        path = Path(tmp) / "cases.json"
        path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
        env = {**os.environ, "PYTHONPATH": tree}
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, str(path)],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    return [float(x) for x in json.loads(done.stdout.strip().splitlines()[-1])]


def per_1500(seconds: list[float], cases: list[Case]) -> float:
    """Milliseconds per 1,500 characters, summed over the cases."""
    chars = sum(len(text) for text, _, _ in cases)
    return 1000 * sum(seconds) * 1500 / max(1, chars)
