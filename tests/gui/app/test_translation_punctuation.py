"""zh_TW text is punctuated as Chinese and names one thing one way (issue 28: 「第 4, 5
頁」, 「已核可 5, 尚未審閱 1」, a final ASCII period, 「」 beside “ ” in one sentence,
遮蔽姓名 and 姓名遮蔽 for the same item). Both catalogues are checked here; a list
built in code takes its separator from the catalogue (``backend.i18n.list_join``)."""

from __future__ import annotations

import re

import pytest

from tests.gui.app.catalogue_helpers import TRANSLATIONS, po_messages, ts_messages

CJK = "\u3400-\u9fff\u3000-\u303f\uff00-\uffef"
# What is parsed keeps its ASCII syntax: a file dialog's filter ("PDF 文件 (*.pdf);;所有
# 檔案 (*)"), a legal rule's exclusion ("[!除非]"). Page ranges read 、 too: "1-5、9".
FILE_FILTER = re.compile(r"\([^()]*\*[^()]*\)|;;|\[!")
RULES = {
    "ASCII comma in Chinese (use ， or 、)": re.compile(
        rf"[{CJK}]\s*,|,\s*[{CJK}]|[{CJK}][^{CJK}]*\d, \d|\d, \d[^{CJK}]*[{CJK}]"
    ),
    "ASCII period ending Chinese (use 。)": re.compile(rf"[{CJK}]\.\s*$"),
    "ASCII ? ; or ! in Chinese": re.compile(rf"[{CJK}]\s*[?;!]|[;!]\s*[{CJK}]"),
    "「」 and “ ” in one sentence": re.compile(r"[「」][^\n]*[“”]|[“”][^\n]*[「」]"),
}


def variants() -> dict[str, str]:
    """Wrong forms of the glossary's terms ("not: 遮蔽姓名" in a term's note)."""
    wrong = {}
    for line in (TRANSLATIONS / "glossary.tsv").read_text("utf-8").splitlines():
        cols = line.split("\t")
        if line.startswith("#") or len(cols) < 4:
            continue
        for variant in re.findall(r"not: ([^;,\s]+)", cols[3]):
            wrong[variant] = cols[1]
    return wrong


def punctuation(translation: str) -> list[str]:
    text = FILE_FILTER.sub(" ", translation)
    found = [name for name, rule in RULES.items() if rule.search(text)]
    return found + [f"{bad} (write {good})" for bad, good in variants().items() if bad in text]


def test_the_checker_catches_each_rule() -> None:
    assert punctuation("第 {0}、{1} 頁。") == []
    assert punctuation("第 4, 5 頁") == ["ASCII comma in Chinese (use ， or 、)"]
    assert punctuation("已核可 5, 尚未審閱 1") == ["ASCII comma in Chinese (use ， or 、)"]
    assert punctuation("已儲存.") == ["ASCII period ending Chinese (use 。)"]
    assert punctuation("要繼續嗎?") == ["ASCII ? ; or ! in Chinese"]
    assert punctuation("刪除「{0}」後改為“{1}”") == ["「」 and “ ” in one sentence"]
    assert punctuation("遮蔽姓名") == ["遮蔽姓名 (write 姓名遮蔽)"]
    assert punctuation("PDF 文件 (*.pdf);;所有檔案 (*)") == []


@pytest.mark.parametrize("catalogue", ["gui", "backend"])
def test_translations_are_punctuated_as_chinese(catalogue: str) -> None:
    pairs = [(s, t) for _c, s, _k, t in ts_messages()] if catalogue == "gui" else po_messages()
    assert len(pairs) > 500  # the catalogue was read: this test can fail
    offenders = [(s, t, punctuation(t)) for s, t in pairs if t and punctuation(t)]
    assert offenders == []
