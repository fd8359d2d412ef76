"""Masks applied to pages' text: the same person masked alike on every page, numbers
masked in full, each mask the length of what it hides unless the rule says otherwise."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from backend.facts.roles import DOUBLE_SURNAMES
from backend.publish.joined import with_line_ends_of, without_line_ends
from backend.publish.model import Finding, MaskRules, PersonalKind
from backend.review.charclass import MASK_CHARS


def mask_of(finding: Finding, rules: MaskRules) -> str:
    """What ``finding``'s text becomes under ``rules`` (a line end in it stays where it
    was: 歐\n陽佩珊 becomes 歐\n陽○○, as 歐陽佩珊 becomes 歐陽○○)."""
    text = without_line_ends(finding.text)
    masked = rules.mask * len(text)
    if finding.kind is PersonalKind.PERSON and rules.keep_surname:
        surname = _surname(text)
        if surname:
            masked = surname + rules.given_name_mask
    return with_line_ends_of(finding.text, masked) if text != finding.text else masked


def _surname(name: str) -> str:
    """The surname of ``name`` (a double one when it starts with one), or "" when the
    name has none to keep (甲○○, or a name that is circles already)."""
    if name[:2] in DOUBLE_SURNAMES and len(name) > 2:
        return name[:2]
    if len(name) >= 2 and name[0] not in MASK_CHARS and not name[0].isascii():
        return name[0]
    return ""


def mask_text(text: str, findings: Iterable[Finding], rules: MaskRules) -> str:
    """``text`` with every finding masked. Overlapping findings (a name inside an
    address) are masked as one span, in full: a partial mask of either would leave
    part of the other readable."""
    spans = sorted((f.start, f.end, f) for f in findings if 0 <= f.start < f.end <= len(text))
    out: list[str] = []
    done = 0
    i = 0
    while i < len(spans):
        start, end, finding = spans[i]
        j = i + 1
        while j < len(spans) and spans[j][0] < end:  # overlaps: grow the span
            end = max(end, spans[j][1])
            j += 1
        out.append(text[done:start])
        if j == i + 1:
            out.append(mask_of(finding, rules))
        else:
            out.append(with_line_ends_of(text[start:end], rules.mask * (end - start)))
        done, i = end, j
    out.append(text[done:])
    return "".join(out)


def mask_pages(
    pages: Sequence[str], findings: Iterable[Finding], rules: MaskRules | None = None
) -> list[str]:
    """Every page of ``pages`` with the findings on it masked."""
    rules = rules or MaskRules()
    by_page: dict[int, list[Finding]] = {}
    for finding in findings:
        by_page.setdefault(finding.page, []).append(finding)
    return [mask_text(text, by_page.get(n, ()), rules) for n, text in enumerate(pages)]
