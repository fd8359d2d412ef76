"""Character diff of a page against an alternate reading: fast-diff-match-patch vs pure Python.

Pages of ~1,500 and ~4,000 characters are built from lines of the sample's true
transcripts (as in the search benchmark); the "alternate" is the same page with
~3% of its characters edited (substituted, dropped or added, seeded) and its
full-width commas and colons read half-width, as an OCR engine would. Figures:

* fast-diff-match-patch on the raw texts: the diff itself, against the same
  algorithm in pure Python (the goal: ≥ 10× faster);
* the review diff the GUI runs on every page (normalise both, diff, categorise
  the differences, ``compare_texts(folded=False)``);
* the full classification ``proofdesk eval`` runs (also reports, character by
  character, the differences normalisation hid);
* baseline: the pure-Python ``diff-match-patch`` (``diff_main`` + semantic
  cleanup, the same algorithm) with ``Diff_Timeout = 0``: its default 1 s
  timeout would otherwise cut the unrelated pair short and return a useless
  "replace everything" diff, which is not the same work.

Also two unrelated 4,000-character pages (nothing in common: the worst case).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import fast_diff_match_patch
from diff_match_patch import diff_match_patch

from backend.review import compare
from backend.review.compare import CompareOptions, compare_texts
from backend.session.review_tables import default_options
from bench.make_doc import Docs
from bench.search import page_texts
from bench.table import Row, median_ms

PAIRS = 5  # pages per size (each a different seeded mix of lines)
REPEATS = 5  # every function this many times on every pair, in turn with the others
EDIT_RATE = 0.03
FILLER = "之不得應於其與有為人法院判決被告原"
HALF = str.maketrans({"，": ",", "：": ":", "；": ";"})


def sized_page(n: int, chars: int) -> str:
    lines = "\n".join(page_texts(n + 1 + chars // 1500)[n:])  # enough lines past page n
    return lines[:chars]


def perturbed(text: str, seed: int) -> str:
    """``text`` with ~3% of characters substituted, dropped or added, punctuation half-width."""
    rng = random.Random(seed)
    out = []
    for ch in text.translate(HALF):
        roll = rng.random()
        if roll < EDIT_RATE / 3:
            out.append(rng.choice(FILLER))  # substituted
        elif roll < EDIT_RATE * 2 / 3:
            continue  # dropped
        elif roll < EDIT_RATE:
            out += [ch, rng.choice(FILLER)]  # something added
        else:
            out.append(ch)
    return "".join(out)


def pure_python(a: str, b: str) -> None:
    dmp = diff_match_patch()
    dmp.Diff_Timeout = 0  # never give up early: the same result as the C++ library
    diffs = dmp.diff_main(a, b)
    dmp.diff_cleanupSemantic(diffs)


def fast(a: str, b: str) -> None:
    fast_diff_match_patch.diff(a, b, counts_only=False, cleanup="Semantic")


def review(a: str, b: str) -> None:
    """What the GUI runs at every pause in typing: the diff its flags need (see
    review_aids). The alternate's normalisation is reused from the previous run on the
    same page, as in the GUI, where only the transcript changes between two runs."""
    compare_texts(a, b, _options(), folded=False)


def review_first(a: str, b: str) -> None:
    """The review diff on a page just opened: the alternate not normalised yet."""
    compare._normalise_cached.cache_clear()
    compare_texts(a, b, _options(), folded=False)


def full(a: str, b: str) -> None:
    """Every difference, what each fold hid too (eval)."""
    compare_texts(a, b, _options())


@lru_cache(maxsize=1)
def _options() -> CompareOptions:
    """The tables read once, as a session reads them."""
    return default_options()


def timed(fn: Callable[[str, str], object], pairs: list[tuple[str, str]], repeats: int) -> float:
    """Median milliseconds per call over every pair, ``repeats`` times each."""
    return interleaved({"": fn}, pairs, repeats)[""]


def interleaved(
    fns: dict[str, Callable[[Any, Any], object]], pairs: list[tuple[Any, Any]], repeats: int
) -> dict[str, float]:
    """Median milliseconds per call of each function, calls taken in turn (every
    function on a pair, then the next pair): on a shared machine a burst of load
    then slows all of them alike, so their ratios hold."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeats):
        for a, b in pairs:
            for name, fn in fns.items():
                t0 = time.perf_counter()
                fn(a, b)
                times[name].append(time.perf_counter() - t0)
    return {name: median_ms(t) for name, t in times.items()}


def run(docs: Docs) -> list[Row]:
    del docs  # text only: no PDF needed
    rows = []
    for chars in (1500, 4000):
        pairs = [(p, perturbed(p, n)) for n in range(PAIRS) for p in [sized_page(n, chars)]]
        fns: dict[str, Callable[[str, str], object]] = {
            "base": pure_python,
            "fast": fast,
            "first": review_first,  # before ``review``: it clears what ``review`` reuses
            "review": review,
            "full": full,
        }
        ms = interleaved(fns, pairs, REPEATS)
        base = ms["base"]
        goal = "≤ 0.1× (10× faster)"
        name = f"diff {chars:,}-char page vs ~3% edited reading ({PAIRS} pages)"
        rows.append(
            Row(
                f"{name}: fast-diff-match-patch",
                ms["fast"],
                base,
                goal=goal,
                baseline_name="diff-match-patch, pure Python",
            )
        )
        rows.append(Row("  … review diff (normalised, flags)", ms["review"], base, goal=goal))
        rows.append(Row("  … review diff on a page just opened", ms["first"], base))
        rows.append(Row("  … full classification (eval: what each fold hid)", ms["full"], base))
    a, b = sized_page(0, 4000), sized_page(20, 4000)  # other lines of the same kind of text
    unrelated = [(a, b)]
    base = timed(pure_python, unrelated, 1)
    rows.append(
        Row(
            "diff two unrelated 4,000-char pages: compare_texts",
            timed(full, unrelated, 3),
            base,
            goal="≤ 0.1×",
            baseline_name="diff-match-patch, pure Python",
        )
    )
    rows.append(
        Row("  … fast-diff-match-patch alone", timed(fast, unrelated, 3), base, goal="≤ 0.1×")
    )
    return rows + corpus_rows()


def corpus_rows() -> list[Row]:
    """The review diff on generated legal pages (not the sample) against their real
    RapidOCR readings, when ``python -m bench --only critical`` has cached them."""
    from bench.corpus.ocr_cache import cached_reading
    from bench.corpus.pages import generate
    from bench.critical import CORPUS_PAGES, CORPUS_SEED

    pages = generate(CORPUS_SEED, CORPUS_PAGES)
    pairs = [(p.text, r) for p in pages if (r := cached_reading(p)) is not None]
    if not pairs:
        return []  # readings not cached: nothing to measure against
    fns: dict[str, Callable[[Any, Any], object]] = {
        "base": lambda t, r: pure_python(t, r.text),
        "review": lambda t, r: compare_texts(t, r, _options(), folded=False),  # with its line boxes
    }
    ms = interleaved(fns, pairs, 3)
    median = sorted(len(t) for t, _ in pairs)[len(pairs) // 2]
    name = (
        f"review diff, {len(pairs)} generated pages (seed {CORPUS_SEED}, median {median} chars) "
        "vs their RapidOCR reading"
    )
    return [Row(name, ms["review"], ms["base"], baseline_name="diff-match-patch, pure Python")]
