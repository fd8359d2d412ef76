"""Does an imported transcript file fit the document it was imported into?

A transcript file from another document imports without complaint: its page
numbers are in range and its text is text. Two plain signs give it away, and
``import_warnings`` names them so the reviewer hears at once rather than after
73 critical flags: the file covers fewer pages than the document has, or its
text hardly agrees with another reading of the same pages (the PDF's own text
layer where there is one, else a stored alternate reading such as RapidOCR's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from backend.i18n import _
from backend.models import VersionKind

if TYPE_CHECKING:
    from backend.documents.pdf import PdfDocument
    from backend.store.interface import PageStore

# A page of the right document agrees 80-99% with another engine's reading; one of
# another document 0-10% (shared characters such as 之, 第, 條). Between: warn.
LOW_AGREEMENT = 0.3
MIN_REFERENCE_CHARS = 20  # a reference shorter than this says little
# A text layer far shorter than the transcript is not a reading of the page but a
# stamp on its scan (an e-filing footer, a watermark): it cannot tell a misfit.
MIN_REFERENCE_SHARE = 0.3
MAX_PAGES_CHECKED = 50  # enough to tell; a 2,000-page import must not wait for all
_SPACE = re.compile(r"\s+")


def import_warnings(
    pdf: PdfDocument, store: PageStore, imported: Sequence[tuple[int, str]]
) -> list[str]:
    """What does not fit of the (page, text) pairs imported, in words for the reviewer
    (empty: nothing seen)."""
    pages = [page for page, _text in imported]
    texts = dict(imported)
    warnings = []
    total = pdf.page_count
    # Pages imported again into a transcribed review are a correct import: only pages
    # the file leaves with no transcript at all say it may be another document's.
    covered = set(pages)
    if 0 < len(pages) < total and any(
        page not in covered and not store.working_text(page).strip() for page in range(total)
    ):
        warnings.append(
            _(
                "The file has transcripts for {count} of this document's {total} pages: "
                "check that it belongs to this document."
            ).format(count=len(pages), total=total)
        )
    checked = [
        (p, r)
        for p in pages[:MAX_PAGES_CHECKED]
        if (r := _reference(pdf, store, p, len(_plain(texts[p]))))
    ]
    # One page compared of many is too little to call a file another document's.
    if checked and len(checked) >= min(2, len(pages)):
        scores = [_agreement(_plain(r), _plain(texts[p])) for p, r in checked]
        mean = sum(scores) / len(scores)
        if mean < LOW_AGREEMENT:
            warnings.append(
                _(
                    "The imported text agrees only {percent}% with another reading of the "
                    "same pages ({count} page(s) compared): it may be the transcript of "
                    "another document."
                ).format(percent=round(mean * 100), count=len(checked))
            )
    return warnings


def _reference(pdf: PdfDocument, store: PageStore, page: int, imported_chars: int) -> str:
    """Another reading of ``page``: its text layer, else its newest alternate ("" if none);
    one too short beside the ``imported_chars`` of the transcript does not count."""
    wanted = max(MIN_REFERENCE_CHARS, int(MIN_REFERENCE_SHARE * imported_chars))
    from backend.engines.offline.textlayer import read_text_layer
    from backend.errors import ProofDeskError

    try:
        text = read_text_layer(pdf, page).text
    except ProofDeskError:  # damaged content there: try the alternates
        text = ""
    if len(_plain(text)) >= wanted:
        return text
    for version in reversed(store.versions(page)):
        if version.kind is VersionKind.ALTERNATE and len(_plain(version.text)) >= wanted:
            return version.text
    return ""


def _agreement(reference: str, text: str) -> float:
    """Share of the shorter text found in the other, in order: a stamp or a footer the
    transcript holds agrees fully; another document's text hardly at all."""
    from backend.review.diffing import Op, char_diff

    shorter = min(len(reference), len(text))
    if shorter == 0:
        return 1.0 if reference == text else 0.0
    equal = sum(len(part.text) for part in char_diff(reference, text) if part.op is Op.EQUAL)
    return equal / shorter


def _plain(text: str) -> str:
    return _SPACE.sub("", text)
