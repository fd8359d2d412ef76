"""Whole-page failures named and ranked; clean pages' false alarms; the checks' cost (issue 22).

``python -m bench --only failures``. The pages of ``real_errors``'s seed sets
(the generated corpus with a scanner's damage), their alternate a real engine's
reading (RapidOCR at 150 dpi, ``corpus.engine_reads``) and the lines detected on
their scan (``corpus.scan_cache``, when the detector is installed).

* Failures: ``RUNS`` runs each break 25% of the pages, one failure a page, the
  seven kinds in turn (``corpus.page_failures``), and review every page as the
  session does (``review_page``, ``page_risk``, ``by_risk``). Per kind: flagged (a
  difference, critical flag or diagnosis touches the failure), named (a diagnosis
  of that kind on the page), among the riskiest k (k = the pages broken in the
  run); and named with no alternate at all (scan lines still given).
* Clean pages: each page's truth reviewed against every real reading of it
  (RapidOCR and Tesseract, 150 and 100 dpi): characters under flags (all false),
  critical ones, and diagnoses (all false).
* Cost: ``diagnose()`` (the new checks) timed alone on those clean reviews, against
  the rest of ``review_page`` (the page's review without them), per 1,500 characters.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace

from backend.models import AltText, ScanLines
from backend.review.diagnoses.run import diagnose
from backend.review.page_aids import review_page
from backend.review.risk import by_risk, page_risk
from backend.review.values import FlagKind, PageReview
from backend.session.review_tables import default_settings
from bench import parent_cost
from bench.corpus.damage import DamagedPage, damaged
from bench.corpus.engine_reads import DPIS, ENGINES, readings
from bench.corpus.page_failures import KINDS, Failure, break_page
from bench.corpus.pages import generate
from bench.corpus.scan_cache import scan_lines
from bench.make_doc import OUT, Docs
from bench.real_errors import HELD_OUT, READ_MISSING, TUNING
from bench.table import Row

RUNS = 10
BROKEN_SHARE = 0.25
WITHOUT_ALTERNATE = ("repetition", "cut_short", "script_drift", "missing_block")
FLAGGED = frozenset({FlagKind.DIFF, FlagKind.CRITICAL})


@dataclass
class Tally:
    n: Counter[str] = field(default_factory=Counter)
    flagged: Counter[str] = field(default_factory=Counter)
    named: Counter[str] = field(default_factory=Counter)
    ranked: Counter[str] = field(default_factory=Counter)
    bare_named: Counter[str] = field(default_factory=Counter)  # no alternate
    wrong_names: Counter[str] = field(default_factory=Counter)  # other kinds named on broken
    # Clean pages, by the alternate's engine and dpi ("rapidocr 150"); "all" sums them.
    clean_reviews: Counter[str] = field(default_factory=Counter)
    clean_chars: Counter[str] = field(default_factory=Counter)
    clean_noise: Counter[str] = field(default_factory=Counter)
    clean_crit: Counter[str] = field(default_factory=Counter)
    clean_diagnosed: Counter[str] = field(default_factory=Counter)
    bare_clean_diagnosed: Counter[str] = field(default_factory=Counter)
    review_s: float = 0.0
    diagnose_s: float = 0.0
    cost_cases: list[parent_cost.Case] = field(default_factory=list)  # RapidOCR 150 alternates
    missed: list[str] = field(default_factory=list)
    false_alarms: list[str] = field(default_factory=list)  # diagnoses on clean pages


def _touches(start: int, end: int, f: Failure) -> bool:
    return start <= f.end + 2 and end >= f.start - 2


def _review(index: int, text: str, alt: AltText | None, lines: ScanLines | None) -> PageReview:
    return review_page(index, text, alt, scan_lines=lines, settings=default_settings())


def _covered(review: PageReview, kinds: frozenset[FlagKind]) -> int:
    return len(
        {
            i
            for f in review.flags
            if f.kind in kinds
            for i in range(f.start, max(f.end, f.start + 1))
        }
    )


def clean_pages(tally: Tally, pages: list[DamagedPage], lines: dict[str, ScanLines | None]) -> None:
    tables = default_settings().compare.tables
    for dpi in DPIS:
        for engine in ENGINES:
            got = readings(pages, engine, dpi, read_missing=READ_MISSING)
            for i, page in enumerate(pages):
                alt = got.get(page.id)
                if alt is None:
                    continue
                text, scan = page.page.text, lines[page.id]
                t0 = time.perf_counter()
                review = _review(i, text, alt, scan)
                t1 = time.perf_counter()
                diagnose(text, replace(review, diagnoses=()), scan_lines=scan, tables=tables)
                t2 = time.perf_counter()
                scale = 1500 / max(1, len(text))
                tally.review_s += (t1 - t0) * scale
                tally.diagnose_s += (t2 - t1) * scale
                for key in (f"{engine} {dpi}", "all"):
                    tally.clean_reviews[key] += 1
                    tally.clean_chars[key] += len(text)
                    tally.clean_noise[key] += _covered(review, FLAGGED)
                    tally.clean_crit[key] += _covered(review, frozenset({FlagKind.CRITICAL}))
                tally.clean_diagnosed.update(d.kind.value for d in review.diagnoses)
                tally.false_alarms += [
                    f"- {d.kind.value} on clean {page.id} (alternate {engine} {dpi}): {d.detail}"
                    for d in review.diagnoses
                ]
                if (engine, dpi) == ("rapidocr", 150):
                    tally.cost_cases.append((text, alt, scan))
    for i, page in enumerate(pages):
        bare = _review(i, page.page.text, None, lines[page.id])
        tally.bare_clean_diagnosed.update(d.kind.value for d in bare.diagnoses)


def failures(
    tally: Tally,
    pages: list[DamagedPage],
    alts: dict[str, AltText],
    lines: dict[str, ScanLines | None],
    seed: int,
) -> None:
    tables = default_settings().compare.tables
    clean = {
        i: page_risk(_review(i, p.page.text, alts.get(p.id), lines[p.id]), p.page.text, tables)
        for i, p in enumerate(pages)
    }
    k = max(1, round(BROKEN_SHARE * len(pages)))
    for run in range(RUNS):
        rng = random.Random(f"failures-{seed}-{run}")
        broken: dict[int, Failure] = {}
        for j in range(k):
            kind = KINDS[(run * k + j) % len(KINDS)]
            for i in rng.sample(range(len(pages)), len(pages)):
                made = None if i in broken else break_page(pages[i].page, kind, rng)
                if made is not None:
                    broken[i] = made
                    break
        risks = dict(clean)
        for i, f in broken.items():
            page = pages[i]
            review = _review(i, f.text, alts.get(page.id), lines[page.id])
            risks[i] = page_risk(review, f.text, tables)
            named = any(d.kind.value == f.kind for d in review.diagnoses)
            spans = [(x.start, x.end) for x in review.flags if x.kind in FLAGGED]
            spans += [(d.start, d.end) for d in review.diagnoses]
            flagged = any(_touches(a, b, f) for a, b in spans)
            tally.n[f.kind] += 1
            tally.flagged[f.kind] += flagged
            tally.named[f.kind] += named
            tally.wrong_names.update(d.kind.value for d in review.diagnoses if d.kind != f.kind)
            if f.kind in WITHOUT_ALTERNATE:
                bare = _review(i, f.text, None, lines[page.id])
                tally.bare_named[f.kind] += any(d.kind.value == f.kind for d in bare.diagnoses)
            if not named:
                tally.missed.append(f"- {f.kind} ({page.id}, run {run}): flagged {flagged}")
        top = {r.page for r in by_risk(risks.values())[: len(broken)]}
        for i, f in broken.items():
            tally.ranked[f.kind] += i in top


def _pct(a: int, b: int) -> str:
    return f"{a / b:.0%}" if b else "–"


def table(t: Tally) -> str:
    lines = [
        "| failure | broken | flagged | named | among the riskiest k | named, no alternate |",
        "|---|---|---|---|---|---|",
    ]
    for kind in [*KINDS, "all"]:
        keys = KINDS if kind == "all" else (kind,)
        n = sum(t.n[x] for x in keys)
        bare_keys = [x for x in keys if x in WITHOUT_ALTERNATE]
        bare = _pct(sum(t.bare_named[x] for x in bare_keys), sum(t.n[x] for x in bare_keys))
        lines.append(
            f"| {kind} | {n} | {_pct(sum(t.flagged[x] for x in keys), n)} | "
            f"{_pct(sum(t.named[x] for x in keys), n)} | "
            f"{_pct(sum(t.ranked[x] for x in keys), n)} | {bare if bare_keys else '–'} |"
        )
    lines += [
        "",
        f"Other kinds named on broken pages: {dict(t.wrong_names) or 'none'}.",
        f"Clean pages: diagnoses {dict(t.clean_diagnosed) or 'none'}; with no alternate "
        f"{dict(t.bare_clean_diagnosed) or 'none'}.",
        "",
        "| clean pages, alternate | reviews | characters | flagged | critical |",
        "|---|---|---|---|---|",
    ]
    for key in sorted(t.clean_reviews):
        chars = max(1, t.clean_chars[key])
        lines.append(
            f"| {key} | {t.clean_reviews[key]} | {t.clean_chars[key]} | "
            f"{t.clean_noise[key] / chars:.2%} | {t.clean_crit[key] / chars:.2%} |"
        )
    return "\n".join(lines) + "\n"


def rows(label: str, t: Tally) -> list[Row]:
    n = sum(t.n.values())
    bare_n = sum(t.n[x] for x in WITHOUT_ALTERNATE)

    def share(c: Counter[str], total: int, keys: tuple[str, ...] = KINDS) -> float:
        return round(100 * sum(c[x] for x in keys) / max(1, total), 1)

    reviews = max(1, t.clean_reviews["all"])
    out = [
        Row(f"whole-page failures, {label}: {n} broken pages in {RUNS} runs", None, None),
        Row("  flagged (a flag or diagnosis touches it)", share(t.flagged, n), None, "%", "100%"),
        Row("  named with the right kind", share(t.named, n), None, "%", "≥ 95%"),
        Row("  among the riskiest k", share(t.ranked, n), None, "%", "≥ 95%"),
        Row(
            "  named with no alternate (4 kinds)",
            share(t.bare_named, bare_n, WITHOUT_ALTERNATE),
            None,
            "%",
            "≥ 90%",
        ),
    ]
    for kind in KINDS:
        if t.n[kind]:
            counts = f"{t.named[kind]}/{t.n[kind]} named, {t.ranked[kind]} in top k"
            out.append(
                Row(
                    f"    {kind} ({counts}): flagged",
                    share(t.flagged, t.n[kind], (kind,)),
                    None,
                    "%",
                )
            )
    diagnosed = sum(t.clean_diagnosed.values())
    for key in ("rapidocr 150", "all"):
        chars = max(1, t.clean_chars[key])
        out += [
            Row(
                f"  clean pages, alternate {key} ({t.clean_reviews[key]} reviews): flags",
                round(100 * t.clean_noise[key] / chars, 2),
                None,
                "%",
                "≤ 2%",
            ),
            Row(
                "    critical flags", round(100 * t.clean_crit[key] / chars, 2), None, "%", "≤ 0.5%"
            ),
        ]
    out += [
        Row("  clean pages: diagnoses (all false)", diagnosed, None, "", "0"),
        Row(
            "  new checks (diagnose) per 1,500 chars",
            1000 * t.diagnose_s / reviews,
            1000 * (t.review_s - t.diagnose_s) / reviews,
            "ms",
            "≤ 0.30×",
            "review_page without them",
        ),
    ]
    return out + cost_rows(t.cost_cases)


def cost_rows(cases: list[parent_cost.Case]) -> list[Row]:
    """The whole review here against the parent tree's (``REVIEW_PARENT``), same pages."""
    timed = parent_cost.paired(cases) if cases else None
    if timed is None:
        return []
    here, then = timed  # each case's best of ROUNDS, the trees asked in turn
    name = f"parent tree {parent_cost.PARENT}"
    return [
        Row(
            f"  review_page per 1,500 chars ({len(cases)} clean pages, RapidOCR 150 alternate)",
            parent_cost.per_1500(here, cases),
            parent_cost.per_1500(then, cases),
            "ms",
            "≤ 1.30×",
            name,
        )
    ]


def evaluate(seed: int, n: int) -> Tally:
    pages = [damaged(p) for p in generate(seed, n)]
    alts = readings(pages, "rapidocr", 150, read_missing=READ_MISSING)
    pages = [p for p in pages if p.id in alts]  # the alternate is a real reading of each page
    lines = {p.id: scan_lines(p) for p in pages}
    tally = Tally()
    failures(tally, pages, alts, lines, seed)
    clean_pages(tally, pages, lines)
    return tally


def run(docs: Docs | None) -> list[Row]:
    del docs  # the corpus is generated
    out: list[Row] = []
    report = []
    for label, (seed, n) in (("tuning seeds", TUNING), ("held-out seeds", HELD_OUT)):
        tally = evaluate(seed, n)
        text = table(tally)
        print(f"[failures] {label} (seed {seed}, {n} pages)\n{text}", file=sys.stderr)
        report.append(f"## {label}: seed {seed}, {n} pages\n\n{text}\n### not named\n\n")
        report.append("\n".join(tally.missed) + "\n\n### diagnoses on clean pages\n\n")
        report.append("\n".join(tally.false_alarms) + "\n\n")
        out += rows(f"{label} (seed {seed}, {n} pages)", tally)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "failures.md").write_text("".join(report), "utf-8")
    return out
