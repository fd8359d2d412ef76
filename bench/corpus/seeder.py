"""Seeding the errors a VLM transcript makes into a generated page's correct text.

Written from the error families of issue 13, not from the review's rules: the
deontic word changed (both directions, words of similar force too), a negation
dropped or inserted, an outcome or a party role swapped, a digit changed in
every numeral form and position, a name mask filled in or put where the page
writes a name, a surname changed; and the non-critical kinds: a line dropped,
duplicated or two lines swapped, a look-alike glyph.

``seed_errors(page, rng)`` picks a few places far enough apart that each error
is judged on its own, and reports each as an ``ErrorSpan`` in the seeded text.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from bench.corpus.pages import CorpusPage
from bench.corpus.vocab import GIVEN, SURNAMES

# Each deontic word and what a reader might write for it: a flip of force, or a
# word of similar force (不得/不應, 應/須), which is still not the law's wording.
DEONTIC: dict[str, tuple[str, ...]] = {
    "得": ("應", "須", "可", "不得"),
    "應": ("得", "須", "宜", "應不"),
    "須": ("應", "得", "無須"),
    "必須": ("須", "無須", "得"),
    "應予": ("得予", "不予"),
    "不得": ("不應", "得", "應", "不須"),
    "不應": ("不得", "應", "不宜"),
    "不須": ("毋須", "須", "不得"),
    "毋須": ("無須", "須", "毋庸"),
    "無須": ("毋須", "須"),
    "毋庸": ("無須", "應"),
    "不必": ("不須", "必"),
    "禁止": ("不得", "准許"),
    "免": ("應",),
    "免予": ("應予", "不予"),
    "准": ("不准",),
    "准予": ("不准", "得予"),
    "不准": ("准", "不得"),
    "得不": ("不得", "應"),
    "應不": ("應", "不應"),
    "宜": ("應", "不宜"),
    "不宜": ("宜", "不得"),
    "可": ("應", "不可"),
}
# Where the character is not the modal word (所得 "income", 可稽 "can be seen").
NOT_DEONTIC = re.compile(r"所得|得手|得利|取得|獲得|可稽|可參|可據|可採|事宜|避免|准許|核准|得逞")
NEGATIONS = "不未非無勿否"
NOT_NEGATION = re.compile(r"否則|是否|非常|無論|不論|不一一|並非|無罪|不受理|不在此限")
VERBS = (
    "給付",
    "提出",
    "繳納",
    "同意",
    "負擔",
    "返還",
    "到場",
    "執行",
    "沒收",
    "成立",
    "生效",
    "清償",
    "適用",
    "准許",
    "變更",
    "受理",
)
OUTCOMES = {
    "駁回": "准許", "准許": "駁回", "撤銷": "維持", "維持": "撤銷", "廢棄": "維持", "有罪": "無罪",
    "無罪": "有罪", "免訴": "不受理", "不受理": "免訴", "緩刑": "徒刑", "沒收": "發還", "罰金": "罰鍰",  # noqa: E501 (data)
    "有期徒刑": "拘役", "拘役": "有期徒刑", "假執行": "強制執行", "發回": "駁回",
}  # fmt: skip
PARTIES = {
    "原告": "被告", "被告": "原告", "被上訴人": "上訴人", "上訴人": "被上訴人", "聲請人": "相對人",
    "相對人": "聲請人", "告訴人": "被告", "抗告人": "相對人", "債權人": "債務人", "債務人": "債權人",  # noqa: E501 (data)
    "出租人": "承租人", "承租人": "出租人", "甲方": "乙方", "乙方": "甲方", "出賣人": "買受人",
    "買受人": "出賣人", "自訴人": "被告",
}  # fmt: skip
LOOK_ALIKES = {
    "己": "已", "已": "己", "土": "士", "士": "土", "日": "曰", "人": "入", "大": "太", "天": "夭",
    "候": "侯", "辨": "辯", "辯": "辨", "償": "賞", "徵": "微", "拆": "折", "折": "拆", "裁": "栽",
    "戊": "戌", "住": "往", "理": "埋", "問": "間", "間": "問", "貨": "貸", "貸": "貨", "析": "折",
}  # fmt: skip
_CHINESE = "〇○零一二三四五六七八九十百千萬"
_FORMAL = "零壹貳參肆伍陸柒捌玖拾佰仟"
_HALF, _FULL = "0123456789", "０１２３４５６７８９"
_NUM = rf"[0-9０-９{_CHINESE}{_FORMAL}兩廿卅,，]+"
# Where a number stands, by what surrounds it.
POSITIONS: dict[str, re.Pattern[str]] = {
    "amount": re.compile(rf"新臺幣({_NUM})元|({_NUM})元"),
    "case number": re.compile(rf"({_NUM})年度\S{{1,3}}?字第({_NUM})號"),
    "ROC date": re.compile(rf"民國({_NUM})年({_NUM})月({_NUM})日"),
    "AD date": re.compile(rf"西元({_NUM})年({_NUM})月({_NUM})日"),
    "article": re.compile(rf"第({_NUM})[條項款目](?:之({_NUM}))?"),
    "annex": re.compile(rf"附[表件]({_NUM})"),
    "percent": re.compile(rf"百分之({_NUM})|({_NUM})[%％]"),
    "quantity": re.compile(rf"({_NUM})[支把本顆張紙台輛頂個箱條包袋瓶片幀捆噸塊匹件雙只枚份疊筆]"),
    "term": re.compile(rf"(?<![國元年月])({_NUM})(?:個)?[年月日](?:內|以前|生)?"),
}


@dataclass(frozen=True)
class ErrorSpan:
    """One seeded error, where it is in the seeded transcript."""

    kind: str  # "deontic", "number: amount", "line dropped" …
    family: str  # deontic, negation, outcome, party, number, mask, line, glyph
    start: int  # start == end: something was dropped here
    end: int
    critical: bool  # a legal-critical family: must be flagged critical
    original: str  # what the page says there
    seeded: str  # what the transcript says instead

    @property
    def removed(self) -> str:
        return self.original if self.start == self.end else ""


@dataclass(frozen=True)
class SeededPage:
    page: CorpusPage
    text: str  # the transcript with the errors
    errors: tuple[ErrorSpan, ...]


@dataclass(frozen=True)
class _Edit:
    start: int  # in the clean text
    end: int
    new: str
    kind: str
    family: str
    critical: bool = True


Finder = Callable[[str], Iterator[_Edit]]


def _deontic(text: str) -> Iterator[_Edit]:
    blocked = _covered(NOT_DEONTIC, text)
    for word in sorted(DEONTIC, key=len, reverse=True):
        for m in re.finditer(re.escape(word), text):
            if not blocked[m.start()]:
                for new in DEONTIC[word]:
                    yield _Edit(m.start(), m.end(), new, "deontic", "deontic")


def _negation_dropped(text: str) -> Iterator[_Edit]:
    blocked = _covered(NOT_NEGATION, text)
    deontic = _covered(re.compile("|".join(w for w in DEONTIC if w[0] in NEGATIONS)), text)
    for i, ch in enumerate(text):
        if ch in NEGATIONS and not blocked[i] and not deontic[i] and _cjk(text[i + 1 : i + 2]):
            yield _Edit(i, i + 1, "", "negation dropped", "negation")


def _negation_inserted(text: str) -> Iterator[_Edit]:
    for verb in VERBS:
        for m in re.finditer(verb, text):
            if m.start() and text[m.start() - 1] not in NEGATIONS:
                for neg in "不未":
                    yield _Edit(m.start(), m.start(), neg, "negation inserted", "negation")


def _swaps(table: dict[str, str], kind: str) -> Finder:
    pattern = re.compile("|".join(sorted(map(re.escape, table), key=len, reverse=True)))

    def find(text: str) -> Iterator[_Edit]:
        for m in pattern.finditer(text):
            yield _Edit(m.start(), m.end(), table[m[0]], kind, kind)

    return find


def _numbers(position: str) -> Finder:
    def find(text: str) -> Iterator[_Edit]:
        for m in POSITIONS[position].finditer(text):
            for g in range(1, (m.lastindex or 0) + 1):
                if m[g] is None:
                    continue
                for i in range(m.start(g), m.end(g)):
                    if (new := _other_digit(text[i])) is not None:
                        kind = "number: table cell" if _in_table(text, i) else f"number: {position}"
                        yield _Edit(i, i + 1, new, kind, "number")

    return find


def _other_digit(ch: str) -> str | None:
    """Another digit in the same form (1 → 7, ５ → ８, 三 → 八, 貳 → 參)."""
    for digits in (_HALF, _FULL, "〇一二三四五六七八九", _FORMAL[:10]):
        if ch in digits:
            i = digits.index(ch)
            return digits[(i + (3 if i % 2 else 5)) % 10]
    if ch == "○":
        return "一"
    return {
        "兩": "三",
        "十": "千",
        "百": "千",
        "千": "百",
        "萬": "千",
        "拾": "佰",
        "佰": "仟",
        "仟": "佰",
    }.get(ch)


def _masks(text: str) -> Iterator[_Edit]:
    for m in re.finditer(rf"([{SURNAMES}甲乙丙丁戊])([○〇])([○〇]|[{GIVEN}])", text):
        yield _Edit(m.start(2), m.end(2), "志", "mask filled in", "mask")
        yield _Edit(m.start(1), m.end(1), "黃" if m[1] != "黃" else "王", "surname changed", "mask")


def _names(text: str) -> Iterator[_Edit]:
    """A written-out name (…人王志明，) masked by the transcript: the page says the name."""
    for m in re.finditer(
        rf"(?<=[人告方])([{SURNAMES}])([{GIVEN}]{{1,2}})(?=[，、（　與於所])", text
    ):
        yield _Edit(m.start(2), m.end(2), "○" * len(m[2]), "name masked", "mask")


def _lines(kind: str) -> Finder:
    def find(text: str) -> Iterator[_Edit]:
        starts = [0] + [m.end() for m in re.finditer("\n", text)]
        for a, b, c in zip(starts[1:], starts[2:], [*starts[3:], len(text) + 1], strict=False):
            line, nxt = text[a : b - 1], text[b : c - 1]
            if len(line.strip()) < 6 or line.startswith("|-"):
                continue
            if kind == "line dropped":
                yield _Edit(a, b, "", kind, "line", False)
            elif kind == "line duplicated":
                yield _Edit(b, b, text[a:b], kind, "line", False)
            elif len(nxt.strip()) >= 6 and not nxt.startswith("|-") and c <= len(text):
                yield _Edit(a, c - 1, nxt + "\n" + line, kind, "line", False)

    return find


def _glyphs(text: str) -> Iterator[_Edit]:
    for i, ch in enumerate(text):
        if ch in LOOK_ALIKES:
            yield _Edit(i, i + 1, LOOK_ALIKES[ch], "look-alike glyph", "glyph", False)


FINDERS: dict[str, Finder] = {
    "deontic": _deontic,
    "negation dropped": _negation_dropped,
    "negation inserted": _negation_inserted,
    "outcome": _swaps(OUTCOMES, "outcome"),
    "party": _swaps(PARTIES, "party"),
    **{f"number: {p}": _numbers(p) for p in POSITIONS},
    "mask": _masks,
    "name": _names,
    **{k: _lines(k) for k in ("line dropped", "line duplicated", "lines reordered")},
    "glyph": _glyphs,
}
GAP = 8  # characters kept between two seeded errors, so each is judged alone


def seed_errors(
    page: CorpusPage, rng: random.Random, count: int = 4, finders: list[str] | None = None
) -> SeededPage:
    """The page's transcript with up to ``count`` errors of different finders."""
    text = page.text
    names = list(finders or FINDERS)
    rng.shuffle(names)
    chosen: list[_Edit] = []
    for name in names:
        if len(chosen) >= count:
            break
        options = [e for e in FINDERS[name](text) if _apart(e, chosen, text)]
        if options:
            chosen.append(rng.choice(options))
    return apply(page, text, chosen)


def apply(page: CorpusPage, text: str, edits: list[_Edit]) -> SeededPage:
    out, errors, shift, at = [], [], 0, 0
    for e in sorted(edits, key=lambda e: e.start):
        out.append(text[at : e.start])
        start = e.start + shift
        end = start + len(e.new)
        if e.kind == "line dropped":
            end = start
        errors.append(
            ErrorSpan(e.kind, e.family, start, end, e.critical, text[e.start : e.end], e.new)
        )
        out.append(e.new)
        shift += len(e.new) - (e.end - e.start)
        at = e.end
    out.append(text[at:])
    return SeededPage(page, "".join(out), tuple(errors))


def _apart(edit: _Edit, chosen: list[_Edit], text: str) -> bool:
    """No two errors within ``GAP`` characters of each other (in the clean text)."""
    del text
    return all(edit.end + GAP < e.start or e.end + GAP < edit.start for e in chosen)


def _covered(pattern: re.Pattern[str], text: str) -> bytearray:
    mask = bytearray(len(text) + 1)
    for m in pattern.finditer(text):
        mask[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
    return mask


def _cjk(s: str) -> bool:
    return bool(s) and "\u4e00" <= s <= "\u9fff"


def _in_table(text: str, i: int) -> bool:
    return text[text.rfind("\n", 0, i) + 1 : i + 1].startswith("|")
