"""The effort curve: how many critical errors a reviewer finds reading the riskiest pages first.

``python -m bench --only effort`` (``CORPUS_PAGES``, ``CORPUS_SEED`` as for
``critical``). RapidOCR's readings are the ones ``critical`` (or
``python -m bench.corpus.ocr_cache``) cached; pages not read yet are left out
and the row says how many were used, unless ``EFFORT_READ_ALL=1`` reads them.
``EFFORT_FIRST=N`` leaves out the corpus's first N pages (a held-out part: pages
the risk weights were never looked at with).

Each trial seeds errors (every kind the seeder knows, ``ERRORS`` a page) on a
random 20% of the generated pages, leaves the rest as they are, reviews every
page against RapidOCR's real reading exactly as the session does (one item per
error, ``backend.review.page_aids.review_page``) and orders the pages by
``backend.review.risk``. For the top 10, 20, 25 and 50% of pages it reports the
share of the seeded legal-critical errors that are

* on a page reviewed (the reviewer reads the page), and
* flagged on a page reviewed (a flag touches the error: the reviewer is pointed at it),

next to the baseline of reviewing the same number of pages in document order.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.review.risk import page_risk
from backend.review.values import FlagKind
from backend.session.review_tables import default_settings
from bench.corpus import CorpusPage, ErrorSpan, generate, rapidocr_readings, seed_errors
from bench.corpus.ocr_cache import cached_reading
from bench.critical import CORPUS_PAGES, CORPUS_SEED, ERRORS, touches
from bench.make_doc import OUT, Docs
from bench.table import Row

SEEDED_SHARE = 0.2
TRIALS = 10
CUTS = (0.10, 0.20, 0.25, 0.50)
GOAL_CUT = 0.25
FLAGGED = frozenset({FlagKind.DIFF, FlagKind.CRITICAL})


@dataclass(frozen=True)
class Scored:
    """One page of one trial: its risk and its critical errors (flagged or not)."""

    index: int  # the page's place in the document
    risk: float
    errors: tuple[bool, ...]  # one per seeded critical error: whether a flag touches it


def score_page(index: int, text: str, alt: AltText, errors: Sequence[ErrorSpan]) -> Scored:
    settings = default_settings()
    # merged as the session merges: one item per error
    review = review_page(index, text, alt, settings=settings)
    flags = [f for f in review.flags if f.kind in FLAGGED]
    found = tuple(any(touches(f, e, text) for f in flags) for e in errors if e.critical)
    return Scored(index, page_risk(review, text, settings.compare.tables).score, found)


def trial(
    pages: list[CorpusPage], alts: dict[str, AltText], clean: dict[int, Scored], seed: int
) -> list[Scored]:
    """One random 20% of the pages seeded, every page scored."""
    rng = random.Random(f"effort-{seed}")
    usable = [i for i, p in enumerate(pages) if p.id in alts]
    seeded = set(rng.sample(usable, round(SEEDED_SHARE * len(usable))))
    out = []
    for i in usable:
        page = pages[i]
        if i not in seeded:
            out.append(clean[i])
            continue
        s = seed_errors(page, random.Random(f"effort-{seed}-{page.id}"), ERRORS)
        out.append(score_page(i, s.text, alts[page.id], s.errors))
    return out


def curve(scored: list[Scored], order: str) -> dict[float, tuple[int, int, int]]:
    """Per cut: (critical errors on the pages reviewed, of them flagged, all critical errors)."""
    if order == "risk":
        ranked = sorted(scored, key=lambda s: (-s.risk, s.index))
    else:
        ranked = sorted(scored, key=lambda s: s.index)
    total = sum(len(s.errors) for s in scored)
    out = {}
    for cut in CUTS:
        top = ranked[: max(1, round(cut * len(ranked)))]
        out[cut] = (sum(len(s.errors) for s in top), sum(sum(s.errors) for s in top), total)
    return out


def run(docs: Docs | None) -> list[Row]:
    del docs  # the corpus is generated
    pages = generate(CORPUS_SEED, CORPUS_PAGES)[int(os.environ.get("EFFORT_FIRST", "0")) :]
    if os.environ.get("EFFORT_READ_ALL") == "1":
        alts = rapidocr_readings(
            pages, progress=lambda d, t: print(f"[effort] read {d}/{t}", file=sys.stderr)
        )
    else:  # a reading takes 4-40 s on a shared machine: only those already made
        alts = {p.id: a for p in pages if (a := cached_reading(p)) is not None}
    t0 = time.perf_counter()
    clean = {i: score_page(i, p.text, alts[p.id], ()) for i, p in enumerate(pages) if p.id in alts}
    sums: dict[tuple[str, float], list[int]] = {}
    for seed in range(TRIALS):
        scored = trial(pages, alts, clean, seed)
        for order in ("risk", "page"):
            for cut, counts in curve(scored, order).items():
                acc = sums.setdefault((order, cut), [0, 0, 0])
                for k in range(3):
                    acc[k] += counts[k]
    review_s = time.perf_counter() - t0
    lines = ["| pages reviewed | critical errors on them | … and flagged | document order |"]
    lines.append("|---|---|---|---|")
    rows = [
        Row(
            f"effort curve: {len(clean)} of {len(pages)} pages, {TRIALS} trials of 20% seeded "
            f"({sums[('risk', CUTS[0])][2]} critical errors), reviewing every page",
            review_s * 1000,
            None,
        )
    ]
    for cut in CUTS:
        on, flagged, total = sums[("risk", cut)]
        base = sums[("page", cut)][0]
        share, base_share = 100 * on / max(1, total), 100 * base / max(1, total)
        lines.append(
            f"| top {cut:.0%} by risk | {share:.1f}% | {100 * flagged / max(1, total):.1f}% "
            f"| {base_share:.1f}% |"
        )
        goal = "≥ 95%" if cut == GOAL_CUT else ""
        rows.append(
            Row(
                f"  critical errors on the top {cut:.0%} of pages by risk",
                share,
                base_share,
                "%",
                goal,
                baseline_name="document order",
            )
        )
        rows.append(
            Row(f"  … and flagged there (top {cut:.0%})", 100 * flagged / max(1, total), None, "%")
        )
    text = "\n".join(lines) + "\n"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "effort.md").write_text(text, "utf-8")
    print(text, file=sys.stderr)
    return rows
