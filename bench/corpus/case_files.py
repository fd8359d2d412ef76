"""Generated multi-page case files for issue 24's facts: text only (the transcript
and its truth), no scan.

A file is a civil or a criminal judgment of 5 to 60 pages whose facts recur as in
a real file: the case number in every page's header; the parties in 當事人, 主文
and 理由; the amount of 主文 again in 理由; the event dates, the statute and the
exhibits in 理由, written now with Arabic, now with Chinese numerals. The body
between them is ``sentences``' legal prose (its party slots filled with this
file's parties). Some files legitimately hold two case numbers (joined cases, one
glyph apart, both in every header) or two defendants. Beside them, what a judgment
restates once or twice (``case_events``: a second 主文 sum restated in 理由's
conclusion, the claim quoted, four events dated on two or three pages each).

Every fact the generator writes on purpose is recorded with its place (``Planted``),
so an error is seeded on one of them (``seed_error``) without asking the
extractor under test where facts are.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bench.corpus import sentences as s
from bench.corpus import vocab as v
from bench.corpus.case_events import NEW_KINDS, Extras, Parties, extras

POOL = 8  # the file's other sums, and its other dates
FACT_SHARE = 0.15  # of a page's sentences, those that state one of the file's facts
KINDS = ("case_number", "party", "amount", "date", "statute")
# The kinds ``seed_error`` changes unless told: the recurring facts (and "role").
RECURRING = (*KINDS, "role")
CHINESE_DIGITS = "一二三四五六七八九"
ARABIC_DIGITS = "0123456789"


@dataclass(frozen=True)
class Planted:
    page: int
    start: int
    end: int
    kind: str  # one of KINDS, or "role" (the role word before a party's name)
    fact: str  # which fact of the file: "case", "plaintiff", "amount" …


@dataclass(frozen=True)
class CaseFile:
    seed: int
    pages: tuple[str, ...]
    planted: tuple[Planted, ...]
    two_cases: bool
    two_defendants: bool


@dataclass(frozen=True)
class SeededError:
    page: int
    start: int  # in the changed page
    end: int
    kind: str
    before: str
    after: str


@dataclass
class _Page:
    text: str = ""
    planted: list[tuple[int, int, str, str]] = field(default_factory=list)

    def add(self, *parts: str | tuple[str, str, str]) -> None:
        """Plain text, or (text, kind, fact) recorded as planted."""
        for part in parts:
            if isinstance(part, tuple):
                text, kind, fact = part
                self.planted.append((len(self.text), len(self.text) + len(text), kind, fact))
                self.text += text
            else:
                self.text += part


def case_file(seed: int, pages: int | None = None, restated: bool = True) -> CaseFile:
    """One file from ``seed`` (its page count drawn from 5 to 60 unless given);
    ``restated``: with the facts a judgment restates once or twice (``case_events``),
    else the file as the bench first drew it, for figures comparable with then."""
    rng = random.Random(seed)
    n = pages or rng.randint(5, 60)
    criminal = rng.random() < 0.4
    f = _facts(rng, criminal)
    # The restated facts from a stream of their own: the rest is drawn as before them.
    ex = Extras()
    if restated:
        who = Parties(f.defendants[0], f.amount)
        ex = extras(random.Random(f"extras-{seed}"), n, criminal, f.roles, who)
    out = [_first_page(rng, f, criminal, ex)]
    while len(out) < n:
        out.append(_body_page(rng, f, criminal, len(out), len(out) == n - 1, ex))
    planted = tuple(
        Planted(i, a, b, kind, fact) for i, p in enumerate(out) for a, b, kind, fact in p.planted
    )
    return CaseFile(seed, tuple(p.text for p in out), planted, f.two_cases, f.two_defendants)


@dataclass
class _Facts:
    court: str
    cases: list[tuple[int, str, int]]  # (year, word, number)
    roles: tuple[str, str]
    plaintiff: str
    defendants: list[str]
    counsel: str
    amount: int
    amount_forms: list[str]
    dates: dict[str, tuple[int, int, int]]
    law: str
    article: int
    two_cases: bool
    two_defendants: bool
    # The file's other sums and dates (payments, fees, hearings): a file speaks of a
    # few, again and again, not of a new one in every sentence.
    sums: list[int] = field(default_factory=list)
    days: list[tuple[int, int, int]] = field(default_factory=list)
    articles: list[str] = field(default_factory=list)  # other articles the file cites


def _facts(rng: random.Random, criminal: bool) -> _Facts:
    year, number = rng.randint(105, 114), rng.randint(11, 999)
    word = (
        rng.choice(("訴", "重訴", "簡上", "易")) if not criminal else rng.choice(("易", "簡", "訴"))
    )
    cases = [(year, word, number)]
    two_cases = rng.random() < 0.25
    if two_cases:  # joined cases: numbers one glyph apart, as consecutive filings are
        cases.append((year, word, number + rng.choice((1, 2, 10))))
    two_defendants = rng.random() < 0.3
    people: list[str] = []  # a list: a set's order would follow the hash seed
    while len(people) < 4:
        person = v.person(rng)
        if person not in people:
            people.append(person)
    plaintiff, first, second, counsel = people
    amount = rng.choice((rng.randint(1, 99) * 10_000, rng.randint(10_000, 9_999_999)))
    forms = [f"新臺幣{v.arabic(amount, sep=True)}元", f"新臺幣{v.formal(amount)}元"]
    forms.append(f"新臺幣{v.chinese(amount)}元")
    dates = {e: (rng.randint(105, 113), rng.randint(1, 12), rng.randint(1, 28)) for e in "LDH"}
    law, article = ("刑法", rng.choice((320, 339, 277, 185))) if criminal else ("民法", 478)
    if not criminal and rng.random() < 0.5:
        article = rng.choice((184, 179, 767, 455))
    roles = (
        ("告訴人", "被告") if criminal else rng.choice((("原告", "被告"), ("上訴人", "被上訴人")))
    )
    sums = [
        rng.choice(
            (rng.randint(1, 99) * 1000, rng.randint(1, 999) * 100, rng.randint(1000, 9_999_999))
        )
        for _ in range(POOL)
    ]  # as ``vocab.money`` draws them
    days = [(rng.randint(95, 114), rng.randint(1, 12), rng.randint(1, 28)) for _ in range(POOL)]
    articles = [v.article(rng) for _ in range(POOL)]
    return _Facts(
        v.court(rng), cases, roles, plaintiff, [first, second] if two_defendants else [first],
        counsel, amount, forms, dates, law, article, two_cases, two_defendants, sums, days,
        articles,
    )  # fmt: skip


def _case_text(rng: random.Random, case: tuple[int, str, int], arabic: bool) -> str:
    year, word, number = case
    if arabic:
        return f"{year}年度{word}字第{number}號"
    return f"{v.digitwise(year)}年度{word}字第{v.chinese(number)}號"


def _date_text(rng: random.Random, ymd: tuple[int, int, int]) -> str:
    y, m, d = ymd
    if rng.random() < 0.5:
        return f"中華民國{v.digitwise(y)}年{v.chinese(m)}月{v.chinese(d)}日"
    return f"{y}年{m}月{d}日"


def _header(p: _Page, rng: random.Random, f: _Facts, arabic: bool) -> None:
    for case in f.cases:
        p.add((_case_text(rng, case, arabic), "case_number", f"case{case[2]}"), "\n")


def _first_page(rng: random.Random, f: _Facts, criminal: bool, ex: Extras) -> _Page:
    p = _Page()
    p.add(f"{f.court}{'刑事' if criminal else '民事'}判決\n")
    _header(p, rng, f, arabic=rng.random() < 0.5)
    a, b = f.roles
    p.add(f"{a}　", (f.plaintiff, "party", "plaintiff"), "\n")
    p.add("訴訟代理人　", (f.counsel, "party", "counsel"), "\n")
    for i, name in enumerate(f.defendants):
        p.add(f"{b}　", (name, "party", f"defendant{i}"), "\n")
    claim = rng.choice(v.CLAIMS) if not criminal else "竊盜"
    p.add(f"上列當事人間{claim}事件，本院判決如下：\n主　　文\n")
    who = "、".join(f.defendants)
    amount = (rng.choice(f.amount_forms), "amount", "amount")
    if criminal:
        p.add(f"{b}", (f.defendants[0], "party", "defendant0"), "犯竊盜罪，處有期徒刑六月。")
        p.add("未扣案之犯罪所得", amount, "沒收。\n")
    else:
        p.add(f"{b}{who}應給付{a}", amount, "，及自", (_date_text(rng, f.dates["D"]), "date", "D"))
        p.add("起至清償日止，按週年利率百分之五計算之利息。\n")
    p.add(*ex.main)
    if not criminal:
        p.add("訴訟費用由被告負擔。\n")
    p.add("事實及理由\n", *ex.claim)
    _body(p, rng, f, criminal, rng.randint(4, 8))
    _extras(p, ex, 0)
    return p


def _body_page(
    rng: random.Random, f: _Facts, criminal: bool, index: int, last: bool, ex: Extras
) -> _Page:
    p = _Page()
    _header(p, rng, f, arabic=rng.random() < 0.5)
    _body(p, rng, f, criminal, rng.randint(16, 30))
    _extras(p, ex, index)
    if last:
        p.add("中華民國", (f"{v.digitwise(114)}年五月二十日", "date", "J"), "\n法官　", v.name(rng))
    return p


def _extras(p: _Page, ex: Extras, index: int) -> None:
    """The restated facts this page holds, each sentence on a line of its own."""
    for sentence in ex.pages.get(index, ()):
        p.add("\n" if p.text and not p.text.endswith("\n") else "", *sentence, "\n")


def _body(p: _Page, rng: random.Random, f: _Facts, criminal: bool, sentences: int) -> None:
    kind = "criminal judgment" if criminal else "civil judgment"
    for _ in range(sentences):
        if rng.random() < FACT_SHARE:
            _fact_sentence(p, rng, f, criminal)
        else:
            p.add(_filler(rng, f, kind))
        p.add("\n" if rng.random() < 0.4 else "")


def _filler(rng: random.Random, f: _Facts, kind: str) -> str:
    """A sentence of ``sentences``' prose, this file's parties in its party slots and
    its other sums and dates in their slots, each written in one of the usual forms."""
    a, b = f.roles
    template = rng.choice(s.BY_KIND[kind])
    while "{money}" in template:
        template = template.replace("{money}", _sum_text(rng, rng.choice(f.sums)), 1)
    while "{art}" in template:
        template = template.replace("{art}", rng.choice(f.articles), 1)
    for slot in ("{date}", "{roc}"):
        while slot in template:
            template = template.replace(slot, _date_text(rng, rng.choice(f.days)), 1)
    template = template.replace("{A}{p}", "{A}" + f.plaintiff).replace(
        "{B}{p}", "{B}" + f.defendants[0]
    )
    template = template.replace("被告{p}", "被告" + f.defendants[0])
    template = template.replace("告訴人{p}", "告訴人" + f.plaintiff)
    return s.fill(template, rng, (a, b))


def _fact_sentence(p: _Page, rng: random.Random, f: _Facts, criminal: bool) -> None:
    a, b = f.roles
    plaintiff = (f.plaintiff, "party", "plaintiff")
    i = rng.randrange(len(f.defendants))
    defendant = (f.defendants[i], "party", f"defendant{i}")
    amount = (rng.choice(f.amount_forms), "amount", "amount")
    statute = (_article(rng, f.article), "statute", "statute")
    loan = (_date_text(rng, f.dates["L"]), "date", "L")
    roll = rng.randrange(6)
    if roll == 0:
        p.add(f"{a}", plaintiff, "主張：", f"{b}", defendant, "於", loan)
        p.add("向其借款" if not criminal else "竊取其所有之財物，價值", amount, "等語。")
    elif roll == 1:
        p.add(f"按{f.law}", statute, "定有明文。")
    elif roll == 2:
        p.add(f"從而，{a}依{f.law}", statute, f"規定，請求{b}給付", amount, "，為有理由。")
    elif roll == 3:
        p.add(f"{b}", defendant, "雖辯稱其於", loan, "並未取得款項云云，惟與卷證不符。")
    elif roll == 4:
        p.add("訴訟代理人", (f.counsel, "party", "counsel"), "到庭陳述意見。")
    else:
        who = (f"{b}", "role", f"defendant{i}")
        p.add(
            "本件",
            who,
            defendant,
            f"與{a}",
            plaintiff,
            f"間之紛爭，業經{a}提出原證{v.chinese(rng.randint(1, 6))}為證。",
        )


def _sum_text(rng: random.Random, n: int) -> str:
    body = rng.choice((v.arabic(n, sep=True), v.chinese(n), v.formal(n), v.arabic(n, True, True)))
    return f"新臺幣{body}元"


def _article(rng: random.Random, article: int) -> str:
    return f"第{v.chinese(article) if rng.random() < 0.6 else article}條"


_SCRIPTS = (ARABIC_DIGITS, "〇" + CHINESE_DIGITS, "零壹貳參肆伍陸柒捌玖")
ROLE_SWAPS = {"被告": "原告", "被上訴人": "上訴人"}
MIN_PAGES = 4  # a fact seeded with an error is on this many pages: the file knows it


def seed_error(
    doc: CaseFile, rng: random.Random, kinds: tuple[str, ...] = RECURRING
) -> tuple[tuple[str, ...], SeededError]:
    """``doc``'s pages with one planted fact of ``kinds`` changed by one glyph or digit
    on one page (a party's name, a digit of a number, a defendant named under the
    other role), among the facts on at least ``MIN_PAGES`` pages, or, for the facts a
    judgment restates (``NEW_KINDS``: the 理由 sum, an event's date), on two: the file
    writes them once or twice, and another place still holds the right value. The
    change never makes another fact's text (a joined case's number)."""
    pages_of: dict[str, set[int]] = {}
    for p in doc.planted:
        pages_of.setdefault(p.fact, set()).add(p.page)
    texts = {doc.pages[p.page][p.start : p.end] for p in doc.planted}
    pool = [
        p
        for p in doc.planted
        if p.kind in kinds and len(pages_of[p.fact]) >= (2 if p.kind in NEW_KINDS else MIN_PAGES)
    ]
    for _ in range(200):
        place = rng.choice(pool)
        before = doc.pages[place.page][place.start : place.end]
        after = _changed(rng, place.kind, before)
        if after is None or after == before or after in texts:
            continue
        page = doc.pages[place.page]
        pages = list(doc.pages)
        pages[place.page] = page[: place.start] + after + page[place.end :]
        end = place.start + len(after)
        kind = place.kind
        return tuple(pages), SeededError(place.page, place.start, end, kind, before, after)
    raise ValueError(f"no fact of file {doc.seed} can take an error")


def _changed(rng: random.Random, kind: str, text: str) -> str | None:
    if kind == "role":
        return ROLE_SWAPS.get(text)
    if kind == "party":
        glyphs = [i for i, c in enumerate(text) if c not in "○〇"]
        n = rng.choice(glyphs)
        pool = v.SURNAMES + v.GIVEN  # a surname misread may be no surname (林 -> 志)
        return text[:n] + rng.choice([c for c in pool if c != text[n]]) + text[n + 1 :]
    digits = [(i, sc) for i, c in enumerate(text) for sc in _SCRIPTS if c in sc]
    if not digits:
        return None
    i, script = rng.choice(digits)
    return text[:i] + rng.choice([c for c in script if c != text[i]]) + text[i + 1 :]
