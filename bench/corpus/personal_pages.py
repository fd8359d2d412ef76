"""The pages of the publish bench's judgments (``personal_data``), written sentence
by sentence with every seeded span and decoy recorded where it is put: a file's
persons and their numbers in running text, the text that must be kept, and
``sentences``' plain legal prose."""

from __future__ import annotations

import random
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from itertools import pairwise

from backend.publish.model import PersonalKind
from bench.corpus import personal_values as pv
from bench.corpus import sentences as s
from bench.corpus import vocab as v

K = PersonalKind
MASK = "○"
LAWS = ("民法", "刑法", "民事訴訟法", "刑事訴訟法", "道路交通管理處罰條例", "個人資料保護法")


@dataclass(frozen=True)
class Seeded:
    """One occurrence of personal data: ``text`` is ``pages[page][start:end]``;
    ``key`` names the person or number (every occurrence of one person shares it);
    the first ``keep`` characters are not identifying (a surname, +886, a county)."""

    page: int
    start: int
    end: int
    kind: PersonalKind
    text: str
    key: str
    keep: int = 0


@dataclass(frozen=True)
class Decoy:
    """Text that must be published as it is (``kind`` one of ``DECOY_KINDS``)."""

    page: int
    start: int
    end: int
    kind: str
    text: str


@dataclass
class Person:
    name: str
    surname: str
    role: str
    values: dict[PersonalKind, tuple[str, int]]  # the person's numbers: (text, keep)
    bank: str = ""
    masked_pages: frozenset[int] = frozenset()


@dataclass
class FileFacts:
    criminal: bool
    roles: tuple[str, str]
    persons: list[Person]
    company: str
    officials: list[str]  # judge, clerk, prosecutors
    counsel: str
    case: str
    # Persons outside the party lines (``personal_others``), their own random stream,
    # and the ones the file has already named by role.
    others: list[Person] = field(default_factory=list)
    side: random.Random = field(default_factory=random.Random)
    introduced: set[str] = field(default_factory=set)


@dataclass
class Page:
    index: int
    text: str = ""
    seeded: list[Seeded] = field(default_factory=list)
    decoys: list[Decoy] = field(default_factory=list)

    def add(self, *parts: str) -> None:
        self.text += "".join(parts)

    def seed(self, text: str, kind: PersonalKind, key: str, keep: int = 0) -> None:
        n = len(self.text)
        self.seeded.append(Seeded(self.index, n, n + len(text), kind, text, key, keep))
        self.text += text

    def decoy(self, text: str, kind: str) -> None:
        n = len(self.text)
        self.decoys.append(Decoy(self.index, n, n + len(text), kind, text))
        self.text += text

    def name(self, person: Person) -> None:
        """``person``'s name, as this page writes it (masked already on some)."""
        text = person.surname + MASK * 2 if self.index in person.masked_pages else person.name
        self.seed(text, K.PERSON, person.name, len(person.surname))

    def wrapped(self, width: int) -> Page:
        """This page as a transcript of its scan has it: every line broken after
        ``width`` characters, through a name or a number as the scan's lines fall;
        the records moved with their text (a span broken in two keeps the line end)."""
        breaks: list[int] = []  # a line end goes before the character at each
        text, run = self.text, 0
        for i, c in enumerate(text):
            if c == "\n":
                run = 0
                continue
            if run == width:
                breaks.append(i)
                run = 0
            run += 1
        if not breaks:
            return self

        def moved(start: int, end: int) -> tuple[int, int]:
            return start + bisect_right(breaks, start), end + bisect_left(breaks, end)

        out = Page(self.index, "".join(_pieces(text, breaks)))
        for x in self.seeded:
            a, b = moved(x.start, x.end)
            out.seeded.append(Seeded(x.page, a, b, x.kind, out.text[a:b], x.key, x.keep))
        for d in self.decoys:
            a, b = moved(d.start, d.end)
            out.decoys.append(Decoy(d.page, a, b, d.kind, out.text[a:b]))
        return out

    def value(self, rng: random.Random, person: Person, kind: PersonalKind) -> None:
        """One of ``person``'s numbers (in full width now and then)."""
        text, keep = person.values[kind]
        written = text if kind in (K.ADDRESS, K.EMAIL) else pv.maybe_wide(rng, text)
        self.seed(written, kind, text, keep)


def _pieces(text: str, breaks: list[int]) -> list[str]:
    cuts = [0, *breaks, len(text)]
    return ["\n".join(text[a:b] for a, b in pairwise(cuts))]


def personal_sentence(p: Page, rng: random.Random, f: FileFacts) -> None:
    """A sentence of running text that names a person and, mostly, one of their numbers."""
    who = rng.choice(f.persons)
    other = rng.choice([x for x in f.persons if x is not who])
    if rng.random() < 0.6:
        p.add(who.role)  # 原告林志明…; else the bare name, as later pages write it
    p.name(who)
    roll = rng.randrange(9)
    if roll == 0:
        p.add("於")
        p.decoy(v.date(rng), "date")
        p.add(rng.choice(("駕駛車牌號碼", "騎乘車號", "駕駛其所有之車牌號碼")))
        p.value(rng, who, K.PLATE)
        p.add(rng.choice(("號自用小客車", "號普通重型機車", "號車輛")), "，行經事故地點。")
    elif roll == 1:
        p.add(rng.choice(("以其持用之行動電話", "以門號", "撥打電話")))
        p.value(rng, who, K.PHONE)
        p.add("聯繫")
        p.name(other)
        p.add("，約定見面時間。")
    elif roll == 2:
        p.add("將款項匯入")
        p.name(other)
        p.add("名下之")
        _account(p, rng, other)
        p.add("帳戶內。")
    elif roll == 3:
        p.add(rng.choice(("以電子郵件（", "寄發電子郵件至信箱（")))
        p.value(rng, who, K.EMAIL)
        p.add("）通知對方。")
    elif roll == 4:
        p.add(rng.choice(("現住", "戶籍設於", "於其位於")))
        p.value(rng, who, K.ADDRESS)
        p.add(rng.choice(("。", "之住處接獲通知。")))
    elif roll == 5:
        p.add("（")
        p.value(rng, who, K.BIRTH_DATE)
        p.add(rng.choice(("生", "出生")), "，")
        _id(p, rng, who)
        p.add("）到庭陳述。")
    elif roll == 6:
        p.add(rng.choice(("之出生年月日為", "，出生日期：", "，出生年月日：")))
        p.value(rng, who, K.BIRTH_DATE)
        p.add("，有戶籍資料在卷可參。")
    elif roll == 7:
        p.add("到庭陳稱與")
        p.name(other)
        p.add("素不相識等語。")
    else:
        p.add("之聯絡電話為")
        p.value(rng, who, K.PHONE)
        p.add("，業經本院電話紀錄查明。")


def _account(p: Page, rng: random.Random, who: Person) -> None:
    if not who.bank:
        p.add(rng.choice(("郵政劃撥帳號", "劃撥帳號")))
        p.value(rng, who, K.ACCOUNT)
        p.add("號")
        return
    p.decoy(who.bank, "organisation")
    label = rng.choice(("帳號", "帳號：", "（帳號"))
    p.add(label)
    p.value(rng, who, K.ACCOUNT)
    p.add("）" if label.startswith("（") else "號")


def _id(p: Page, rng: random.Random, who: Person) -> None:
    if K.NATIONAL_ID in who.values:
        p.add(rng.choice(("身分證統一編號：", "身分證字號", "國民身分證統一編號")))
        p.value(rng, who, K.NATIONAL_ID)
    else:
        p.add(rng.choice(("居留證號碼", "統一證號：")))
        p.value(rng, who, K.RESIDENT_ID)


def decoy_sentence(p: Page, rng: random.Random, f: FileFacts) -> None:
    """A sentence whose names and numbers must all be kept."""
    roll = rng.randrange(8)
    if roll == 0:
        p.add("依")
        n = rng.randint(1, 999)
        p.decoy(f"{rng.choice(LAWS)}第{v.chinese(n) if rng.random() < 0.6 else n}條", "statute")
        p.add("規定，應予准許。")
    elif roll == 1:
        p.add("有")
        n = rng.randint(1, 12)
        p.decoy(f"{rng.choice(('原證', '被證', '證物'))}{v.chinese(n) if n % 2 else n}", "exhibit")
        p.add("、")
        p.decoy(f"附表編號{rng.randint(1, 30)}", "exhibit")
        p.add("在卷可稽。")
    elif roll == 2:
        p.decoy(f.company, "organisation")
        p.add("（統一編號：")
        p.decoy(pv.maybe_wide(rng, "".join(rng.choice("0123456789") for _ in range(8))), "tax_id")
        p.add("）為本件之債務人。")
    elif roll == 3:
        p.add("本案經檢察官")
        p.decoy(f.officials[2], "official")
        p.add("提起公訴，檢察官")
        p.decoy(f.officials[3], "official")
        p.add("到庭執行職務。")
    elif roll == 4:
        p.add(rng.choice(("訴訟代理人", "辯護人")))
        p.decoy(f.counsel, "counsel")
        p.add("律師到庭陳述意見。")
    elif roll == 5:
        p.add(rng.choice(("事故日期：", "本件事故係於", "系爭契約於")))
        p.decoy(v.date(rng), "date")
        p.add(rng.choice(("發生。", "發生車禍。", "簽訂。", "")))
    elif roll == 6:
        p.add("請求賠償")
        p.decoy(v.money(rng), "amount")
        p.add("，並經本院以")
        p.decoy(v.case_number(rng), "case_number")
        p.add("判決在案。")
    else:
        p.add("審判長法官")
        p.decoy(f.officials[0], "official")
        p.add("諭知辯論終結，書記官")
        p.decoy(f.officials[1], "official")
        p.add("記明筆錄。")


_SLOT = re.compile(r"\{(\w+)\}")
_DECOY_SLOTS = {"money": "amount", "date": "date", "roc": "date", "ad": "date",
                "case": "case_number", "art": "statute", "court": "organisation"}  # fmt: skip


def filler(p: Page, rng: random.Random, f: FileFacts) -> None:
    """A sentence of ``sentences``' prose: its name and address slots filled with this
    file's persons (seeded), its sums, dates, case numbers, articles and courts
    recorded as decoys."""
    kind = "criminal judgment" if f.criminal else "civil judgment"
    template = rng.choice([t for t in s.BY_KIND[kind] if "{yob}" not in t])
    done = 0
    for m in _SLOT.finditer(template):
        p.add(template[done : m.start()])
        done = m.end()
        slot = m[1]
        if slot in ("A", "B"):
            p.add(f.roles[slot == "B"])
        elif slot in ("p", "name", "mask"):
            p.name(rng.choice(f.persons))
        elif slot == "addr":
            p.value(rng, rng.choice(f.persons), K.ADDRESS)
        elif slot in _DECOY_SLOTS:
            p.decoy(s.FILLERS[slot](rng), _DECOY_SLOTS[slot])
        elif slot == "c":
            p.add(rng.choice(v.CITIES) + "市")
        else:
            p.add(s.FILLERS[slot](rng))
    p.add(template[done:])
