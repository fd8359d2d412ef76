"""Whole-page failure: script drift, Simplified characters in a Traditional document.

A model trained mostly on Simplified Chinese slides into it mid-page: a paragraph
comes out as 被告应给付原告新台币, not 被告應給付原告新臺幣. A quarter or so of
the characters of legal prose differ between the scripts, so a drifted paragraph
is dense with characters only Simplified writes (``ReviewTables.simplified_only``:
none of them is also correct Traditional, so a correct page holds none). The
drift is named where they cluster: ``MIN_COUNT`` or more, each within ``GAP``
characters of the last. One stray character (a name, an engine's slip) or a few
far apart do not fire.

A page that is Simplified throughout is named too, as one stretch: ProofDesk reads
Traditional documents, and a whole page in Simplified is far more often the model
writing its own script than a Mainland exhibit; the reviewer settles it at a
glance. With an independent alternate reading that has the same Simplified
characters there (at least half as many), the scan itself is Simplified and
nothing is named."""

from __future__ import annotations

from backend.i18n import _
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.shared import has_alternate, holds_any, to_alternate

MIN_COUNT = 4  # Simplified-only characters in one stretch
GAP = 40  # characters between two of them in the same stretch
SAMPLE = 8  # distinct characters shown in the detail


def find(evidence: PageEvidence) -> list[Diagnosis]:
    simplified = evidence.tables.simplified_only()
    text = evidence.transcript
    # Most pages hold none: one search says so, without a loop over every character
    # (a tenth of a millisecond a page).
    at = [i for i, c in enumerate(text) if c in simplified] if holds_any(text, simplified) else []
    found = []
    for stretch in _clusters(at):
        if len(stretch) < MIN_COUNT:
            continue
        start, end = stretch[0], stretch[-1] + 1
        if has_alternate(evidence) and _read_alike(evidence, start, end, len(stretch), simplified):
            continue
        sample = "".join(dict.fromkeys(text[i] for i in stretch))
        sample = sample if len(sample) <= SAMPLE else sample[:SAMPLE] + "…"
        detail = _(
            "{n} Simplified characters in {chars} characters ({sample}): "
            "the text may have drifted into Simplified Chinese"
        ).format(n=len(stretch), chars=end - start, sample=sample)
        found.append(Diagnosis(DiagnosisKind.SCRIPT_DRIFT, start, end, detail))
    return found


def _clusters(at: list[int]) -> list[list[int]]:
    clusters: list[list[int]] = []
    for i in at:
        if clusters and i - clusters[-1][-1] <= GAP:
            clusters[-1].append(i)
        else:
            clusters.append([i])
    return clusters


def _read_alike(
    evidence: PageEvidence, start: int, end: int, count: int, simplified: frozenset[str]
) -> bool:
    """The alternate has Simplified characters there too: the scan is in Simplified.
    Where the alignment cannot place the stretch (another reading order), its whole
    text is looked at."""
    assert evidence.alternate is not None
    alt = evidence.alternate.text
    lo, hi = to_alternate(evidence.equal_blocks, start), to_alternate(evidence.equal_blocks, end)
    there = alt[lo:hi] if lo is not None and hi is not None and hi > lo else alt
    return 2 * sum(c in simplified for c in there) >= count
