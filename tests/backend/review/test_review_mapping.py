"""A click in one text maps to the same place in the other (``PageReview.equal_blocks``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.documents.pdf import open_pdf
from backend.engines.offline.textlayer import read_text_layer
from backend.models import AltText
from backend.review.alignment import diff
from backend.review.page_aids import review_page
from backend.review.textnorm import CompareOptions, normalise
from tests.backend.review.tables import SETTINGS, TABLES
from tests.conftest import DATA
from tests.properties import examples

PIECES = [
    *"第一條為爲規範法院之得應不被告內内○〇，,。.：:（）() \n\u3000|-#*",
    "【模糊】",
    "| --- |",
]
texts = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@examples(150)
@given(texts, texts)
def test_every_mapped_character_is_the_same_after_folding(t: str, a: str) -> None:
    review = review_page(0, t, AltText(a, "import"), settings=SETTINGS)
    table_t, table_a = TABLES.fold_table(True, True), TABLES.fold_table(True, True, alternate=True)
    for ts, as_, n in review.equal_blocks:
        for k in range(n):
            assert t[ts + k].translate(table_t) == a[as_ + k].translate(table_a)
            assert review.to_alternate(ts + k) == as_ + k
            assert review.to_transcript(as_ + k) == ts + k


@pytest.fixture(scope="module")
def sample() -> list[tuple[str, AltText]]:
    """The VLM-style transcripts against the digital PDF's text layer."""
    lines = (DATA / "legal-sample.vlm-style.jsonl").read_text("utf-8").splitlines()
    texts = {(item := json.loads(line))["page"] - 1: item["text"] for line in lines if line}
    doc = open_pdf(DATA / "legal-sample.digital.pdf")
    try:
        return [(texts[p], read_text_layer(doc, p)) for p in sorted(texts)]
    finally:
        doc.close()


def test_the_sample_pages_map_the_characters_both_texts_share(
    sample: list[tuple[str, AltText]],
) -> None:
    """Shared: the characters the plain diff of the normalised texts keeps."""
    options = CompareOptions(tables=TABLES)
    for page, (transcript, alternate) in enumerate(sample):
        review = review_page(page, transcript, alternate, settings=SETTINGS)
        tn = normalise(transcript, options)
        an = normalise(alternate.text, options, alternate=True)
        pairs, ti, ai = [], 0, 0
        for op, text in diff(tn.text, an.text):
            if op == "=":
                pairs += [(tn.to_source[ti + k], an.to_source[ai + k]) for k in range(len(text))]
            ti, ai = ti + (op != "+") * len(text), ai + (op != "-") * len(text)
        right = sum(review.to_alternate(t) == a for t, a in pairs)
        assert right >= 0.9 * len(pairs), f"page {page + 1}: {right}/{len(pairs)}"
