"""The values the document's facts are made of, shared by extraction, the checks,
the store's index, the CLI and the Facts dock."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class FactKind(StrEnum):
    CASE_NUMBER = "case_number"  # 一一四年度訴字第五六號
    PARTY = "party"  # 原告 林○○; label: the role
    AMOUNT = "amount"  # 新臺幣壹佰貳拾萬元; label: the phrase it belongs to
    DATE = "date"  # 中華民國一一四年三月五日; label: the event
    STATUTE = "statute"  # 民法第一百八十四條; label: the law
    EXHIBIT = "exhibit"  # 原證一, 附表二
    GLOSSARY = "glossary"  # a term the reviewer added to the document's glossary


@dataclass(frozen=True)
class Fact:
    """One occurrence of a fact in one page's working text."""

    kind: FactKind
    value: str  # the text as read (``text[start:end]`` of the page it was read from)
    page: int  # 0-based
    start: int  # the page's working-text code points
    end: int
    # What the value belongs to, for grouping: a party's role (原告), an amount's
    # phrase, a statute's law (民法), a date's event, the section (主文/理由).
    label: str = ""
    key: str = ""  # the value as compared (the review's fold: widths, variant glyphs)

    def to_row(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "value": self.value,
            "page": self.page,
            "start": self.start,
            "end": self.end,
            "label": self.label,
            "key": self.key,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Fact:
        return cls(
            kind=FactKind(row["kind"]),
            value=str(row["value"]),
            page=int(row["page"]),
            start=int(row["start"]),
            end=int(row["end"]),
            label=str(row.get("label", "")),
            key=str(row.get("key", "")),
        )


@dataclass(frozen=True)
class FactVariant:
    """One way a fact is written in the document, and where."""

    key: str
    value: str  # the commonest spelling of this key
    places: tuple[Fact, ...]
    # The label its places share where the label tells variants apart: a party's
    # role (原告 林志明 and 被告 林志明 are two variants of one person); else "".
    label: str = ""

    @property
    def pages(self) -> tuple[int, ...]:
        return tuple(sorted({fact.page for fact in self.places}))


@dataclass(frozen=True)
class FactGroup:
    """One fact of the document (a party, the case number, the 主文 amount) with
    every variant it is read as; ``conflict``: the checks judge the variants to be
    one value misread, not two legitimate values."""

    kind: FactKind
    label: str
    variants: tuple[FactVariant, ...]  # the majority first
    conflict: bool = False
