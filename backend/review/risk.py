"""How likely a page still holds an error that matters: one score per page.

The reviewer with a 2,000-page file cannot read every page with the same care,
so the pages are put in the order most likely to hold a legal-critical error.
The signals, strongest first:

* critical disagreements with the alternate (a modal word, a number, a party);
* markers left where the model could not read the page;
* transcript lines the alternate has nothing for (the transcript may have
  guessed them: nothing checked them);
* tokens the model was unsure of (when the reading carries logprobs);
* how much the two readings disagree overall.

A disagreement says more where the two readings otherwise agree: a model's
error is a word changed inside a line both engines read alike, while an engine
that could not read a stamp or a blurred line disagrees with everything around
it. So each critical item and each short difference counts by how much the
readings agree in the few characters around it (``local_agreement``); a
critical flag inside a garbled stretch adds little, one in a clean line adds
its full weight; and every item counts by how far the alternate can be trusted
on the page at all (its agreement: an engine that misread a third of the page
misreads its critical terms too). Signs in the text itself say the alternate, not the
transcript, is wrong, and cut an item's weight to a fifth (``credibility``):
the alternate's side holds Simplified-only characters a Traditional legal text
never has; it is a whole line one side lacks (bleed-through or a stamp read
as text, a blurred line the engine could not read: counted as an unread line
instead) rather than a word; it differs only by a repeated character read once
(一一三 as 一三: CTC recognisers such as PP-OCR merge repeats they cannot
separate); or it only lacks a circle zero (一〇九 as 一九: a ring with no strokes
inside is what line recognisers drop).

A whole-page failure the review names (``diagnoses``: a loop, a page cut short, a
block missing, ...) is worse than any word misread: the page is wrong wherever the
disagreement is not, and an alternate that missed the same block agrees with it.
Each kind found adds ``W_FAILURE`` once (a loop found in three places is one loop),
whatever the alternate's agreement, and ``W_PAGE`` times the share of the page its
findings concern (``concern``: the text they span, or the text the page lacks), so
a diagnosed page sorts above the pages with a few critical items, and a page cut
off at half its length above a table row out of place. The pages with no diagnosis
keep their order and their scores.

A page with no alternate reading is scored as if half of it disagreed: nothing
has checked it, so it must not sort below pages that were checked and agree.
The weights are round numbers chosen so that one critical item in a clean line
outweighs any amount of ordinary disagreement; they are not fitted to any corpus.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from backend.i18n import _, list_join
from backend.review.charclass import CIRCLES
from backend.review.diagnosis_names import kinds_named
from backend.review.misreadings import lines_unread
from backend.review.percent import agreement_percent
from backend.review.tables import ReviewTables
from backend.review.values import (
    Diagnosis,
    DiagnosisKind,
    DiffCategory,
    Flag,
    FlagKind,
    Hunk,
    PageReview,
)

W_CRITICAL = 10.0  # per open legal-critical disagreement, in a line both read alike
W_SHORT_DIFF = 2.0  # per short difference (a word, not a line), in a line both read alike
SHORT = 4  # characters: a difference at most this long on both sides is "short"
RADIUS = 10  # characters either side of a flag that say whether the readings agree there
DOUBTFUL = 0.2  # the weight left to an item the text says is the alternate's misreading
W_MARKER = 4.0  # per marker left (the model said it could not read there)
W_UNREAD_LINE = 3.0  # per transcript line the alternate has nothing for
W_LOW_CONFIDENCE = 0.5  # per unsure span, at most LOW_CONFIDENCE_CAP of them
LOW_CONFIDENCE_CAP = 10
W_DISAGREEMENT = 10.0  # times the share of characters the readings disagree on
NO_ALTERNATE_DISAGREEMENT = 0.5  # what an unchecked page counts as
# A whole-page failure (a loop, text cut off or dropped, sentences invented, columns
# read across, cells shifted, a paragraph in Simplified) is worse than any word
# misread: the text is wrong wherever the disagreement is not, every critical term
# in it is hidden, and an alternate that missed the same block agrees with it. Each
# kind found adds W_FAILURE once: five critical items' worth, more than a page's
# whole disagreement (W_DISAGREEMENT) and the few critical items a clean page's
# alternate misreads; and W_PAGE times the share of the page its findings concern,
# so that a page half gone sorts above a row of cells out of place. W_PAGE is a
# page of legal text's worth of critical items (its dates, amounts, parties and
# articles: ten at least).
W_FAILURE = 50.0
W_PAGE = 100.0


@dataclass(frozen=True)
class PageRisk:
    """One page's risk and the signals it came from (for the CLI and tooltips)."""

    page: int  # 0-based
    score: float
    critical: int
    markers: int
    unread_lines: int
    low_confidence: int
    agreement: float | None  # None: no alternate reading
    same_reading: bool = False  # the alternate is the transcript's own reading: no check
    diagnoses: tuple[Diagnosis, ...] = ()  # whole-page failures named, by position

    def reasons(self) -> list[str]:
        """What raised the score, for a person (most important first)."""
        out = []
        if self.diagnoses:
            out.append(_("diagnosed: {kinds}").format(kinds=list_join(kinds_named(self.diagnoses))))
        if self.critical:
            out.append(_("{n} critical disagreement(s)").format(n=self.critical))
        if self.markers:
            out.append(_("{n} marker(s) left").format(n=self.markers))
        if self.unread_lines:
            out.append(_("{n} line(s) the alternate could not read").format(n=self.unread_lines))
        if self.low_confidence:
            out.append(_("{n} low-confidence span(s)").format(n=self.low_confidence))
        if self.same_reading:
            out.append(_("the alternate is the transcript's own reading: nothing compared"))
        elif self.agreement is None:
            out.append(_("no alternate reading"))
        elif self.agreement < 1.0:
            out.append(_("agreement {pct}").format(pct=agreement_percent(self.agreement)))
        return out

    def as_json(self) -> dict[str, object]:
        return {
            "page": self.page + 1,
            "risk": round(self.score, 2),
            "critical": self.critical,
            "markers": self.markers,
            "unread_lines": self.unread_lines,
            "low_confidence": self.low_confidence,
            "agreement": None if self.agreement is None else round(self.agreement, 4),
            "same_reading": self.same_reading,
            "diagnoses": [d.as_json() for d in self.diagnoses],
        }


def unread_line_count(hunks: Iterable[Hunk], transcript: str) -> int:
    """Transcript lines the alternate has nothing for, by the one rule that also keeps
    their critical terms from being compared (``misreadings.unread_lines``): whole
    lines. A word, a clause or most of a line dropped is an ordinary difference."""
    return sum(lines_unread(h, transcript) for h in hunks if h.category is DiffCategory.SUBSTANTIVE)


def local_agreement(review: PageReview, start: int, end: int, length: int) -> float:
    """Share of the transcript's characters within ``RADIUS`` of [start, end) (outside it)
    that the alternate reads alike: 1 in a clean line, near 0 in a garbled stretch."""
    lo, hi = max(0, start - RADIUS), min(length, end + RADIUS)
    around = (start - lo) + (hi - end)
    if around <= 0:
        return 1.0
    same = 0
    for t, _a, n in review.equal_blocks:
        for a, b in ((lo, start), (end, hi)):
            same += max(0, min(b, t + n) - max(a, t))
    return min(1.0, same / around)


def credibility(flag: Flag, transcript: str, simplified: frozenset[str]) -> float:
    """1, or ``DOUBTFUL`` when the text says the alternate's side is the misreading.

    ``simplified``: the characters only Simplified Chinese writes (``ReviewTables``)."""
    ours, theirs = transcript[flag.start : flag.end], flag.replacement or ""
    if any(c in simplified for c in theirs) and not any(c in simplified for c in ours):
        return DOUBTFUL
    longer, shorter = sorted((len(theirs.strip()), len(ours.strip())), reverse=True)
    if longer > 2 * shorter + 6:  # a line one side lacks, not a word changed
        return DOUBTFUL
    if ours != theirs and "".join(c for c in ours if c not in CIRCLES) == theirs:
        return DOUBTFUL  # 一〇九 read as 一九: a ring with nothing inside, dropped
    around = transcript[max(0, flag.start - 1) : flag.end + 1]
    if not theirs.strip() and ours and len(set(ours)) == 1 and around.count(ours[0]) > len(ours):
        return DOUBTFUL  # 一 of 一一 dropped
    if ours != theirs and _merged_repeats(ours) == _merged_repeats(theirs):
        return DOUBTFUL
    if "".join(ours.split()) == "".join(theirs.split()):
        return 0.0  # only the line breaks differ: the alternate's layout, nothing read otherwise
    return 1.0


def _merged_repeats(text: str) -> str:
    return "".join(c for i, c in enumerate(text) if i == 0 or text[i - 1] != c)


def page_risk(review: PageReview, transcript: str, tables: ReviewTables) -> PageRisk:
    """The risk of one page from its review (``transcript``: the text it reviewed,
    ``tables``: the ones it was reviewed with)."""
    simplified = tables.simplified_only()
    if review.same_reading:  # compared with itself: nothing checked the page
        review = replace(review, agreement=None)
    n = len(transcript)
    trust = 1.0 if review.agreement is None else review.agreement
    weighted = 0.0
    for f in review.flags:
        short = f.kind is FlagKind.DIFF and max(f.end - f.start, len(f.replacement or "")) <= SHORT
        if f.kind is FlagKind.CRITICAL or short:
            weight = W_CRITICAL if f.kind is FlagKind.CRITICAL else W_SHORT_DIFF
            local = local_agreement(review, f.start, f.end, n)
            weighted += weight * trust * local * credibility(f, transcript, simplified)
    critical = review.count(FlagKind.CRITICAL)
    markers = review.count(FlagKind.MARKER)
    unsure = review.count(FlagKind.LOW_CONFIDENCE)
    unread = unread_line_count(review.hunks, transcript)
    disagreement = NO_ALTERNATE_DISAGREEMENT if review.agreement is None else 1.0 - review.agreement
    if not transcript.strip():
        # A blank page read blank (a line break, spaces) agrees: nothing to check there.
        disagreement = (
            1.0 if review.alternate is not None and review.alternate.text.strip() else 0.0
        )
    score = (
        weighted
        + W_MARKER * markers
        + W_UNREAD_LINE * unread
        + W_LOW_CONFIDENCE * min(unsure, LOW_CONFIDENCE_CAP)
        + W_DISAGREEMENT * max(0.0, disagreement)
        + failure_weight(review.diagnoses, n)
    )
    return PageRisk(
        page=review.page,
        score=score,
        critical=critical,
        markers=markers,
        unread_lines=unread,
        low_confidence=unsure,
        agreement=review.agreement,
        same_reading=review.same_reading,
        diagnoses=review.diagnoses,
    )


def failure_weight(diagnoses: Iterable[Diagnosis], length: int) -> float:
    """What a page's whole-page failures add to its risk (``length``: the transcript's
    characters): ``W_FAILURE`` per kind found (a loop found in three places is one
    loop) and ``W_PAGE`` times the share of the page each kind's findings concern."""
    shares: dict[DiagnosisKind, float] = {}
    for d in diagnoses:
        shares[d.kind] = shares.get(d.kind, 0.0) + concern(d, length)
    return sum(W_FAILURE + W_PAGE * min(1.0, share) for share in shares.values())


def concern(diagnosis: Diagnosis, length: int) -> float:
    """The share of the page a finding concerns, 0..1: the text it spans, or what the
    page would hold with the text it lacks (a page cut off at 60% lacks 40% of it)."""
    if diagnosis.missing > 0:
        return diagnosis.missing / (length + diagnosis.missing)
    return min(1.0, (diagnosis.end - diagnosis.start) / max(1, length))


def risk_order(score: float | None, page: int) -> tuple[int, float, int]:
    """The sort key of "riskiest first", the one order of ``status --by-risk``, the page
    list and the review queue (written three times, they could drift apart): higher
    scores first, equal scores in page order (a stable, predictable list). A score that
    is not a number (NaN: its arithmetic went wrong) comes first, since nothing vouches
    for that page, where a comparison with NaN left it anywhere; a page whose score is
    not known yet (``None``: its review has not come) comes after every scored page, in
    page order, as the queue has always put it."""
    if score is None:
        return (2, 0.0, page)
    if math.isnan(score):
        return (0, 0.0, page)
    return (1, -score, page)


def by_risk(risks: Iterable[PageRisk]) -> list[PageRisk]:
    """Riskiest first (``risk_order``)."""
    return sorted(risks, key=lambda r: risk_order(r.score, r.page))


def pages_by_risk(scores: Mapping[int, float], pages: Iterable[int]) -> list[int]:
    """``pages`` riskiest first (``risk_order``) by ``scores`` (page → score)."""
    return sorted(pages, key=lambda p: risk_order(scores.get(p), p))
