"""Cross-page checks (issue 24 point 2): a critical flag on each page whose
reading of a fact disagrees with the rest of the document.

Which variants disagree is decided when grouping (``groups``: a rare variant one
glyph from a recurring value is its misreading); here each place of such a
variant becomes a CRITICAL flag that names the pages reading the value
("pages 1–6 and 8–12 read 第五六號; this page reads 第五八號") and offers it as the
replacement. A party's fact is its role and name: a name misspelt or given
another role is flagged over both and offered back as the recurring role and
name, this place's spacing kept. A glossary term's variants are flagged wherever
they stand.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence

from backend.facts.model import FactGroup, FactKind, FactVariant
from backend.i18n import _, and_join, list_join
from backend.review.values import CriticalKind, Flag, FlagCategory, FlagKind, LegalKind

# The review's categories for these facts, so a flag reads (and filters) as the
# review's own critical flag of that kind.
CATEGORY: dict[FactKind, FlagCategory] = {
    FactKind.CASE_NUMBER: CriticalKind.CASE_NUMBER,
    FactKind.PARTY: LegalKind.PARTY,
    FactKind.AMOUNT: CriticalKind.AMOUNT,
    FactKind.DATE: CriticalKind.DATE,
    FactKind.STATUTE: CriticalKind.ARTICLE,
    FactKind.EXHIBIT: CriticalKind.NUMBER,
    FactKind.GLOSSARY: LegalKind.PARTY,
}


def cross_page_flags(groups: Sequence[FactGroup]) -> dict[int, list[Flag]]:
    """Per 0-based page, the critical flags of the groups in conflict: one at each
    span of a minority variant, whose ``detail`` names the pages holding the
    majority value and whose ``replacement`` is that value (an event's two days, one
    page each: both, ``_flagged``)."""
    out: dict[int, list[Flag]] = defaultdict(list)
    for group in groups:
        if not group.conflict:
            continue
        for variant, other in _flagged(group):
            for fact in variant.places:
                detail, replacement = _said(group, other, variant, fact.value)
                flag = Flag(
                    fact.start,
                    fact.end,
                    FlagKind.CRITICAL,
                    detail,
                    replacement=replacement,
                    category=CATEGORY[group.kind],
                )
                out[fact.page].append(flag)
    for flags in out.values():
        flags.sort(key=lambda f: (f.start, f.end))
    return dict(out)


def _flagged(group: FactGroup) -> Iterator[tuple[FactVariant, FactVariant]]:
    """Each variant flagged, with the one its flag offers: every minority variant,
    with the majority. An event dated two ways, each on one page, is a tie the file
    cannot settle (which page misread the day?): both are flagged, each naming the
    other, so the reviewer is taken to both, whichever is wrong."""
    head = group.variants[0]
    for variant in group.variants[1:]:
        if group.kind is FactKind.GLOSSARY and variant.key == group.label:
            continue  # the term itself, written another way (○/〇, 台/臺)
        yield variant, head
    if group.kind is FactKind.DATE and len(group.variants) == 2:
        other = group.variants[1]
        if len(head.pages) == 1 and len(other.pages) == 1:
            yield head, other


def _said(
    group: FactGroup, head: FactVariant, variant: FactVariant, this: str
) -> tuple[str, str | None]:
    """The flag's detail and replacement."""
    if group.kind is FactKind.GLOSSARY and head.key != group.label:
        head = FactVariant(group.label, group.label, ())  # no exact occurrence yet
    if group.kind is FactKind.GLOSSARY:
        said = _("glossary term {term}; this page reads {this}")
        return said.format(term=group.label, this=this), group.label
    pages = page_ranges(head.pages)
    party = group.kind is FactKind.PARTY
    if party and head.key == variant.key:  # one name, another role
        said = (
            _("page {pages} names {name} {role}; this page names them {this}")
            if len(head.pages) == 1
            else _("pages {pages} name {name} {role}; this page names them {this}")
        )
        shown = said.format(pages=pages, name=head.key, role=head.label, this=variant.label)
        return shown, _party(this, variant, head)
    said = (
        _("page {pages} reads {value}; this page reads {this}")
        if len(head.pages) == 1
        else _("pages {pages} read {value}; this page reads {this}")
    )
    # A party's value is the name (``groups``): this place's name, without its role.
    read = this[len(this) - len(variant.key) :] if party else this
    shown = said.format(pages=pages, value=head.value, this=read)
    return shown, _party(this, variant, head) if party else head.value


def _party(this: str, variant: FactVariant, head: FactVariant) -> str:
    """This place's role and name made the recurring ones, its spacing kept
    (原告　林○明 → 原告　林○○ in a heading, 原告林○○ in running text)."""
    role = this[: len(this) - len(variant.key)]  # the key is the name, glyph for glyph
    if variant.label != head.label:
        swapped = role.replace(variant.label, head.label)
        role = swapped if swapped != role else head.label + role[len(role.rstrip()) :]
    return role + head.places[0].value[len(head.places[0].value) - len(head.key) :]


def page_ranges(pages: Sequence[int]) -> str:
    """0-based pages as the reviewer counts them, in runs: "1–6 and 8–12"."""
    shown = page_runs(pages)
    return shown[0] if len(shown) == 1 else and_join([list_join(shown[:-1]), shown[-1]])


def page_runs(pages: Iterable[int]) -> list[str]:
    """0-based pages as 1-based runs, in order: ["1–6", "8", "10–12"]."""
    runs: list[list[int]] = []
    for page in sorted(set(pages)):
        if runs and page == runs[-1][1] + 1:
            runs[-1][1] = page
        else:
            runs.append([page, page])
    return [f"{a + 1}" if a == b else f"{a + 1}–{b + 1}" for a, b in runs]
