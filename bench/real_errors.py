"""Real engines' errors on damaged pages, and what the review flags of them (issue 22, point 4).

``python -m bench --only real_errors``. Pages of the generated corpus with a
scanner's damage on top (``corpus.damage``) are read by RapidOCR and Tesseract
``chi_tra`` through the product's offline engines at 150 and 100 dpi
(``corpus.engine_reads``, cached). Each reading is the transcript once, with the
other engine's reading at the same resolution as the alternate, and is reviewed
as the session does (``review_page``). Its real errors come from aligning it with
the page's truth (``corpus.truth_align``: classes and the critical rule are
there). Per class:

* recall: a difference or critical flag, or a diagnosis, touches the error (an
  omission: one at its place, or a flag whose alternate text holds most of what is
  missing); the scan's detected lines are given when the detector is installed;
* critical recall: a critical flag touches a legal-critical error;
* wrong characters under a flag: the error's characters in the reading covered
  by a flag (an omission counts its missing characters when a flag touches it);
* false positives: characters under flags that touch no error, of all characters.

An ``order`` error is counted as its two halves (the stretch missing at its place,
and the same stretch read elsewhere). Two seed sets: ``REAL_TUNING`` (looked at
while building detectors) and ``REAL_HELD_OUT`` (never tuned on; its figures go
in the README), each ``SEED:PAGES``; ``REAL_READ=0`` uses only cached readings.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from backend.models import AltText, ScanLines
from backend.review.page_aids import review_page
from backend.review.values import Diagnosis, Flag, FlagKind
from backend.session.review_tables import default_settings
from bench.corpus.damage import DamagedPage, damaged
from bench.corpus.engine_reads import DPIS, readings
from bench.corpus.pages import generate
from bench.corpus.scan_cache import scan_lines
from bench.corpus.truth_align import CLASSES, RealError, align, content
from bench.make_doc import OUT, Docs
from bench.table import Row

FLAGGED = frozenset({FlagKind.DIFF, FlagKind.CRITICAL})
PAIRS = (("rapidocr", "tesseract"), ("tesseract", "rapidocr"))  # (transcript, alternate)


def seed_set(name: str, default: str) -> tuple[int, int]:
    seed, pages = os.environ.get(name, default).split(":")
    return int(seed), int(pages)


TUNING = seed_set("REAL_TUNING", "202:24")
HELD_OUT = seed_set("REAL_HELD_OUT", "303:24")
# REAL_READ=0: only the readings already cached (a page lacking one is left out).
READ_MISSING = os.environ.get("REAL_READ", "1") != "0"


@dataclass
class Tally:
    n: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    crit_n: Counter[str] = field(default_factory=Counter)
    crit_caught: Counter[str] = field(default_factory=Counter)
    wrong: Counter[str] = field(default_factory=Counter)
    wrong_flagged: Counter[str] = field(default_factory=Counter)
    chars: int = 0
    noise: int = 0
    noise_crit: int = 0
    readings: int = 0
    diagnoses: Counter[str] = field(default_factory=Counter)
    missed: list[str] = field(default_factory=list)


def touches(f: Flag, e: RealError) -> bool:
    if f.start <= e.end + 1 and f.end >= e.start - 1:
        return True
    if e.start == e.end and e.truth:  # the alternate's text of the flag holds what is missing
        missing = [c for c in e.truth if content(c)]
        seen = unicodedata.normalize("NFKC", f.replacement or "")
        return bool(missing) and sum(c in seen for c in missing) >= 0.5 * len(missing)
    return False


def _as_flag(d: Diagnosis) -> Flag:
    return Flag(d.start, d.end, FlagKind.DIFF, d.detail)


def _covered(flags: list[Flag]) -> set[int]:
    return {i for f in flags for i in range(f.start, max(f.end, f.start + 1))}


def score(
    tally: Tally,
    truth: str,
    transcript: str,
    alternate: AltText,
    page_id: str,
    lines: ScanLines | None = None,
) -> None:
    review = review_page(0, transcript, alternate, scan_lines=lines, settings=default_settings())
    flags = [f for f in review.flags if f.kind in FLAGGED]
    # A diagnosis (a dropped block, lines out of order) points at an error as a flag does.
    pointers = [*flags, *(_as_flag(d) for d in review.diagnoses)]
    crit = [f for f in flags if f.kind is FlagKind.CRITICAL]
    errors = align(truth, transcript)
    under = _covered(flags)
    tally.readings += 1
    tally.chars += len(transcript)
    tally.diagnoses.update(d.kind.value for d in review.diagnoses)
    stray = [f for f in flags if not any(touches(f, e) for e in errors)]
    tally.noise += len(_covered(stray))
    tally.noise_crit += len(_covered([f for f in stray if f.kind is FlagKind.CRITICAL]))
    for e in errors:
        hit = any(touches(f, e) for f in pointers)
        tally.n[e.cls] += 1
        tally.caught[e.cls] += hit
        if e.end > e.start:
            wrong = [i for i in range(e.start, e.end) if not transcript[i].isspace()]
            tally.wrong[e.cls] += len(wrong)
            tally.wrong_flagged[e.cls] += sum(i in under for i in wrong)
        else:
            missing = sum(content(c) for c in e.truth) or len(e.truth)
            tally.wrong[e.cls] += missing
            tally.wrong_flagged[e.cls] += missing if hit else 0
        crit_hit = True
        if e.critical:
            crit_hit = any(touches(f, e) for f in crit)
            tally.crit_n[e.cls] += 1
            tally.crit_caught[e.cls] += crit_hit
        if not hit or not crit_hit:
            what = "missed" if not hit else "not critical"
            tally.missed.append(
                f"- {e.cls} ({page_id}, {what}{', critical' if e.critical else ''}): "
                f"{e.truth[:40]!r} → {e.read[:40]!r}"
            )


def evaluate(pages: list[DamagedPage], *, read_missing: bool = READ_MISSING) -> Tally:
    tally = Tally()
    lines = {p.id: scan_lines(p) for p in pages}
    for dpi in DPIS:
        got = {
            engine: readings(pages, engine, dpi, read_missing=read_missing, progress=_say(engine))
            for engine in ("rapidocr", "tesseract")
        }
        for page in pages:
            for t_engine, a_engine in PAIRS:
                transcript, alternate = got[t_engine].get(page.id), got[a_engine].get(page.id)
                if transcript is not None and alternate is not None:
                    page_id = f"{page.id} {t_engine}/{a_engine} {dpi}"
                    text = page.page.text
                    score(tally, text, transcript.text, alternate, page_id, lines[page.id])
    return tally


def _say(engine: str):  # type: ignore[no-untyped-def]
    def say(done: int, total: int) -> None:
        print(f"[real_errors] {engine}: read {done}/{total}", file=sys.stderr, flush=True)

    return say


def _pct(a: int, b: int) -> str:
    return f"{a / b:.1%}" if b else "–"


def table(tally: Tally) -> str:
    lines = [
        "| class | errors | recall | critical | critical recall | wrong chars under a flag |",
        "|---|---|---|---|---|---|",
    ]
    for cls in [*CLASSES, "all"]:
        keys = CLASSES if cls == "all" else (cls,)
        n, caught = sum(tally.n[k] for k in keys), sum(tally.caught[k] for k in keys)
        cn, cc = sum(tally.crit_n[k] for k in keys), sum(tally.crit_caught[k] for k in keys)
        w, wf = sum(tally.wrong[k] for k in keys), sum(tally.wrong_flagged[k] for k in keys)
        lines.append(f"| {cls} | {n} | {_pct(caught, n)} | {cn} | {_pct(cc, cn)} | {_pct(wf, w)} |")
    lines.append("")
    lines.append(
        f"{tally.readings} readings, {tally.chars} characters: flags touching no error "
        f"{_pct(tally.noise, tally.chars)}, critical {_pct(tally.noise_crit, tally.chars)}; "
        f"diagnoses on the readings: {dict(tally.diagnoses) or 'none'}"
    )
    return "\n".join(lines) + "\n"


def rows(label: str, tally: Tally) -> list[Row]:
    n, caught = sum(tally.n.values()), sum(tally.caught.values())
    cn, cc = sum(tally.crit_n.values()), sum(tally.crit_caught.values())
    w, wf = sum(tally.wrong.values()), sum(tally.wrong_flagged.values())
    chars = max(1, tally.chars)
    out = [
        Row(f"real engine errors, {label}: {tally.readings} readings, {n} errors", None, None),
        Row(
            "  recall (a flag touches the error)",
            round(100 * caught / max(1, n), 1),
            None,
            "%",
            "≥ 97%",
        ),
        Row(
            f"  critical recall ({cn} legal-critical)",
            round(100 * cc / max(1, cn), 1),
            None,
            "%",
            "≥ 97%",
        ),
        Row("  wrong characters under a flag", round(100 * wf / max(1, w), 1), None, "%", "≥ 90%"),
        Row("  flags touching no error", round(100 * tally.noise / chars, 2), None, "%"),
        Row(
            "  critical flags touching no error",
            round(100 * tally.noise_crit / chars, 2),
            None,
            "%",
        ),
    ]
    for cls in CLASSES:
        if tally.n[cls]:
            recall = round(100 * tally.caught[cls] / tally.n[cls], 1)
            crit = f", critical {tally.crit_caught[cls]}/{tally.crit_n[cls]}"
            note = f"{tally.n[cls]} errors{crit if tally.crit_n[cls] else ''}"
            out.append(Row(f"    {cls} ({note}): recall", recall, None, "%"))
    return out


def run(docs: Docs | None) -> list[Row]:
    del docs  # the corpus is generated
    out: list[Row] = []
    report = []
    for label, (seed, n) in (("tuning seeds", TUNING), ("held-out seeds", HELD_OUT)):
        pages = [damaged(p) for p in generate(seed, n)]
        tally = evaluate(pages)
        text = table(tally)
        print(f"[real_errors] {label} (seed {seed}, {n} pages)\n{text}", file=sys.stderr)
        report.append(f"## {label}: seed {seed}, {n} pages\n\n{text}\n")
        if (seed, n) != HELD_OUT:  # held-out seeds give totals only: nobody tunes on them
            report.append("### missed\n\n" + "\n".join(sorted(tally.missed)[:300]) + "\n\n")
        out += rows(f"{label} (seed {seed}, {n} pages)", tally)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "real_errors.md").write_text("".join(report), "utf-8")
    return out
