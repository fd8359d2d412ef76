"""A page's text with its line ends taken out, and the way back to the page's offsets.

A transcript keeps the scan's lines: a name, a number or an address that runs to the
end of a printed line goes on in the next (潘文\\n麗, 0912-345-\\n678). Detection reads
the joined text, so those are found whole; each finding is then given back its place
on the page, line end and all, and the mask keeps the line end where it was.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from backend.publish.model import Finding

LINE_ENDS = "\r\n"


@dataclass(frozen=True)
class Joined:
    page_text: str
    text: str  # ``page_text`` without line ends
    # For the k-th line end taken out, the joined offset of the character after it:
    # a joined offset ``i`` stands at ``i + bisect_right(shifts, i)`` on the page.
    shifts: tuple[int, ...]

    def at(self, i: int) -> int:
        """The page offset of ``text[i]``."""
        return i + bisect_right(self.shifts, i) if self.shifts else i

    def placed(self, finding: Finding) -> Finding:
        """``finding`` (offsets in ``text``) with the page's offsets and text."""
        start = self.at(finding.start)
        end = self.at(finding.end - 1) + 1
        if start == finding.start and end == finding.end:
            return finding
        return Finding(
            finding.kind, finding.page, start, end, self.page_text[start:end], finding.key,
            finding.reason,
        )  # fmt: skip


@lru_cache(maxsize=4096)  # one document's pages are joined by each detector in turn
def joined(page_text: str) -> Joined:
    if "\n" not in page_text and "\r" not in page_text:
        return Joined(page_text, page_text, ())
    shifts = []
    removed = 0
    for i, c in enumerate(page_text):
        if c in LINE_ENDS:
            shifts.append(i - removed)
            removed += 1
    text = page_text.replace("\r", "").replace("\n", "")
    return Joined(page_text, text, tuple(shifts))


def without_line_ends(text: str) -> str:
    return text.replace("\r", "").replace("\n", "")


def with_line_ends_of(original: str, masked: str) -> str:
    """``masked`` (made from ``original`` without its line ends) with the line ends put
    back after as many characters as stood before each in ``original`` (at most all)."""
    out: list[str] = []
    taken = 0
    for c in original:
        if c in LINE_ENDS:
            out.append(c)
        elif taken < len(masked):
            out.append(masked[taken])
            taken += 1
    out.append(masked[taken:])
    return "".join(out)
