"""Every user-visible string has a zh_TW translation, GUI and backend alike.

- the Qt catalogue: no unfinished message; placeholders ({0}, {1:.1f}, %1, %n,
  %v), mnemonics (&X, shown as "(&X)" after the Chinese text), shortcut names
  (Ctrl+R, F8) and markup kept;
- both catalogues use the glossary's terms (``resources/translations/glossary.tsv``);
- the compiled .qm translates at run time.

The backend catalogue's own completeness test is tests/backend/core/test_i18n.py; this
one reads it too, for the glossary. ``bash scripts/update_translations.sh`` refreshes
both catalogues from the code; then translate what is new.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.gui.app.catalogue_helpers import TRANSLATIONS, TS, po_messages, ts_messages

PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\d+|n|v|m|p)")
SHORTCUT = re.compile(r"\b(?:Ctrl|Shift|Alt|Meta)(?:\+[\w]+)+|\bF\d{1,2}\b|\bEsc\b")
MARKUP = re.compile(r"</?[a-z]+>")
MNEMONIC = re.compile(r"&(?!&)(\w)")
# A file dialog's filter: Qt reads the patterns between ASCII parentheses only.
FILE_FILTER = re.compile(r"\([^()]*\*[^()]*\)")


def problems(source: str, translation: str) -> list[str]:
    """What a translation of ``source`` breaks (empty: nothing)."""
    found = []
    if not translation.strip():
        return ["untranslated"]
    if Counter(PLACEHOLDER.findall(source)) != Counter(PLACEHOLDER.findall(translation)):
        found.append("placeholders differ")
    mine, theirs = MNEMONIC.findall(source), MNEMONIC.findall(translation)
    if len(mine) != len(theirs) or [m.lower() for m in mine] != [t.lower() for t in theirs]:
        found.append("mnemonic differs")
    if Counter(SHORTCUT.findall(source)) - Counter(SHORTCUT.findall(translation)):
        found.append("shortcut lost")
    if Counter(MARKUP.findall(source)) != Counter(MARKUP.findall(translation)):
        found.append("markup differs")
    if FILE_FILTER.findall(source) != FILE_FILTER.findall(translation):
        found.append("file filter changed")
    return found


def test_every_gui_string_is_translated() -> None:
    messages = ts_messages()
    assert len(messages) > 500  # the catalogue was read: this test can fail
    unfinished = [(c, s) for c, s, kind, text in messages if kind == "unfinished" or not text]
    assert unfinished == [], f"{len(unfinished)} GUI strings lack a zh_TW translation"


def test_gui_translations_keep_placeholders_mnemonics_and_shortcuts() -> None:
    broken = [
        (context, source, text, problems(source, text))
        for context, source, _kind, text in ts_messages()
        if text and problems(source, text)
    ]
    assert broken == []


def test_the_checker_catches_broken_translations() -> None:
    assert problems("&Save as:", "另存為(&S)：") == []
    assert problems("&Save as:", "另存為：") == ["mnemonic differs"]
    assert problems("Page {0} of {1}", "第 {0} 頁") == ["placeholders differ"]
    assert problems("Next (F8)", "下一個") == ["shortcut lost"]
    assert problems("<b>Pages</b> here", "頁面") == ["markup differs"]
    assert problems("Open", " ") == ["untranslated"]
    assert problems("PDF (*.pdf);;All files (*)", "PDF (*.pdf);;所有檔案 (*)") == []
    assert problems("PDF (*.pdf)", "PDF（*.pdf）") == ["file filter changed"]


def glossary() -> list[tuple[str, str]]:
    """(english, zh_TW) of the checked terms, longest English first."""
    rows = []
    for line in (TRANSLATIONS / "glossary.tsv").read_text("utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cols = line.split("\t")
        if len(cols) >= 3 and cols[2] == "yes":
            rows.append((cols[0], cols[1]))
    return sorted(rows, key=lambda r: -len(r[0]))


def off_glossary(source: str, translation: str, terms: list[tuple[str, str]]) -> list[str]:
    """The glossary terms ``source`` uses that ``translation`` does not render."""
    missed = []
    # Placeholders and command-line options are code: "{server}", "--engine import".
    rest = re.sub(r"\{[^{}]*\}|--[\w-]+(?: [a-z]+\b)?", " ", source.lower())
    for english, chinese in terms:
        # Not inside code: "proofdesk[server]", "prompt:HASH".
        pattern = re.compile(rf"(?<![\w\-\[:]){re.escape(english.lower())}(?![\w\-\]:])")
        if pattern.search(rest):
            rest = pattern.sub(" ", rest)  # "alternate reading" is not also "reading"
            if chinese not in translation:
                missed.append(english)
    return missed


@pytest.mark.parametrize("catalogue", ["gui", "backend"])
def test_translations_use_the_glossary(catalogue: str) -> None:
    terms = glossary()
    assert len(terms) > 10
    pairs = [(s, t) for _c, s, _k, t in ts_messages()] if catalogue == "gui" else po_messages()
    offenders = [
        (source, text, off_glossary(source, text, terms))
        for source, text in pairs
        if text and off_glossary(source, text, terms)
    ]
    assert offenders == []


def test_the_compiled_catalogue_translates(qapp: object) -> None:
    from PySide6.QtCore import QCoreApplication, QTranslator

    qm = TS.with_suffix(".qm")
    assert qm.is_file(), "run: bash scripts/compile_translations.sh (setup.sh does)"
    translator = QTranslator()
    assert translator.load(str(qm))
    QCoreApplication.installTranslator(translator)
    try:
        assert QCoreApplication.translate("MenuTitles", "&File") == "檔案(&F)"
    finally:
        QCoreApplication.removeTranslator(translator)
