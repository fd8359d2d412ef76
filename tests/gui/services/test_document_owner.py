"""The open document has one owner, the review controller; the OCR hub reads it from
there instead of holding a copy kept in step by the order of the document hooks."""

from __future__ import annotations

from pathlib import Path

from tests import pdf_factory
from tests.gui.conftest import wait_for


def test_the_ocr_hub_sees_the_controllers_document_from_the_first_hook_on(
    make_window, arun, tmp_path: Path
) -> None:
    w = make_window()
    c = w.controller
    seen: list[tuple[str, bool]] = []
    # Hooks that run before any other: the hub must already agree with the controller.
    c.hooks.opened.insert(0, lambda ws: seen.append(("opened", w.ocr.workspace is ws)))
    c.hooks.closed.insert(0, lambda: seen.append(("closed", w.ocr.workspace is None)))
    for name in ("a", "b"):
        pdf = pdf_factory.text_pdf(tmp_path / f"{name}.pdf", [name])
        assert arun(w.opener.open(pdf))
        arun(wait_for(lambda: c.current == 0, what="the first page"))
        assert w.ocr.workspace is c.workspace
    assert arun(c.detach())
    assert w.ocr.workspace is None
    assert seen == [("opened", True), ("closed", True), ("opened", True), ("closed", True)]


def test_the_aids_hub_holds_no_document_of_its_own(make_window, arun, tmp_path: Path) -> None:
    """The review aids (AidsHub) read the controller's document too: a hook that runs
    before the hub's own attach already finds them agreeing, and so does every moment
    after, since the hub keeps no reference that could lag behind or outlive it."""
    w = make_window()
    c = w.controller
    seen: list[tuple[str, bool]] = []
    c.hooks.opened.insert(0, lambda ws: seen.append(("opened", w.aids.workspace is ws)))
    c.hooks.closed.insert(0, lambda: seen.append(("closed", w.aids.workspace is None)))
    for name in ("a", "b"):
        pdf = pdf_factory.text_pdf(tmp_path / f"{name}.pdf", [name])
        assert arun(w.opener.open(pdf))
        arun(wait_for(lambda: c.current == 0, what="the first page"))
        assert w.aids.workspace is c.workspace
    assert arun(c.detach())
    assert w.aids.workspace is None
    assert seen == [("opened", True), ("closed", True), ("opened", True), ("closed", True)]
    assert "workspace" not in vars(w.aids)  # read through, never stored
