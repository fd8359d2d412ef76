"""What a judgment restates beyond the facts of every page (issue 24 point 2): the
sum of a second obligation ordered in 主文 and restated once in 理由's conclusion,
the original claim quoted (a sum other than the one granted), and the events the
file dates (起訴, 送達, 言詞辯論終結, 宣判; a criminal file's 報案, 提起公訴, 審理終結).

Real judgments write these once or twice each, so the cross-page check meets them
rarely written: the 主文 sum against the 理由 sum, each once; an event dated on two
or three pages. The look-alikes a clean file must not be flagged for are here too:
the claim one digit from the sum granted (a partial grant), a second obligation one
digit from the first, events a few days apart (起訴 and 送達), a family member
masked as the defendant is (王○○ and 王○○ are two people).

Drawn from a random stream of its own (``case_files.case_file`` passes it), so the
facts the older files held, and the errors seeded on them, are drawn as before.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from bench.corpus import vocab as v

ROC = 1911
# Kinds of the planted facts added here; only the first two take seeded errors.
REASONS_AMOUNT = "reasons_amount"  # 理由's restatement of a 主文 sum (once)
EVENT_DATE = "event_date"  # an event's date (on two or three pages)
NEW_KINDS = (REASONS_AMOUNT, EVENT_DATE)
# Civil events (the words after the date label the event) in the order they happen,
# each with the days after the one before it: 送達 follows 起訴 by days (a close date
# of another event), 宣判 follows the hearing's close by two to four weeks.
CIVIL_EVENTS = (
    ("起訴", "原告於{d}具狀提起本件訴訟，", (0, 0)),
    ("送達", "起訴狀繕本於{d}送達被告，", (2, 12)),
    ("終結", "本件於{d}言詞辯論終結，", (60, 200)),
    ("宣判", "並定於{d}宣判，", (10, 30)),
)
CRIMINAL_EVENTS = (
    ("報案", "告訴人於{d}報警處理，", (0, 0)),
    ("起訴", "檢察官於{d}提起公訴，", (30, 120)),
    ("終結", "本件於{d}審理終結，", (60, 200)),
    ("宣判", "並定於{d}宣判，", (10, 30)),
)
SECOND_OBLIGATIONS = ("賠償", "返還", "支付")
# How a conclusion grants a claim: its sum, then these words (the interest may come first).
GRANTS = (
    "，為有理由，應予准許。",
    "，洵屬有據，應予准許。",
    "，及自起訴狀繕本送達翌日起至清償日止，按週年利率百分之五計算之利息，為有理由，應予准許。",
)
MASKS = "○〇"


@dataclass(frozen=True)
class Parties:
    defendant: str
    amount: int  # the sum 主文 orders first


@dataclass
class Extras:
    """What ``case_file`` adds: text for 主文, the claim after 事實及理由, and per page."""

    main: list[str | tuple[str, str, str]] = field(default_factory=list)
    claim: list[str | tuple[str, str, str]] = field(default_factory=list)
    pages: dict[int, list[list[str | tuple[str, str, str]]]] = field(default_factory=dict)


def extras(
    rng: random.Random, pages: int, criminal: bool, roles: tuple[str, str], parties: Parties
) -> Extras:
    """The restated facts of a file of ``pages`` pages (``rng``: their own stream);
    ``parties``: the defendant's name and the sum 主文 orders first."""
    out = Extras()
    a, b = roles
    amount = rng.choice((rng.randint(1, 99) * 10_000, rng.randint(10_000, 2_999_999)))
    word = "支付" if criminal else rng.choice(SECOND_OBLIGATIONS)
    main = (_sum(rng, amount), "amount2", "amount2")
    restated = (_sum(rng, amount), REASONS_AMOUNT, "amount2")
    last = pages - 1
    said: list[str | tuple[str, str, str]]
    if criminal:
        out.main = ["緩刑二年，並應於本判決確定之日起一年內向公庫支付", main, "。\n"]
        said = ["併命", b, "應於本判決確定之日起一年內向公庫支付", restated, "。"]
    else:
        out.main = [f"{b}應{word}{a}", main, "。\n"]
        claim = _one_digit_off(rng, amount) if rng.random() < 0.5 else amount * 2
        out.claim = [f"{a}起訴請求{b}{word}", (_sum(rng, claim), "claim", "claim")]
        out.claim += ["，及自起訴狀繕本送達翌日起至清償日止，按週年利率百分之五計算之利息。\n"]
        said = [f"從而，{a}依侵權行為之法律關係，請求{b}{word}", restated]
        said += [rng.choice(GRANTS)]
    out.pages.setdefault(last, []).append(said)
    if not criminal and rng.random() < 0.3:  # a sum one digit from the first one ordered
        other = _one_digit_off(rng, parties.amount)
        out.main += [f"{b}應再給付{a}違約金", (_sum(rng, other), "penalty", "penalty"), "。\n"]
    defendant = parties.defendant
    if set(defendant[1:]) <= set(MASKS) and rng.random() < 0.4:
        # A relative of the defendant (the victim, or their legal representative),
        # masked as the defendant is: the same 王○○, another person.
        role = "告訴人" if criminal else "法定代理人"
        told: list[str | tuple[str, str, str]] = [role, (defendant, "relative", "relative")]
        out.pages.setdefault(rng.randrange(1, pages), []).append(
            [*told, "於本院審理時到庭陳述意見。"]
        )
    day = date(rng.randint(105, 112) + ROC, rng.randint(1, 12), rng.randint(1, 28))
    for name, sentence, (lo, hi) in CRIMINAL_EVENTS if criminal else CIVIL_EVENTS:
        day += timedelta(days=rng.randint(lo, hi))
        where = rng.sample(range(pages), rng.choice((2, 2, 3)))
        for page in where:
            text = _date(rng, day)
            head, tail = sentence.split("{d}")
            dated: list[str | tuple[str, str, str]] = [head, (text, EVENT_DATE, f"event:{name}")]
            out.pages.setdefault(page, []).append([*dated, tail + "有卷內資料可稽。"])
    return out


def _sum(rng: random.Random, n: int) -> str:
    body = rng.choice((v.arabic(n, sep=True), v.chinese(n), v.formal(n)))
    if not any(c in body for c in "123456789一二三四五六七八九壹貳參肆伍陸柒捌玖"):
        body = v.arabic(n, sep=True)  # 十萬 has no digit to misread: a seeded error needs one
    return f"新臺幣{body}元"


def _one_digit_off(rng: random.Random, n: int) -> int:
    """``n`` with one of its nonzero digits changed: a sum one digit from it."""
    text = str(n)
    at = rng.choice([i for i, c in enumerate(text) if c != "0"])
    digit = rng.choice([c for c in "123456789" if c != text[at]])
    return int(text[:at] + digit + text[at + 1 :])


def _date(rng: random.Random, day: date) -> str:
    y, m, d = day.year - ROC, day.month, day.day
    if rng.random() < 0.5:
        return f"中華民國{v.digitwise(y)}年{v.chinese(m)}月{v.chinese(d)}日"
    return f"{y}年{m}月{d}日"
