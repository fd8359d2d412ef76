"""A document's content: a heading, paragraphs, perhaps a table, a signature line.

``compose(kind, rng, min_chars)`` draws sentences of that kind of document
(``sentences``) until the page holds at least ``min_chars`` characters; tables
(fees, evidence, seized items, instalments) carry numbers in cells.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bench.corpus import vocab as v
from bench.corpus.sentences import BY_KIND, PARTIES, RELATED, fill

KINDS = (*BY_KIND, "fee table", "evidence table")
TITLES = {
    "statute": [
        "{c}自治條例",
        "租賃住宅管理條例",
        "行政程序補充規定",
        "公寓大廈管理辦法",
        "勞動條件補充規定",
    ],
    "civil judgment": ["{court}民事判決"],
    "criminal judgment": ["{court}刑事判決", "{court}刑事簡易判決"],
    "indictment": ["{pros}檢察官起訴書"],
    "ruling": ["{court}民事裁定", "{court}刑事裁定"],
    "contract": ["房屋租賃契約書", "買賣契約書", "借款契約書", "工程承攬契約書"],
    "notice": ["{c}政府函", "法務部行政執行署{c}分署通知", "{c}稅務局催繳通知書"],
    "settlement": ["{c}{d}區調解委員會調解書", "{court}調解筆錄", "{court}和解筆錄"],
}


@dataclass(frozen=True)
class Block:
    """One piece of a page: a heading, a paragraph, a right-aligned line or a table."""

    kind: str  # "title" | "para" | "right" | "table"
    text: str = ""
    rows: tuple[tuple[str, ...], ...] = ()

    @property
    def chars(self) -> int:
        return len(self.text) + sum(len("".join(r)) for r in self.rows)


def compose(kind: str, rng: random.Random, min_chars: int, table: bool = False) -> list[Block]:
    base = {"fee table": "civil judgment", "evidence table": "criminal judgment"}.get(kind, kind)
    roles = rng.choice(PARTIES[base])
    blocks = [Block("title", _title(base, rng))]
    if base not in ("statute", "contract"):
        blocks.append(Block("right", v.case_number(rng)))
    if base in ("civil judgment", "criminal judgment", "ruling"):
        blocks.append(Block("para", f"{roles[0]}　{v.person(rng)}　住{v.address(rng)}"))
        blocks.append(Block("para", f"{roles[1]}　{v.person(rng)}　住{v.address(rng)}"))
        blocks.append(Block("title", "主　　文"))
    templates = BY_KIND[base]
    with_table = table or kind in ("fee table", "evidence table")
    want = min_chars - (120 if with_table else 0)
    related = BY_KIND[RELATED[base]]
    order = rng.sample(templates, len(templates)) + rng.sample(related, len(related))
    i = 0
    while sum(b.chars for b in blocks) < want:
        blocks.append(Block("para", fill(order[i % len(order)], rng, roles)))
        i += 1
    if with_table:
        which = {"fee table": "fees", "evidence table": rng.choice(("evidence", "seized"))}
        blocks.append(Block("title", "附表" + v.chinese(rng.randint(1, 4))))
        blocks.append(
            table_block(
                which.get(kind, rng.choice(("fees", "evidence", "seized", "payments"))), rng
            )
        )
    blocks.append(Block("right", v.roc_date(rng)))
    return blocks


def _title(kind: str, rng: random.Random) -> str:
    return rng.choice(TITLES[kind]).format(
        c=rng.choice(v.CITIES) + "市",
        d=rng.choice(v.DISTRICTS),
        court=v.court(rng),
        pros=v.PROSECUTORS.format(c=rng.choice(v.CITIES)),
    )


def table_block(which: str, rng: random.Random) -> Block:
    rows: list[tuple[str, ...]]
    n = rng.randint(3, 6)
    if which == "fees":
        rows = [("編號", "項目", "金額（新臺幣）", "備註")]
        for i in range(n):
            amount = rng.randint(3, 400) * 10
            shown = v.arabic(amount, sep=True) if rng.random() < 0.6 else v.chinese(amount)
            note = rng.choice(
                ("", "已繳", "由被告負擔", f"{v.any_count(rng.randint(1, 9), rng)}份")
            )
            rows.append((v.arabic(i + 1), rng.choice(v.ITEMS_OF_FEES), f"{shown}元", note))
    elif which == "evidence":
        rows = [("編號", "證據名稱", "數量", "卷頁")]
        for i in range(n):
            pages = rng.randint(1, 300)
            count = f"{v.any_count(rng.randint(1, 12), rng)}份"
            rows.append((v.chinese(i + 1), rng.choice(v.EVIDENCE), count, f"第{v.arabic(pages)}頁"))
    elif which == "seized":
        rows = [("編號", "扣案物品", "數量", "所有人")]
        for i in range(n):
            thing, count = v.quantity(rng)
            rows.append((v.arabic(i + 1), thing, count, v.masked(rng)))
    else:
        rows = [("期別", "給付日期", "金額", "備註")]
        for i in range(n):
            rows.append(
                (
                    f"第{v.chinese(i + 1)}期",
                    v.roc_date(rng),
                    v.money(rng),
                    rng.choice(("", "匯款", "現金")),
                )
            )
    return Block("table", rows=tuple(rows))
