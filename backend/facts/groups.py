"""Grouping the document's fact occurrences into facts (issue 24 point 2).

Occurrences with one key (and, for a party, one role) are one *variant*. Variants
are compared within their kind (a statute's within its law, a glossary term's
within the term); a variant joins a recurring variant as its misreading, or
stands as a fact of its own. The rule that tells a misreading from a legitimate
second value (two case numbers joined in one judgment, two defendants):

* it is one glyph from the recurring value. A name: one glyph changed, added or
  dropped under the same role, or the same name under another role (原告 / 被告
  林志明; not a name masked to its surname, 王○○, which two people share). A
  number (case number, amount, date, article): one digit changed for another,
  in the value (第五六號 / 第五八號: 56 / 58) or as written (壹佰貳拾萬 / 壹佰參拾萬;
  a zero too where it is a glyph: 107 / 137, 600,000 / 600,001), a nonzero digit
  kept where it stands (新臺幣壹仟元 / 陸仟元 are two sums), or a numeral no one
  writes (零拾萬: ``numerals.well_formed``); a digit added or dropped makes another
  well-formed number, not a misreading;
* and it is rare against it: on one page while the recurring value is on three or
  more, or on two pages while that one is on eight or more. Three pages is what
  the document must show to know a value: a value on two pages beside one on one
  page (an amount in 主文 and once in 理由) cannot say which is right;
* and it is of a compatible label: an amount of its obligation (a claim, 請求給付, is
  not the sum granted), a date of its event (the words after it); a value read
  with no label may be either;
* and it is not named beside it: a place of the value within ``BESIDE``
  characters of each of its places (第一二三四號、第一二三五號; 被告王小明、王小華;
  a heading's two defendants on consecutive lines) shows two values listed;
* and it stands alone: a recurring value with more than ``CROWD`` rare values one
  glyph from it sits among many values of one kind (round sums, neighbouring
  dates), and none of them is taken for its misreading.

Two checks need no recurring value: the 主文 amount against the sum 理由 concludes
with for its obligation (``_main_against_reasons``), and a date once against the
same event dated elsewhere (``_one_event_twice``).

Two values each on several pages (a joined case number in every header, a second
defendant named throughout) are two facts, however close; so are values far
apart. What recurs on no page but one cannot be told from a second value and is
left alone: a check needs the document to know the right value. Exhibits are
never merged (原證二 beside 原證三 is the next exhibit, not a misreading). A
glossary term's near-variants are always its misreadings: the reviewer said how
the term is written.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from backend.facts.glossary import glossary_group
from backend.facts.keys import NearIndex, anonymous, fold, near
from backend.facts.model import Fact, FactGroup, FactKind, FactVariant
from backend.facts.parties import party_names
from backend.review.numerals import well_formed

# How rare a misreading is against the value it misreads: (its pages at most, the
# value's pages at least).
RARE = ((1, 3), (2, 8))
# A surname's mask under another role: a misread role against this many of its own.
ANONYMOUS_LEAST = 6
# A misreading stands alone: a value with more than this many rare values one glyph
# from it sits among values (sums of one size, neighbouring dates), none misread.
# One: two pages misreading one value two ways is rarer than two sums near a third.
CROWD = 1
# Two values named side by side (a list's separator, a line break and a heading's
# role, 、民法) are two values: this many characters between them at most.
BESIDE = 4


def group_facts(facts: Iterable[Fact]) -> list[FactGroup]:
    """The document's facts: occurrences of one fact (same kind and label, keys
    within a misreading of each other) gathered into one group of variants, the
    majority first; ``conflict`` set where the variants are one value misread
    rather than two legitimate values.

    One pass puts the places in their variants; only the variants' few distinct
    spellings are folded, and a rare variant is looked up among the recurring ones
    by index, not compared with each: a 3,000-page file (~90,000 places) in ~250 ms
    of CPU (``bench/facts.py``). After one page changed, ``grouping.FactGrouping``
    gives the same groups in a few milliseconds.
    """
    seen: dict[tuple[FactKind, str, str], list[Fact]] = defaultdict(list)
    every = list(facts)
    for by, fact in zip(map(_BY, every), every, strict=True):  # the one loop over places
        seen[by].append(fact)
    places: dict[tuple[FactKind, str, str, str], list[Fact]] = defaultdict(list)
    merged = set()
    for (kind, label, key), found in seen.items():  # a few thousand: labels merged
        mode = _MODE[kind]
        to = (kind, label if mode == 1 else "", key, label if mode == 2 else "")
        if to in places:
            merged.add(to)
        places[to] += found
    for to in merged:  # places of several labels (an amount's phrases): in text order again
        places[to].sort(key=_WHERE)
    buckets: dict[tuple[FactKind, str], list[Variant]] = defaultdict(list)
    for (kind, bucket, key, role), found in places.items():
        buckets[kind, bucket].append(Variant.of(key, role, found))
    return in_order(
        [group for (kind, bucket), v in buckets.items() for group in grouped(kind, bucket, v)]
    )


def in_order(groups: list[tuple[FactGroup, int]]) -> list[FactGroup]:
    """Groups (with their majority's page count) in the order they are shown: by kind,
    the most recurring first."""
    groups.sort(key=lambda g: (g[0].kind, -g[1], g[0].label, g[0].variants[0].key))
    return [group for group, _pages in groups]


def group_key(fact: Fact) -> tuple[FactKind, str, str, str]:
    """Which variant a place is of, and in which bucket: (kind, bucket, key, role)."""
    mode = _MODE[fact.kind]
    return fact.kind, fact.label if mode == 1 else "", fact.key, fact.label if mode == 2 else ""


_BY = attrgetter("kind", "label", "key")
_LABEL = attrgetter("label")
# The sections an amount's label may name (``extract._SECTION``, spaces dropped).
MAIN = "主文"
SECTIONS = frozenset({MAIN, "理由", "事實及理由", "事實"})
_WHERE = attrgetter("page", "start", "end")
# Kinds whose key holds numbers as numbers.
_NUMBERS = frozenset({FactKind.CASE_NUMBER, FactKind.AMOUNT, FactKind.DATE, FactKind.STATUTE})
# What a kind's label is to grouping: 0 no bucket (an amount's phrase, a date's event:
# compared as ``Variant.labels``, where none is compatible with any), 1 its bucket
# (a statute's law, a glossary's term, an exhibit's prefix), 2 a party's role
# (compared with the name).
_MODE = {kind: 0 for kind in FactKind} | {
    FactKind.STATUTE: 1,
    FactKind.GLOSSARY: 1,
    FactKind.EXHIBIT: 1,
    FactKind.PARTY: 2,
}


@dataclass
class Variant:
    """A variant being grouped, with what grouping asks of it worked out once."""

    variant: FactVariant
    pages: int
    spellings: frozenset[str]  # its places' values, folded
    numbers: bool
    # An amount's obligations (給付, 請求給付 …: ``obligation``), its places' labels
    # without their section; a date's events: a value is misread only as one of a
    # compatible label (``_compatible``).
    labels: frozenset[str] = frozenset()
    main: frozenset[str] = frozenset()  # the obligations of its places in 主文

    @classmethod
    def of(cls, key: str, role: str, found: list[Fact]) -> Variant:
        spellings = Counter(map(attrgetter("value"), found))
        pages = len(set(map(attrgetter("page"), found)))
        return cls.made(key, role, tuple(found), spellings, pages)

    @classmethod
    def made(
        cls, key: str, role: str, places: tuple[Fact, ...], spellings: Counter[str], pages: int
    ) -> Variant:
        """From what an incremental index keeps: the places, their values counted."""
        kind = places[0].kind
        if kind is FactKind.PARTY:
            spellings = party_names(key, spellings)
        value = max(spellings, key=lambda s: (spellings[s], s))
        variant = FactVariant(key, value, places, label=role)
        folded = frozenset(fold(s) for s in spellings if spellings[s] > 0)
        if kind is FactKind.DATE:
            events = frozenset(map(_LABEL, places)) - {""}
            return cls(variant, pages, folded, True, events)
        if kind is not FactKind.AMOUNT:
            return cls(variant, pages, folded, kind in _NUMBERS)
        said = [(_section(lab), obligation(lab)) for lab in set(map(_LABEL, places))]
        obligations = frozenset(o for _s, o in said if o)
        main = frozenset(o for s, o in said if o and s == MAIN)
        return cls(variant, pages, folded, True, obligations, main)

    @property
    def key(self) -> str:
        return self.variant.key

    @property
    def label(self) -> str:
        return self.variant.label


def grouped(kind: FactKind, bucket: str, variants: list[Variant]) -> list[tuple[FactGroup, int]]:
    """One bucket's variants in their groups, each with its majority's page count."""
    variants.sort(key=lambda v: (-v.pages, -len(v.variant.places), v.key, v.label))
    if kind is FactKind.GLOSSARY:
        return [(glossary_group(bucket, [v.variant for v in variants]), variants[0].pages)]
    if kind is FactKind.EXHIBIT:
        return [(FactGroup(kind, bucket, (v.variant,)), v.pages) for v in variants]
    # Only a recurring value draws misreadings, and none is one (RARE): they come
    # first, each a group's head, numbered as they stand; indexed once for as long as
    # they stay the same (typing on a page changes no recurring value's spellings).
    recurring = tuple((v.key, v.spellings) for v in variants if v.pages >= RARE[0][1])
    index, written, by_key = _indexed(recurring)
    heads: list[list[Variant]] = [[v] for v in variants[: len(recurring)]]
    for variant in variants[len(recurring) :]:
        head = _misread_of(variant, heads, index, written, by_key)
        if head is None:
            heads.append([variant])
        else:
            heads[head].append(variant)
    if kind is FactKind.AMOUNT:
        heads = _main_against_reasons(heads)
    elif kind is FactKind.DATE:
        heads = _one_event_twice(heads)
    out = []
    for members in heads:
        found = tuple(m.variant for m in members)
        if len(found) - 1 > CROWD:  # a crowd of values around it: each its own
            out += [(FactGroup(kind, m.label or bucket, (m.variant,)), m.pages) for m in members]
        else:
            group = FactGroup(kind, found[0].label or bucket, found, conflict=len(found) > 1)
            out.append((group, members[0].pages))
    return out


@lru_cache(maxsize=64)
def _indexed(
    recurring: tuple[tuple[str, frozenset[str]], ...],
) -> tuple[NearIndex, NearIndex, dict[str, list[int]]]:
    """The recurring values' keys and spellings indexed, by their place in the list."""
    index, written = NearIndex(), NearIndex()
    by_key: dict[str, list[int]] = defaultdict(list)
    for n, (key, spellings) in enumerate(recurring):
        index.add(key, n)
        by_key[key].append(n)
        for spelling in spellings:
            written.add(spelling, n)
    return index, written, dict(by_key)


def _misread_of(
    variant: Variant,
    heads: list[list[Variant]],
    index: NearIndex,
    written: NearIndex,
    by_key: dict[str, list[int]],
) -> int | None:
    """The recurring value ``variant`` misreads (its group's number), or None."""
    pages = variant.pages
    if pages > RARE[-1][0]:
        return None
    numbers = variant.numbers
    # In a number only a changed glyph is a misreading: one added or dropped makes
    # another well-formed number (99,000 / 990,000; 九十九萬 / 九十萬).
    found = index.find(variant.key, changed_only=numbers)
    for spelling in variant.spellings:
        found |= written.find(spelling, changed_only=numbers)
    # The same name under another role: one person given two roles (王○○: only ``lone``).
    found |= {n for n in by_key.get(variant.key, ()) if heads[n][0].label != variant.label}
    for n in sorted(found):
        head = heads[n][0]
        if head.label != variant.label and head.key != variant.key:
            continue  # another name under another role
        # 原告 / 被告 misread: one page, a role one glyph off, against many of the other.
        lone = variant.pages == 1 and head.pages >= ANONYMOUS_LEAST
        misread = lone and near(head.label, variant.label)
        if head.label != variant.label and anonymous(head.key) and not misread:
            continue  # a surname's mask under two roles the file holds both of
        if not _compatible(variant, head):
            continue  # another obligation (a claim against the sum granted)
        if numbers and not _number_misread(variant, head):
            continue
        rare = any(pages <= most and head.pages >= least for most, least in RARE)
        if rare and not _beside(variant, head):
            return n
    return None


def obligation(label: str) -> str:
    """An amount's obligation, its label without its section (理由 給付 → 給付)."""
    word = label.rsplit(" ", 1)[-1]
    return "" if word in SECTIONS else word


def _section(label: str) -> str:
    first = label.split(" ", 1)[0]
    return first if first in SECTIONS else ""


def _compatible(variant: Variant, head: Variant) -> bool:
    """Two amounts are one sum only under one obligation, two dates one day only of one
    event; an amount read with no obligation (向其借款…元), a date with no event, may be
    any."""
    a, b = variant.labels, head.labels
    return not a or not b or bool(a & b)


def _main_against_reasons(heads: list[list[Variant]]) -> list[list[Variant]]:
    """The 主文 amount against the 理由 amount (issue 24): a sum 理由 concludes with for
    an obligation (給付, not a claim: 請求給付) one digit from the sum 主文 orders for
    it is the 主文 sum misread, however rarely each is written. 主文 is the operative
    text, the one the judgment is enforced by, and 理由 only gives its reasons: so the
    理由 place is flagged and offered the 主文 value, not the other way round."""
    alone = [n for n, members in enumerate(heads) if len(members) == 1]
    mains = [n for n, members in enumerate(heads) if members[0].main]
    taken: set[int] = set()
    for n in alone:
        reason = heads[n][0]
        if reason.main or not reason.labels or reason.pages > RARE[-1][0]:
            continue  # in 主文 itself, of no obligation, or a value the file repeats
        for m in mains:
            main = heads[m][0]
            if m in taken or not (main.main & reason.labels):
                continue
            if _number_misread(reason, main) and not _beside(reason, main):
                heads[m].append(reason)
                taken.add(n)
                break
    return [members for n, members in enumerate(heads) if n not in taken]


def _one_event_twice(heads: list[list[Variant]]) -> list[list[Variant]]:
    """A date that appears once against the same event dated elsewhere (issue 24): a
    day on one page, one digit from the day its event (the words after it: 簽訂借款) is
    dated with on other pages, is that day misread, however rarely each is written.
    The day on more pages is the event's; of two on one page each, the one the file
    states first (its facts come before the reasons that repeat them) heads the group,
    and ``checks`` flags both: which one is misread the file cannot say."""
    alone = [n for n, members in enumerate(heads) if len(members) == 1]
    by_event: dict[str, list[int]] = defaultdict(list)  # not a pair at a time: indexed
    for n in alone:
        for event in heads[n][0].labels:
            by_event[event].append(n)
    taken: set[int] = set()
    for n in reversed(alone):  # the fewest pages, the latest, first
        late = heads[n][0]
        if late.pages > 1 or not late.labels:
            continue
        for m in sorted({m for e in late.labels for m in by_event[e]}):
            if m == n or m in taken or n in taken:
                continue
            first = heads[m][0]
            if len(heads[m]) > 1 or not (first.labels & late.labels):
                continue
            if first.pages == 1 and first.variant.places[0].page >= late.variant.places[0].page:
                continue
            if _number_misread(late, first) and not _beside(late, first):
                heads[m].append(late)
                taken.add(n)
                break
    return [members for n, members in enumerate(heads) if n not in taken]


def _beside(variant: Variant, head: Variant) -> bool:
    """Each place of ``variant`` stands right beside one of ``head`` on its page: the
    document names the two side by side (第一二三四號、第一二三五號 joined in a header,
    被告王小明、王小華, 民法第184條、民法第185條), so they are two values, not one
    misread. A misreading takes the value's place; it is not written next to it."""
    rare = variant.variant.places
    near = {f.page for f in rare}
    held = [h for h in head.variant.places if h.page in near]
    return all(any(h.page == f.page and _gap(f, h) <= BESIDE for h in held) for f in rare)


def _gap(a: Fact, b: Fact) -> int:
    """The characters between two places of one page (0 when they touch or overlap)."""
    return max(a.start - b.end, b.start - a.end, 0)


_NONZERO = frozenset("123456789一二三四五六七八九壹貳貮參叁肆伍陸柒捌玖兩")
_DIGITS = _NONZERO | frozenset("0〇○零")
_ARABIC = frozenset("0123456789")  # spellings are folded: full-width digits are these


def _number_misread(variant: Variant, head: Variant) -> bool:
    """``variant`` reads ``head``'s number with one digit misread: one digit for
    another (not a unit: 萬 for 千 is another order), in the value or as written, a
    nonzero digit kept where it stands (so not 1,000 / 6,000: round sums differing
    in their one digit are two sums); or as a numeral no one writes (零拾萬, 十六六:
    ``numerals.well_formed``)."""
    if any(not well_formed(s) for s in variant.spellings):
        return True
    # A key's zeros are glyphs a reader may misread where the value is written with
    # them: a date's year read digit by digit (一〇七 / 一三七), a sum in Arabic digits
    # (600,000 / 600,001); in 陸拾萬 they are no glyph, only places.
    zeros = variant.variant.places[0].kind is FactKind.DATE or any(
        c in _ARABIC for s in variant.spellings for c in s
    )
    if _digit_near(variant.key, head.key, _DIGITS if zeros else _NONZERO):  # 120萬 / 壹佰參拾萬
        return True
    return any(_digit_near(a, b, _DIGITS) for a in variant.spellings for b in head.spellings)


def _digit_near(a: str, b: str, digits: frozenset[str]) -> bool:
    """One glyph differs, a digit of ``digits`` on both sides; a nonzero one is kept.
    In the value a zero is no digit to misread: 1,000 / 1,600 is 壹仟 / 一千六百 as
    written, two glyphs more, not one misread."""
    if len(a) != len(b):
        return False
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    kept = any(x == y and x in _NONZERO for x, y in zip(a, b, strict=True))
    return len(differ) == 1 and differ[0][0] in digits and differ[0][1] in digits and kept
