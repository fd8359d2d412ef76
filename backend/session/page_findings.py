"""A page's review as one object: its flags, its open critical items, its diagnoses.

The flags are those of the review against the reading the reviewer compares with
(``review``). The open critical items add the page's own alternate's: choosing
another reading that happens to agree (a second model's that made the same
mistake, the transcript's own) must not hide an open "得以 → 應以" the page's
alternate still shows; an item both readings raise is named once, as the chosen
reading raises it. Approval asks about exactly these, and the page list badges
their count, so both read them here.
"""

from __future__ import annotations

from dataclasses import dataclass

from backend.review.values import Diagnosis, Flag, FlagKind, PageReview


@dataclass(frozen=True)
class PageFindings:
    review: PageReview  # against the chosen reading (none chosen: the page's own)
    critical: tuple[Flag, ...]  # open critical items: the chosen reading's and the own's

    @property
    def flags(self) -> tuple[Flag, ...]:
        return self.review.flags

    @property
    def diagnoses(self) -> tuple[Diagnosis, ...]:
        """Whole-page failures named on the page (a loop, a page cut short), from the
        review against the chosen reading."""
        return self.review.diagnoses

    @property
    def markers(self) -> tuple[Flag, ...]:
        return tuple(f for f in self.review.flags if f.kind is FlagKind.MARKER)


def findings(chosen: PageReview, own: PageReview | None) -> PageFindings:
    """The findings of a page reviewed against the chosen reading and (``own``; None:
    they are one) against the page's own alternate."""
    return PageFindings(chosen, open_critical(chosen, own))


def open_critical(chosen: PageReview, own: PageReview | None) -> tuple[Flag, ...]:
    """The critical items of the review against the chosen reading, and those of the
    review against the page's own alternate (``own``; None: they are one) that no
    chosen item already names."""
    critical = [f for f in chosen.flags if f.kind is FlagKind.CRITICAL]
    if own is not None:
        critical += [
            f
            for f in own.flags
            if f.kind is FlagKind.CRITICAL and not any(f.span.overlaps(c.span) for c in critical)
        ]
        critical.sort(key=lambda f: (f.start, f.end))
    return tuple(critical)
