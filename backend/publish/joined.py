"""A page's text with its line ends taken out, and the way back to the page's offsets.

A transcript keeps the scan's lines: a name, a number or an address that runs to the
end of a printed line goes on in the next (潘文\\n麗, 0912-345-\\n678). Detection reads
the joined text, so those are found whole; each finding is then given back its place
on the page, line end and all, and the mask keeps the line end where it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from backend.publish.model import Finding

LINE_ENDS = "\r\n"


@dataclass(frozen=True)
class Joined:
    page_text: str
    text: str  # ``page_text`` without line ends
    at: tuple[int, ...]  # at[i]: the page offset of ``text[i]``

    def placed(self, finding: Finding) -> Finding:
        """``finding`` (offsets in ``text``) with the page's offsets and text."""
        start = self.at[finding.start]
        end = self.at[finding.end - 1] + 1
        return replace(finding, start=start, end=end, text=self.page_text[start:end])


def joined(page_text: str) -> Joined:
    at = tuple(i for i, c in enumerate(page_text) if c not in LINE_ENDS)
    return Joined(page_text, "".join(page_text[i] for i in at), at)


def without_line_ends(text: str) -> str:
    return "".join(c for c in text if c not in LINE_ENDS)


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
