"""The export dialog lists the registry's formats, labelled in the user's language, and
each format's choices (separator, default name, aids) come from its spec."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from backend import i18n
from backend.export import ExportDocument, ExportFormat, FormatOption, format_names
from backend.session.document_session import DocumentSession
from gui.export.export_dialog import ExportDialog
from tests.conftest import DATA
from tests.gui.conftest import Run


@pytest.fixture
def make_dialog(
    qtbot: Any, sample_pdf: Path, tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> Iterator[Callable[..., ExportDialog]]:
    session = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
    store_thread = ThreadPoolExecutor(1)

    async def run_in_store(fn: Callable[[], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(store_thread, fn)

    def make(**kwargs: Any) -> ExportDialog:
        d = ExportDialog(session, run_in_store, **kwargs)
        qtbot.addWidget(d)
        return d

    yield make
    store_thread.shutdown(wait=True)
    session.close()


def test_the_dialog_lists_the_registry_s_formats_in_the_user_s_language(
    make_dialog: Callable[..., ExportDialog],
) -> None:
    i18n.set_language("zh_TW")  # conftest puts English back
    dialog = make_dialog()
    data = [dialog.format.itemData(i) for i in range(dialog.format.count())]
    texts = [dialog.format.itemText(i) for i in range(dialog.format.count())]
    assert tuple(data) == format_names()
    assert texts == [i18n._(fmt.spec.label) for fmt in ExportFormat]
    assert texts != [fmt.spec.label for fmt in ExportFormat]  # translated, not the templates


def test_each_format_s_choices_come_from_its_spec(
    make_dialog: Callable[..., ExportDialog], arun: Run[Any]
) -> None:
    asked: list[int] = []

    def aids(page: int) -> dict[str, Any]:  # counts what the dialog asks for
        asked.append(page)
        return {}

    dialog = make_dialog(aids=aids)
    for fmt in ExportFormat:
        dialog.format.setCurrentIndex(dialog.format.findData(fmt.value))
        assert dialog.chosen_format is fmt
        assert dialog.separator.isEnabled() == (FormatOption.SEPARATOR in fmt.spec.options)
        assert dialog.path.text().endswith(fmt.suffix)
        asked.clear()
        document = arun(dialog._collect_in_chunks(replace(dialog.options(), pages=(0,)), fmt))
        assert isinstance(document, ExportDocument)
        assert bool(asked) == fmt.spec.needs_aids, fmt
