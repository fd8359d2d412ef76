"""Seeding the errors a VLM transcript really has, to measure the review aids.

Each function takes a correct page text and a ``random.Random`` and returns the
text with one error and where it is, or None when the page offers no place for
that kind of error. Generic on purpose: nothing here knows the sample's text.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Seeded:
    kind: str
    text: str  # the transcript with the error
    start: int  # the error's span in ``text`` (start == end: something was dropped here)
    end: int
    critical: bool  # a modal word or a number: must be flagged as critical
    removed: str = ""  # what was dropped, for an omission


# 得/應 in a modal position: before a verb-ish character, not inside 取得/獲得/對應/反應...
_MODAL = re.compile(
    r"(?<![取獲值記懂覺曉贏使免難])得(?=[以依予請再向於為將逕就聲上提])"
    r"|(?<![對相反回適供因照])應(?=[予即依於為以將逕負送行])"
)
_NUMERAL = re.compile(r"[0-9０-９一二三四五六七八九十百千壹貳參肆伍陸柒捌玖拾佰仟]")
_NUMBER_CONTEXT = re.compile(
    r"(第[^第\n]{1,8}?[條項款號])|(\d+|[一二三四五六七八九十○〇]+)年度|"
    r"新[臺台]幣[^元\n]{1,12}元|(民國|中華民國)[^日\n]{1,16}日|[一二三四五六七八九十]+年[^日\n]{1,8}日"
)
_DIGIT_SWAP = {
    **{str(d): str((d + 1) % 10) for d in range(10)},
    **{chr(0xFF10 + d): chr(0xFF10 + (d + 1) % 10) for d in range(10)},
    "一": "二", "二": "三", "三": "五", "四": "六", "五": "八", "六": "九", "七": "一",
    "八": "三", "九": "七", "十": "千", "百": "千", "千": "百",
    "壹": "貳", "貳": "參", "參": "肆", "肆": "伍", "伍": "陸", "陸": "柒", "柒": "捌",
    "捌": "玖", "玖": "壹", "拾": "佰", "佰": "仟", "仟": "佰",
}  # fmt: skip
LOOK_ALIKES = {
    "己": "已", "已": "己", "未": "末", "末": "未", "土": "士", "士": "土", "日": "曰",
    "人": "入", "入": "人", "大": "太", "天": "夭", "即": "既", "候": "侯", "撤": "撒",
    "辨": "辯", "辯": "辨", "刑": "形", "償": "賞", "徵": "微", "微": "徵",
    "准": "淮", "票": "栗", "拆": "折", "折": "拆", "於": "放", "裁": "栽", "戊": "戌",
}  # fmt: skip
GHOST_LINE = "以上證據均與本件爭點有關，請求調查。"  # text from the back of another sheet


def modal_flip(text: str, rng: random.Random) -> Seeded | None:
    spots = [m.start() for m in _MODAL.finditer(text)]
    spots += [m.start() for m in re.finditer("不得", text)]
    if not spots:
        return None
    at = rng.choice(spots)
    if text.startswith("不得", at):  # 不得 → 得: "must not" becomes "may"
        return Seeded("modal", text[:at] + text[at + 1 :], at, at + 1, critical=True)
    swapped = "應" if text[at] == "得" else "得"
    return Seeded("modal", text[:at] + swapped + text[at + 1 :], at, at + 1, critical=True)


def number_change(text: str, rng: random.Random) -> Seeded | None:
    spots = [
        m.start() + i
        for m in _NUMBER_CONTEXT.finditer(text)
        for i, ch in enumerate(m.group())
        if ch in _DIGIT_SWAP and _NUMERAL.match(ch)
    ]
    if not spots:
        return None
    at = rng.choice(spots)
    changed = text[:at] + _DIGIT_SWAP[text[at]] + text[at + 1 :]
    return Seeded("number", changed, at, at + 1, critical=True)


def drop_line(text: str, rng: random.Random) -> Seeded | None:
    lines = text.split("\n")
    choices = [i for i, line in enumerate(lines) if len(line.strip()) >= 4 and i > 0]
    if not choices:
        return None
    i = rng.choice(choices)
    at = len("\n".join(lines[:i])) + 1 if i else 0
    kept = lines[:i] + lines[i + 1 :]
    return Seeded("dropped line", "\n".join(kept), at, at, critical=False, removed=lines[i])


def bleed_line(text: str, rng: random.Random) -> Seeded | None:
    breaks = [m.start() for m in re.finditer("\n", text)]
    if not breaks:
        return None
    at = rng.choice(breaks) + 1
    changed = text[:at] + GHOST_LINE + "\n" + text[at:]
    return Seeded("bleed-through line", changed, at, at + len(GHOST_LINE), critical=False)


def glyph_swap(text: str, rng: random.Random) -> Seeded | None:
    spots = [i for i, ch in enumerate(text) if ch in LOOK_ALIKES]
    if not spots:
        return None
    at = rng.choice(spots)
    changed = text[:at] + LOOK_ALIKES[text[at]] + text[at + 1 :]
    return Seeded("look-alike glyph", changed, at, at + 1, critical=False)


def blur_guess(text: str, rng: random.Random) -> Seeded | None:
    """A blurred two-character word the model 'guessed' as other characters of the page."""
    words = [m.start() for m in re.finditer(r"[\u4e00-\u9fff]{2}", text)]
    pool = [ch for ch in text if "\u4e00" <= ch <= "\u9fff"]
    if not words or len(set(pool)) < 4:
        return None
    at = rng.choice(words)
    guess = "".join(rng.choice([c for c in pool if c not in text[at : at + 2]]) for _ in range(2))
    return Seeded("guessed blurred word", text[:at] + guess + text[at + 2 :], at, at + 2, False)


SEEDERS: dict[str, Callable[[str, random.Random], Seeded | None]] = {
    "modal": modal_flip,
    "number": number_change,
    "dropped line": drop_line,
    "bleed-through line": bleed_line,
    "look-alike glyph": glyph_swap,
    "guessed blurred word": blur_guess,
}
