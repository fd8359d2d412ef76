"""The values de-identification is made of (issue 25): what was found, where, and how
it is masked. Shared by the detectors, the masking, the stored decisions, the
exports, the CLI, the Publish review and the bench."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class PersonalKind(StrEnum):
    """A kind of personal data that published judgments leave out."""

    PERSON = "person"  # a natural person's name (a party, or a name the reviewer added)
    NATIONAL_ID = "national_id"  # 國民身分證統一編號: A123456789, with its check digit
    RESIDENT_ID = "resident_id"  # 居留證 / 統一證號: AB12345678 (old) or A812345678 (new)
    PHONE = "phone"  # (02)2345-6789, 0912-345-678, +886 912 345 678
    ADDRESS = "address"  # 臺北市中正區重慶南路一段122號3樓
    BIRTH_DATE = "birth_date"  # 民國70年1月2日生, 出生年月日：…
    ACCOUNT = "account"  # bank and postal accounts (帳號, 劃撥帳號)
    PLATE = "plate"  # licence plates: ABC-1234, 123-ABC
    EMAIL = "email"


@dataclass(frozen=True)
class Finding:
    """One span of one page's working text that holds personal data.

    ``key`` says which person or number it is, so that every occurrence of it is
    masked alike and decided alike ("apply to every occurrence"): a person's name as
    compared (widths and variant glyphs folded), a number's digits and letters alone.
    """

    kind: PersonalKind
    page: int  # 0-based
    start: int  # the page's working-text code points
    end: int
    text: str  # ``page_text[start:end]``
    key: str
    # Why it was found, for the reviewer: "被告", "身分證", "出生", "glossary" …
    reason: str = ""


@dataclass(frozen=True)
class MaskRules:
    """How findings are masked; the export's report names ``name``.

    The default follows the Judicial Yuan's practice for published judgments: a
    person keeps the surname and the given name becomes ○○; numbers, addresses and
    dates of birth are masked in full, one mask character per character, so the
    text keeps its length and lines do not reflow.
    """

    name: str = "surname+○○"
    mask: str = "○"
    keep_surname: bool = True
    given_name_mask: str = "○○"
