"""Pages for the whole-page detectors' tests: true text, an engine-like alternate, a review.

``corpus_text(seed)`` is a generated page's truth (bench/corpus); ``legal_pages()`` the
sample's. ``noisy(text, rng)`` reads a text as an engine such as RapidOCR does: it
misreads some Han characters (5-15%) and drops a faint line now and then, so a clean
page is tested against the disagreement a real alternate brings. ``reviewed`` runs
the real review, diagnoses included."""

from __future__ import annotations

import json
import random

from backend.models import AltText, ScanLines
from backend.review.page_aids import review_page
from backend.review.values import Diagnosis, DiagnosisKind, PageReview
from bench.corpus.pages import make_page
from tests.backend.review.tables import SETTINGS
from tests.conftest import DATA

# Han characters an engine puts in place of another (any will do for the alignment).
_MISREAD = "口日曰目田由甲申未末土士己已巳人入八大太犬天夫王玉主"


def corpus_text(seed: int, index: int = 0) -> str:
    return make_page(seed, index).text


def legal_pages() -> list[str]:
    pages = json.loads((DATA / "legal-sample.truth.json").read_text(encoding="utf-8"))["pages"]
    return [p["text"] for p in pages]


def noisy(text: str, rng: random.Random, misread: float = 0.1, drop_line: float = 0.05) -> str:
    """``text`` as an engine reads it: Han characters misread at ``misread``, whole
    lines dropped at ``drop_line`` (faint ones), never the first."""
    lines = text.split("\n")
    kept = [ln for i, ln in enumerate(lines) if i == 0 or rng.random() >= drop_line]
    chars = [
        rng.choice(_MISREAD) if "\u4e00" <= c <= "\u9fff" and rng.random() < misread else c
        for c in "\n".join(kept)
    ]
    return "".join(chars)


def reviewed(
    transcript: str,
    alternate: str | None = None,
    scan_lines: ScanLines | None = None,
    same_reading: bool = False,
) -> PageReview:
    alt = None if alternate is None else AltText(text=alternate, engine="rapidocr")
    return review_page(
        0, transcript, alt, scan_lines=scan_lines, same_reading=same_reading, settings=SETTINGS
    )


def of_kind(review: PageReview, kind: DiagnosisKind) -> list[Diagnosis]:
    return [d for d in review.diagnoses if d.kind is kind]
