"""A generated evaluation corpus of scanned-looking Traditional Chinese legal pages.

Statutes, civil and criminal judgments, rulings, indictments, contracts,
notices, settlement records, fee and evidence tables, built from templates with
randomised content (``sentences``, ``vocab``, ``documents``); dense pages of
700+ characters and two-column pages; Noto Serif CJK TC and Noto Sans CJK TC;
seals over text, blur, bleed-through, skew and noise (``render``). Nothing is
committed: pages follow from a seed, images are cached under bench/out/corpus.

Use::

    from bench.corpus import generate, seed_errors, rapidocr_readings

    pages = generate(seed=13, n_pages=200)       # list[CorpusPage], fast (no images yet)
    page = pages[0]
    page.text                                    # the correct transcript
    page.image_path, page.image                  # the rendered scan (JPEG), made on first use
    page.kind, page.face, page.columns, page.defects
    seeded = seed_errors(page, random.Random(1), count=4)
    seeded.text                                  # the transcript with the errors
    for e in seeded.errors:                      # ErrorSpan: kind, family, start, end, critical
        ...
    alts = rapidocr_readings(pages)              # {page.id: AltText}, real RapidOCR, cached on disk

``FINDERS`` names every error kind the seeder can place (pass a list of them as
``finders=`` to seed only those); ``CRITICAL_FAMILIES`` are the legal-critical ones.
"""

from __future__ import annotations

from bench.corpus.ocr_cache import rapidocr_readings
from bench.corpus.pages import CorpusPage, generate, make_page
from bench.corpus.seeder import FINDERS, ErrorSpan, SeededPage, seed_errors

CRITICAL_FAMILIES = ("deontic", "negation", "outcome", "party", "number", "mask")

__all__ = [
    "CRITICAL_FAMILIES",
    "FINDERS",
    "CorpusPage",
    "ErrorSpan",
    "SeededPage",
    "generate",
    "make_page",
    "rapidocr_readings",
    "seed_errors",
]
