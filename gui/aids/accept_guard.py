"""When accepting the alternate's reading must ask first, and what to say.

One key (Alt+Enter) replaces transcript text with what the alternate reads. That
is safe for a misread character; it is not when the alternate has nothing there
(it would delete the transcript's text), when the alternate is unsure of the
region itself (its lines there are missing or scored low), or when the change
touches a marker or a legal-critical term (a party's line, 得/應, a number). Then
the reviewer is told what the change does and asked.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from backend.models import AltText
from backend.review.markers import MarkerSet
from backend.review.values import Flag, FlagKind, PageReview

LOW_SCORE = 0.6  # an alternate line scored below this: the engine itself was unsure
SHOWN = 40  # characters of the text that would go, quoted in the question


class AcceptGuard(QObject):
    def reasons(self, flag: Flag, review: PageReview, text: str, markers: MarkerSet) -> list[str]:
        """Why accepting ``flag`` needs a yes, one sentence each ([]: it does not)."""
        span = text[flag.start : flag.end]
        new = flag.replacement or ""
        out = []
        if _deletes(span, new):
            out.append(
                self.tr("It deletes “{0}” from the transcript.").format(_short(span.strip()))
            )
        if review.alternate is not None:
            out.extend(self._unsure(flag, review.alternate, span, new))
        if markers.find(span) or markers.find(new):
            out.append(self.tr("The change covers an unreadable-text marker."))
        critical = [
            f for f in review.flags if f.kind is FlagKind.CRITICAL and f.span.overlaps(flag.span)
        ]
        if critical:
            details = "; ".join(dict.fromkeys(f.detail for f in critical))
            out.append(self.tr("It changes a legal-critical term: {0}").format(details))
        return out

    def _unsure(self, flag: Flag, alt: AltText, span: str, new: str) -> list[str]:
        """What is true of the alternate here, said as it is: it has no text at this
        place, or it read the place and scored its line low. It did read the page, so
        "could not read this region" was wrong (issue 28: RapidOCR had read the line)."""
        if span.strip() and not new.strip():
            return [self.tr("The alternate has no text at this place.")]
        score = _low_score(flag, alt)
        if score is None:
            return []
        return [
            self.tr("The alternate is unsure of its own reading here (score {0}%).").format(
                round(score * 100)
            )
        ]

    def question(self, reasons: list[str]) -> str:
        body = "\n".join(f"• {r}" for r in reasons)
        return self.tr("Accept the alternate's reading here?\n\n{0}").format(body)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _deletes(span: str, new: str) -> bool:
    """The change drops most of the transcript's characters here (a line, a clause)."""
    old_chars = len("".join(span.split()))
    new_chars = len("".join(new.split()))
    return old_chars > 0 and (new_chars == 0 or new_chars * 2 < old_chars)


def _low_score(flag: Flag, alt: AltText) -> float | None:
    """The lowest score below ``LOW_SCORE`` of the alternate's lines at the flag."""
    if flag.alt_start is None or flag.alt_end is None:
        return None
    lo, hi = flag.alt_start, max(flag.alt_end, flag.alt_start + 1)
    scores = [
        line.score
        for line in alt.lines
        if line.score is not None and line.score < LOW_SCORE and line.start < hi and lo < line.end
    ]
    return min(scores, default=None)
