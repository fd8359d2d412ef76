"""The export formats have one registry: the CLI's ``--format`` choices and help, the
writer and the preview all read it, and a name it does not hold is an error that says
so (in the user's language), never a file of another format."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from backend import i18n
from backend.cli import commands as cli
from backend.export import (
    ExportError,
    ExportFormat,
    collect,
    format_names,
    preview,
    write_export,
)
from backend.export.registry import UnknownFormatError, export_format
from backend.session.document_session import DocumentSession
from tests.backend.export.export_support_helpers import reviewed  # noqa: F401  (fixture)


def _export_option(name: str) -> argparse.Action:
    parser = cli.build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    export = subparsers.choices["export"]
    return next(a for a in export._actions if a.dest == name)


def test_the_cli_offers_the_registry_s_formats_and_says_what_each_is() -> None:
    option = _export_option("format")
    assert tuple(option.choices or ()) == format_names()
    for fmt in ExportFormat:
        assert f"{fmt.value}: {fmt.spec.label}" in str(option.help)


def test_every_format_names_its_file() -> None:
    assert len(set(format_names())) == len(format_names()) > 0
    suffixes = [fmt.suffix for fmt in ExportFormat]
    assert len(set(suffixes)) == len(suffixes)  # two formats never default to one name
    for fmt in ExportFormat:
        assert fmt.suffix.endswith(fmt.spec.extension) and fmt.spec.extension.startswith(".")
        assert fmt.spec.file_filter().endswith(f"(*{fmt.spec.extension})")
        assert export_format(fmt.value) is fmt


@pytest.mark.parametrize("name", ["nonsense", "TXT", "", "report_pdf"])
def test_an_unknown_format_is_an_error_and_nothing_is_written(
    name: str,
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    document = collect(reviewed)
    target = tmp_path / "out"
    with pytest.raises(ExportError, match="is not an export format"):
        write_export(document, name, target)  # type: ignore[arg-type]
    assert not target.exists()  # not a report PDF (or anything else) in its place
    with pytest.raises(UnknownFormatError):
        preview(document, name)  # type: ignore[arg-type]


def test_the_unknown_format_error_is_translated_and_lists_the_formats() -> None:
    i18n.set_language("zh_TW")  # conftest puts English back
    with pytest.raises(UnknownFormatError) as caught:
        export_format("nonsense")
    message = str(caught.value)
    assert "nonsense" in message and all(name in message for name in format_names())
    assert "is not an export format" not in message  # the zh_TW catalogue's, not the template


def test_the_cli_refuses_an_unknown_format(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pdf, store = Path(reviewed.pdf.info.path), reviewed.store.path
    reviewed.close()
    out = tmp_path / "out.x"
    args = ["export", str(pdf), "--store", str(store), "--format", "nonsense", "-o", str(out)]
    assert cli.main(args) == 2 and "invalid choice: 'nonsense'" in capsys.readouterr().err
    assert not out.exists()
