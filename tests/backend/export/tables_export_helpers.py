"""Pages with tables (Markdown, HTML, tab-separated) and one of prose, for the export
tests of tables: ``tables_session`` imports them into a real review store, all approved."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.models import ReviewStatus
from backend.session.document_session import DocumentSession

MARKDOWN = (
    "附表一：裁判費\n"
    "| 項目 | 金額 | 備註 |\n"
    "|---|---:|---|\n"
    "| 裁判費 | 12,000 | 壹萬貳仟 |\n"
    "| 郵資 | 壹萬貳仟 | 0912345678 |\n"
    "| 小計 | 新臺幣24,000元 | 3.50 |\n"
    "本表完。"
)
HTML = (
    "扣案物品目錄表\n"
    '<table><tr><th>編號</th><th colspan="2">物品</th></tr>'
    '<tr><td rowspan="2">一</td><td>手機</td><td>2支</td></tr>'
    "<tr><td>現金</td><td>１２，０００</td></tr></table>\n"
    "以上。"
)
TSV = "付款明細\n日期\t金額\n113年5月3日\t5,000\n113年6月3日\t參佰\n"
PROSE = "本頁無表格。\n第二行。"
PAGES = (MARKDOWN, HTML, TSV, PROSE)


def _transcripts(tmp_path: Path, pages: tuple[str, ...]) -> Path:
    source = tmp_path / "tables.jsonl"
    lines = [
        json.dumps({"page": i + 1, "text": t}, ensure_ascii=False) for i, t in enumerate(pages)
    ]
    source.write_text("\n".join(lines) + "\n", "utf-8")
    return source


@pytest.fixture
def tables_session(sample_pdf: Path, tmp_path: Path) -> Iterator[DocumentSession]:
    session = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    session.import_transcripts(_transcripts(tmp_path, PAGES))
    for page in range(len(PAGES)):
        session.set_status(page, ReviewStatus.APPROVED)
    yield session
    session.close()
