"""Seeded errors on the generated corpus, against RapidOCR's real readings: a table per error kind.

``python -m bench --only critical`` (``CORPUS_PAGES``, ``CORPUS_SEED`` to change
the corpus; readings are cached, the first run reads every page: ~5 s each).

Each page is reviewed as it is (the correct transcript: every flag is a false
positive) and ``VARIANTS`` times with ``ERRORS`` seeded errors. Per kind:

* recall: a flag (difference or critical) touches the error;
* critical recall: a ``critical`` flag does (legal-critical families only);
* false positives: characters covered by flags that touch no seeded error, as a
  share of all characters, on the clean and on the seeded pages; the same for
  critical flags (as the session shows them: a critical term and the difference
  it sits in are one item spanning both).
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from backend.models import AltText
from backend.review.misreadings import unread_lines
from backend.review.page_aids import review_page
from backend.review.values import Flag, FlagKind, PageReview
from backend.session.review_tables import default_settings
from bench.corpus import CorpusPage, ErrorSpan, SeededPage, generate, rapidocr_readings, seed_errors
from bench.make_doc import OUT, Docs
from bench.table import Row

CORPUS_SEED = int(os.environ.get("CORPUS_SEED", "13"))
CORPUS_PAGES = int(os.environ.get("CORPUS_PAGES", "220"))
VARIANTS = 3
ERRORS = 4
FLAGGED = frozenset({FlagKind.DIFF, FlagKind.CRITICAL})


@dataclass
class Tally:
    seeded: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    critical: Counter[str] = field(default_factory=Counter)  # seeded in a critical family
    caught_critical: Counter[str] = field(default_factory=Counter)
    unread: Counter[str] = field(
        default_factory=Counter
    )  # critical, missed, the alternate lacked it
    chars: Counter[str] = field(default_factory=Counter)  # "clean"/"seeded": all characters
    noise: Counter[str] = field(
        default_factory=Counter
    )  # "clean"/"seeded", "+crit": flagged for nothing
    missed: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, page id, context)


def touches(flag: Flag, error: ErrorSpan, text: str) -> bool:
    """A flag over the error or right next to it (an omission is anchored between characters).

    A dropped line has no span: where the text around it repeats, the diff may
    anchor the omission a few characters away, so a flag whose alternate text
    holds most of the dropped line counts too."""
    if flag.start <= error.end + 1 and flag.end >= error.start - 1:
        return True
    if _on_a_copy(flag, error, text):
        return True
    if error.removed:
        chars = [c for c in error.removed if not c.isspace() and c not in text]
        seen = flag.replacement or ""
        return bool(chars) and sum(c in seen for c in chars) >= 0.5 * len(chars)
    return False


def _on_a_copy(flag: Flag, error: ErrorSpan, text: str) -> bool:
    """An inserted text (a duplicated line) right next to an identical copy: the diff
    may mark either copy as the extra one, and both point the reviewer at the error."""
    inserted = error.seeded if not error.original else ""
    n = len(inserted)
    if not n:
        return False
    for lo in (error.start - n, error.end):
        if text[lo : lo + n] == inserted and flag.start <= lo + n and flag.end >= lo:
            return True
    return False


def noise_chars(flags: Iterable[Flag], errors: tuple[ErrorSpan, ...], text: str) -> int:
    covered: set[int] = set()
    for f in flags:
        if not any(touches(f, e, text) for e in errors):
            covered.update(range(f.start, max(f.end, f.start + 1)))
    return len(covered)


def _unread(review: PageReview, e: ErrorSpan, text: str, alternate: str) -> bool:
    """The error lies where the alternate read no line (or only unrelated characters)."""
    return any(
        h.start <= e.end and h.end >= e.start and unread_lines(h, text, alternate)
        for h in review.hunks
    )


def score(tally: Tally, seeded: SeededPage, review: PageReview) -> None:
    flags = [f for f in review.flags if f.kind in FLAGGED]
    crit = [f for f in flags if f.kind is FlagKind.CRITICAL]
    text = seeded.text
    alt_text = review.alternate.text if review.alternate is not None else ""
    side = "seeded" if seeded.errors else "clean"
    tally.chars[side] += len(text)
    tally.noise[side] += noise_chars(flags, seeded.errors, text)
    tally.noise[side + "+crit"] += noise_chars(crit, seeded.errors, text)
    # The part of it in text the alternate could not read (a line it lacks, garbage).
    unread = {(h.start, h.end) for h in review.hunks if unread_lines(h, text, alt_text)}
    blind = [f for f in flags if (f.start, f.end) in unread or "could not read" in f.detail]
    tally.noise[side + "+unread"] += noise_chars(blind, seeded.errors, text)
    for e in seeded.errors:
        tally.seeded[e.kind] += 1
        hit = any(touches(f, e, text) for f in flags)
        tally.caught[e.kind] += hit
        if e.critical:
            tally.critical[e.kind] += 1
            crit_hit = any(touches(f, e, text) for f in crit)
            tally.caught_critical[e.kind] += crit_hit
            hit = hit and crit_hit
        if not hit:
            context = text[max(0, e.start - 8) : e.end + 8].replace("\n", "⏎")
            lacked = e.critical and _unread(review, e, text, alt_text)
            tally.unread[e.kind] += lacked
            note = " (the alternate could not read it)" if lacked else ""
            said = f"{e.original!r}→{e.seeded!r} in {context}{note}"
            tally.missed.append((e.kind, seeded.page.id, said))


def evaluate(pages: list[CorpusPage], alternates: dict[str, AltText]) -> Tally:
    tally, settings = Tally(), default_settings()
    for page in pages:
        alt = alternates.get(page.id)
        if alt is None:
            continue
        score(
            tally,
            SeededPage(page, page.text, ()),
            review_page(0, page.text, alt, settings=settings),
        )
        for v in range(VARIANTS):
            seeded = seed_errors(page, random.Random(f"{page.id}-{v}"), ERRORS)
            score(tally, seeded, review_page(0, seeded.text, alt, settings=settings))
    return tally


def _pct(a: int, b: int) -> str:
    return f"{a / b:.1%}" if b else "–"


def table(tally: Tally) -> str:
    lines = [
        "| seeded error | seeded | recall | critical recall | critical misses in text "
        "the alternate could not read |",
        "|---|---|---|---|---|",
    ]
    for kind in sorted(tally.seeded):
        n, crit_n = tally.seeded[kind], tally.critical[kind]
        crit = (
            f"{tally.caught_critical[kind]}/{crit_n} ({_pct(tally.caught_critical[kind], crit_n)})"
        )
        lines.append(
            f"| {kind} | {n} | {tally.caught[kind]}/{n} ({_pct(tally.caught[kind], n)}) | "
            f"{crit if crit_n else '–'} | {tally.unread[kind] if crit_n else '–'} |"
        )
    total, crit_total = sum(tally.seeded.values()), sum(tally.critical.values())
    caught, crit_caught = sum(tally.caught.values()), sum(tally.caught_critical.values())
    unread = sum(tally.unread.values())
    read = _pct(crit_caught, crit_total - unread)
    lines.append(
        f"| **all** | {total} | **{_pct(caught, total)}** | **{_pct(crit_caught, crit_total)}** "
        f"({read} where the alternate read the text) | {unread} |"
    )
    lines += [
        "",
        "| characters flagged touching no seeded error | clean pages | seeded pages |",
        "|---|---|---|",
    ]
    labels = [("any flag", ""), ("critical flags", "+crit")]
    labels.append(("… of them in text the alternate could not read", "+unread"))
    for label, key in labels:
        cells = [_pct(tally.noise[s + key], tally.chars[s]) for s in ("clean", "seeded")]
        lines.append(f"| {label} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines) + "\n"


def run(docs: Docs | None) -> list[Row]:
    del docs  # the corpus is generated, not the sample's PDF
    pages = generate(CORPUS_SEED, CORPUS_PAGES)
    t0 = time.perf_counter()
    alternates = rapidocr_readings(
        pages, progress=lambda d, t: print(f"[critical] read {d}/{t}", file=sys.stderr)
    )
    read_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    tally = evaluate(pages, alternates)
    review_s = time.perf_counter() - t0
    text = table(tally)
    misses = "\n".join(f"- {k} ({p}): {c}" for k, p, c in sorted(tally.missed)[:400])
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "critical.md").write_text(f"{text}\n## missed\n\n{misses}\n", "utf-8")
    print(text, file=sys.stderr)
    n_alt = len(alternates)
    total, crit_total = sum(tally.seeded.values()), sum(tally.critical.values())
    rows = [
        Row(
            f"corpus: {n_alt} pages read by RapidOCR (cached), {total} seeded errors",
            read_s * 1000,
            None,
        ),
        Row("  … reviewing every clean and seeded page", review_s * 1000, None),
        Row(
            "  recall (a flag touches the error)",
            round(100 * sum(tally.caught.values()) / max(1, total), 2),
            None,
            "%",
            "≥ 99%",
        ),
        Row(
            f"  critical recall ({crit_total} legal-critical errors)",
            round(100 * sum(tally.caught_critical.values()) / max(1, crit_total), 2),
            None,
            "%",
            "≥ 98%",
        ),
        Row(
            "  … where the alternate read the text",
            round(
                100
                * sum(tally.caught_critical.values())
                / max(1, crit_total - sum(tally.unread.values())),
                2,
            ),
            None,
            "%",
        ),
    ]
    for side in ("clean", "seeded"):
        chars = max(1, tally.chars[side])
        rows.append(
            Row(
                f"  flags touching no error, {side} pages",
                round(100 * tally.noise[side] / chars, 2),
                None,
                "%",
                "≤ 2%",
            )
        )
        crit = round(100 * tally.noise[side + "+crit"] / chars, 2)
        rows.append(
            Row(f"  critical flags touching no error, {side} pages", crit, None, "%", "≤ 0.5%")
        )
    return rows
