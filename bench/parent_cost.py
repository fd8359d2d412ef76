"""What a page's review costs here against an older tree of the project, on the same pages.

``failures`` measures the new checks' cost; with ``REVIEW_PARENT=/path/to/worktree``
(e.g. ``git worktree add /tmp/parent cdd5f91``, the commit before issue 22's work) it also
times that tree's ``review_page`` on the very same pages and alternates in a child
process (its own imports), run before and after this tree's timing so a change of load
between them shows. Both time each review once after a warm-up pass over all of them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from backend.models import AltText, ScanLines
from backend.review.page_aids import review_page
from backend.session.review_tables import default_settings

PARENT = os.environ.get("REVIEW_PARENT", "")

# Runs inside the other tree: the same cases, its own review_page; prints seconds per case.
_CHILD = """
import json, sys, time
from backend.models import AltLine, AltText
from backend.review.page_aids import review_page
from backend.session.review_tables import default_settings
cases = json.load(open(sys.argv[1], encoding="utf-8"))
alts = [AltText(c["alt"], c["engine"], tuple(AltLine.from_json(x) for x in c["lines"]))
        for c in cases]
settings = default_settings()
for c, a in zip(cases, alts):
    review_page(0, c["text"], a, settings=settings)
out = []
for c, a in zip(cases, alts):
    t0 = time.perf_counter()
    review_page(0, c["text"], a, settings=settings)
    out.append(time.perf_counter() - t0)
print(json.dumps(out))
"""

Case = tuple[str, AltText, ScanLines | None]


def ours(cases: list[Case]) -> list[float]:
    settings = default_settings()
    for text, alt, lines in cases:
        review_page(0, text, alt, scan_lines=lines, settings=settings)
    out = []
    for text, alt, lines in cases:
        t0 = time.perf_counter()
        review_page(0, text, alt, scan_lines=lines, settings=settings)
        out.append(time.perf_counter() - t0)
    return out


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
        }
        for text, alt, _ in cases
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
