"""Generated multi-page judgments with seeded personal data, for the publish bench
(issue 25): text only (the working text of every page), no scan.

A file is a civil or criminal judgment of 5 to 30 pages. Its parties stand in the
party lines of page one (heading style 原　　告　林志明, or inline 原告林志明，…), with
their dates of birth, identity-card or resident certificate numbers, addresses and
phones, and recur in running text on later pages (after a role word or bare), with
their accounts, plates, e-mail addresses and phones (``personal_pages``). Some
persons are already masked in the source on some pages (林○○) and written in full
on others. Numbers are in full width now and then, as OCR'd text has them. Half the
files have their lines broken as a transcript of the scan has them (26–40 characters
a line, through a name, a number or its label).

Everything seeded is recorded with its place (``Seeded``), and so is what must be
kept (``Decoy``): companies and banks, the judge, clerk and prosecutors by name,
counsel (律師), statutes, case numbers, amounts, dates that are not births, exhibits,
companies' 統一編號, and the court's own public phone. That last one is not personal
data (a public switchboard), but masking it leaks nothing either, so the bench shows
it on its own row and leaves it out of precision.

Half the files also name witnesses, experts, victims or guarantors in running text,
by their role and then bare (``personal_others``); ``others`` holds their names.
``sentences``' prose is kept free of other names and addresses (its slots take this
file's persons).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from backend.publish.model import PersonalKind
from bench.corpus import personal_values as pv
from bench.corpus import vocab as v
from bench.corpus.personal_others import SHARE as OTHERS_SHARE
from bench.corpus.personal_others import other_sentence, others_of
from bench.corpus.personal_pages import (
    Decoy,
    FileFacts,
    Page,
    Person,
    Seeded,
    decoy_sentence,
    filler,
    personal_sentence,
)

__all__ = ["DECOY_KINDS", "NOT_IN_PRECISION", "Decoy", "PublishFile", "Seeded", "identifying",
           "publish_file"]  # fmt: skip
K = PersonalKind
DECOY_KINDS = ("organisation", "official", "counsel", "statute", "case_number", "amount",
               "date", "exhibit", "tax_id", "court_phone")  # fmt: skip
NOT_IN_PRECISION = frozenset({"court_phone"})  # public, not personal: shown apart
COMPANIES = ("鴻運營造股份有限公司", "三和實業有限公司", "立新企業社", "永昌資產管理股份有限公司",
             "大千物流股份有限公司", "友聯保全股份有限公司")  # fmt: skip
PD_SHARE, DECOY_SHARE = 0.35, 0.25  # of a body page's sentences; the rest is plain prose
FOREIGN_SHARE = 0.2
WRAPPED_SHARE = 0.5  # files whose lines are the scan's, 26–40 characters wide


@dataclass(frozen=True)
class PublishFile:
    seed: int
    pages: tuple[str, ...]
    seeded: tuple[Seeded, ...]
    decoys: tuple[Decoy, ...]
    others: frozenset[str] = frozenset()  # the names of persons outside the party lines


_NUMERALS = frozenset("〇零一二三四五六七八九十百")
_FORM = frozenset("縣市區鄉鎮村里鄰路街段巷弄號樓之")
_CIRCLES = frozenset("○〇◯Ｏ")


def identifying(seeded: Seeded) -> list[int]:
    """The offsets in ``seeded.text`` that must not survive a mask: a name's given
    glyphs (not its surname, not a circle already there); a number's digits and
    letters (any width); a date's numerals; an address's glyphs after its county,
    except the words that only give its form (路, 段, 號 …)."""
    text, kind = seeded.text, seeded.kind
    out = []
    kept = 0  # ``keep`` counts glyphs: a line end inside a surname (歐\n陽) is none
    for i, c in enumerate(text):
        if c == "\n":  # a scan's line end inside the span
            continue
        if kept < seeded.keep:
            kept += 1
            continue
        if kind is K.PERSON:
            keep = c in _CIRCLES
        elif kind is K.BIRTH_DATE:
            keep = not (c.isdigit() or c in _NUMERALS)
        elif kind is K.ADDRESS:
            keep = c in _FORM or c in _CIRCLES
        else:
            keep = not c.isalnum()
        if not keep:
            out.append(i)
    return out


def publish_file(seed: int, pages: int | None = None) -> PublishFile:
    """One judgment from ``seed`` (its page count drawn from 5 to 30 unless given)."""
    rng = random.Random(seed)
    n = pages or rng.randint(5, 30)
    f = _file(rng, n)
    f.side = random.Random(seed * 7919 + 17)  # the seed's own draws stay as they were
    taken = [p.name for p in f.persons] + f.officials + [f.counsel] + list(COMPANIES)
    f.others = others_of(f.side, f, taken, lambda r, name, role: _person(r, name, role, n))
    out = [_first_page(rng, f)]
    while len(out) < n:
        out.append(_body_page(rng, f, len(out), last=len(out) == n - 1))
    if rng.random() < WRAPPED_SHARE:  # lines as the scan's: through names and numbers
        width = rng.randint(26, 40)
        out = [p.wrapped(width) for p in out]
    seeded = tuple(x for p in out for x in p.seeded)
    decoys = tuple(x for p in out for x in p.decoys)
    others = frozenset(p.name for p in f.others)
    return PublishFile(seed, tuple(p.text for p in out), seeded, decoys, others)


def _names(rng: random.Random, count: int, parties: int) -> list[tuple[str, str]]:
    """``count`` distinct names, none inside another or inside a company's name; one
    party in five (among the first ``parties``) a resident with a transliterated name."""
    out: list[tuple[str, str]] = []
    while len(out) < count:
        name = pv.person_name(rng, foreign=len(out) < parties and rng.random() < FOREIGN_SHARE)
        taken = [n for n, _ in out] + list(COMPANIES)
        if not any(name[0] in t or t in name[0] for t in taken):
            out.append(name)
    return out


def _person(rng: random.Random, name: tuple[str, str], role: str, pages: int) -> Person:
    foreign = name[1] in pv.FOREIGN_SURNAMES
    number, bank = pv.account(rng)
    values = {
        K.NATIONAL_ID: (pv.national_id(rng), 0),
        K.RESIDENT_ID: (pv.resident_id(rng), 0),
        K.PHONE: pv.mobile(rng) if rng.random() < 0.7 else pv.landline(rng),
        K.ADDRESS: pv.address(rng),
        K.BIRTH_DATE: (pv.birth_date(rng)[0], 0),
        K.ACCOUNT: (number, 0),
        K.PLATE: (pv.plate(rng), 0),
        K.EMAIL: (pv.email(rng), 0),
    }
    del values[K.NATIONAL_ID if foreign else K.RESIDENT_ID]
    masked: frozenset[int] = frozenset()
    if rng.random() < 0.35:  # the source masks this person on some pages only
        masked = frozenset(i for i in range(pages) if rng.random() < 0.3)
    return Person(name[0], name[1], role, values, bank, masked)


def _file(rng: random.Random, pages: int) -> FileFacts:
    criminal = rng.random() < 0.4
    if criminal:
        roles = rng.choice((("告訴人", "被告"), ("自訴人", "被告")))
    else:
        roles = rng.choice((("原告", "被告"), ("上訴人", "被上訴人"), ("聲請人", "相對人")))
    names = _names(rng, 9, 4)
    persons = [_person(rng, names[0], roles[0], pages), _person(rng, names[1], roles[1], pages)]
    if rng.random() < 0.35:
        persons.append(_person(rng, names[2], roles[1], pages))
    if rng.random() < 0.3:  # a minor's statutory agent
        persons.append(_person(rng, names[3], "法定代理人", pages))
    officials = [n for n, _ in names[4:8]]  # judge, clerk, two prosecutors
    return FileFacts(
        criminal, roles, persons, rng.choice(COMPANIES), officials, names[8][0],
        v.case_number(rng),
    )  # fmt: skip


def _heading(role: str, spread: bool) -> str:
    """原　　告 / 上　訴　人 / 法定代理人: role words spread to one width (two-glyph
    roles to five, 被　　　告, when ``spread``, as some courts set them)."""
    if len(role) == 2:
        return role[0] + "　" * (3 if spread else 2) + role[1]
    if len(role) == 3:
        return "　".join(role)
    return role


def _first_page(rng: random.Random, f: FileFacts) -> Page:
    p = _head(rng, f)
    p.add(
        f"上列當事人間{rng.choice(v.CRIMES)[0] if f.criminal else rng.choice(v.CLAIMS)}事件，本院於"
    )
    p.decoy(v.roc_date(rng), "date")
    p.add(f"言詞辯論終結，判決如下：\n主　　文\n{f.roles[1]}應給付{f.roles[0]}")
    p.decoy(v.money(rng), "amount")
    p.add("。\n事實及理由\n")
    _body(p, rng, f, rng.randint(5, 10))
    return p


def _head(rng: random.Random, f: FileFacts) -> Page:
    """Page one down to the counsel: the court, the case number, the party lines."""
    p = Page(0)
    p.add(v.court(rng), "刑事判決\n" if f.criminal else "民事判決\n")
    p.decoy(f.case, "case_number")
    p.add("\n")
    heading, spread = rng.random() < 0.6, rng.random() < 0.3
    sep = "\n　　　　　" if heading else "，"
    if f.criminal and rng.random() < 0.6:  # a party line that names no person
        p.add("公　訴　人　" if heading else "公訴人")
        p.decoy(v.PROSECUTORS.format(c=rng.choice(v.CITIES)) + "檢察官", "organisation")
        p.add("\n")
    for person in f.persons:
        p.add(f"{_heading(person.role, spread)}　" if heading else person.role)
        p.name(person)
        _party_details(p, rng, f, person, sep)
        p.add("\n" if heading else "。\n")
    p.add(("選任辯護人　" if f.criminal else "訴訟代理人　") if heading else "訴訟代理人")
    p.decoy(f.counsel, "counsel")
    p.add("律師\n")
    return p


def _party_details(p: Page, rng: random.Random, f: FileFacts, who: Person, sep: str) -> None:
    """Sex and birth, the ID, the address and now and then a phone, as party lines
    give them."""
    if (f.criminal and who.role == "被告") or rng.random() < 0.3:
        p.add(sep, rng.choice("男女"), "　" if sep != "，" else "，")
        if rng.random() < 0.3:
            p.add("出生年月日：")
            p.value(rng, who, K.BIRTH_DATE)
        else:
            p.value(rng, who, K.BIRTH_DATE)
            p.add(rng.choice(("生", "出生")))
    if rng.random() < 0.8:
        if K.NATIONAL_ID in who.values:
            p.add(sep, rng.choice(("身分證統一編號：", "國民身分證統一編號：", "身分證字號：")))
            p.value(rng, who, K.NATIONAL_ID)
        else:
            p.add(sep, rng.choice(("居留證統一證號：", "統一證號：", "居留證號碼：")))
            p.value(rng, who, K.RESIDENT_ID)
        p.add(rng.choice(("", "號")))
    p.add(sep, rng.choice(("住", "住所：", "居所：", "送達地址：", "住：")))
    p.value(rng, who, K.ADDRESS)
    if rng.random() < 0.3:
        p.add(sep, rng.choice(("聯絡電話：", "電話：", "行動電話：")))
        p.value(rng, who, K.PHONE)
    if rng.random() < 0.15:
        p.add(sep, "電子郵件：")
        p.value(rng, who, K.EMAIL)


def _body_page(rng: random.Random, f: FileFacts, index: int, last: bool) -> Page:
    p = Page(index)
    p.decoy(f.case, "case_number")
    p.add("\n")
    _body(p, rng, f, rng.randint(12, 24))
    if last:
        p.add("中華民國")
        month, day = v.chinese(rng.randint(1, 12)), v.chinese(rng.randint(1, 28))
        p.decoy(f"{v.digitwise(114)}年{month}月{day}日", "date")
        p.add("\n", "刑事第五庭" if f.criminal else "民事第一庭", "　法　官　")
        p.decoy(f.officials[0], "official")
        p.add("\n以上正本證明與原本無異。\n書記官　")
        p.decoy(f.officials[1], "official")
        if rng.random() < 0.5:
            p.add("\n本院服務電話：")
            p.decoy(pv.landline(rng)[0], "court_phone")
        p.add("\n")
    return p


def _body(p: Page, rng: random.Random, f: FileFacts, sentences: int) -> None:
    for _ in range(sentences):
        roll = rng.random()
        if roll < PD_SHARE:
            personal_sentence(p, rng, f)
        elif roll < PD_SHARE + DECOY_SHARE:
            decoy_sentence(p, rng, f)
        else:
            filler(p, rng, f)
        if f.others and f.side.random() < OTHERS_SHARE:
            other_sentence(p, f.side, f, f.introduced)
        p.add("\n" if rng.random() < 0.4 else "")
