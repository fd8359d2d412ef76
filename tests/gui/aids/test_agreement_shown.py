"""One page's agreement is one number wherever it is shown: the page list's badge and
tooltip, the Compare dock, its document summary and the review report (issue 28: the
page list said 97% where the Compare dock and the report said 98.0%)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from backend.export.pages import collect, review_aids_provider
from backend.export.report import render_report
from backend.models import VersionKind
from backend.review.percent import agreement_percent
from backend.session.document_session import DocumentSession
from gui.shell.main_window import MainWindow
from tests.conftest import DATA
from tests.gui.aids.review_helpers import wait_reviewed
from tests.gui.conftest import wait_for


def test_the_page_list_the_compare_dock_and_the_report_agree(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    session = DocumentSession.open(sample_pdf)
    session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
    text = session.page_state(0).text
    # Four characters misread: an agreement whose truncation and rounding differ.
    chars = list(text)
    for at in [i for i, ch in enumerate(chars) if "\u4e00" <= ch <= "\u9fff"][10:50:10]:
        chars[at] = "〇"
    alternate = "".join(chars)
    session.store.add_version(0, VersionKind.ALTERNATE, alternate, {"engine": "rapidocr"})
    session.close()

    w: MainWindow = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    wait_reviewed(w, arun)
    review = w.aids.review
    assert review is not None and review.agreement is not None
    value = review.agreement
    assert int(value * 1000) % 10 != 0, f"{value}: pick a change with a tenth to round"
    shown = agreement_percent(value)

    model = w.page_list_model
    arun(wait_for(lambda: "%" in model.data(model.index(0)), what="the page's badge"))
    assert f" {shown}" in model.data(model.index(0))
    assert shown in model.data(model.index(0), Qt.ItemDataRole.ToolTipRole)
    panel = w.review_ui.panel
    assert shown in panel.agreement.text()

    assert w.controller.workspace is not None
    s = w.controller.workspace.session
    html = render_report(collect(s, aids=review_aids_provider(s)))
    assert f"<td>{shown}</td>" in html
