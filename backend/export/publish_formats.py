"""Writing a de-identified export (issue 25): the formats a published document is
written in, and the one function that writes them.

Not the export registry's formats: a redacted PDF written from a document that was
not de-identified would be a scan stripped of its text and nothing masked, so it is
offered only here, and this writer refuses any document ``deidentify`` did not make.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from backend.export import docx_file, jsonl, markdown, redacted_pdf, text
from backend.export.errors import ExportError
from backend.export.format_spec import FormatSpec
from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument, admitted
from backend.export.safe_write import (
    atomic_write,
    check_target,
    default_output_name,
    protected_paths,
)
from backend.i18n import _

PUBLISH_FORMATS: dict[str, FormatSpec] = {
    "txt": text.FORMAT,
    "md": markdown.FORMAT,
    "docx": docx_file.FORMAT,
    "jsonl": jsonl.FORMAT,
    "pdf": redacted_pdf.FORMAT,
}
SUFFIX = ".published"  # before the format's own: 判決.published.txt


@dataclass(frozen=True)
class PublishResult:
    path: Path
    format: str
    pages: int
    bytes: int
    masks: str  # the mask rules' name
    unplaced: tuple[tuple[int, str], ...]  # (0-based page, kind) masked in text only


def published_name(document: ExportDocument, fmt: str) -> str:
    suffix = PUBLISH_FORMATS[fmt].suffix
    return default_output_name(document.title, Path(document.display_name), SUFFIX + _ext(suffix))


def _ext(suffix: str) -> str:
    return "." + suffix.rsplit(".", 1)[-1]


def unplaced(document: ExportDocument) -> tuple[tuple[int, str], ...]:
    return tuple((p.page, kind) for p in document.pages for kind in p.unplaced)


def unplaced_places(document: ExportDocument) -> tuple[tuple[int, str, int, int], ...]:
    """(0-based page, kind, start, end) of each finding with no place on the scan, its
    span in the exported text: which one of two of a kind on a page it is."""
    return tuple(
        (p.page, kind, start, end)
        for p in document.pages
        for kind, (start, end) in zip(p.unplaced, p.unplaced_spans, strict=True)
    )


def write_published(
    document: ExportDocument,
    fmt: str,
    target: str | Path,
    *,
    overwrite: bool = False,
    monitor: Monitor | None = None,
    password: str | None = None,
) -> PublishResult:
    """Write the de-identified ``document`` as ``fmt``, atomically and privately."""
    if not document.masks:
        raise ExportError(_("Only a de-identified document can be published."))
    spec = PUBLISH_FORMATS.get(fmt)
    if spec is None:
        raise ExportError(
            _("“{name}” is not a publishing format; the formats are: {names}.").format(
                name=fmt, names=", ".join(PUBLISH_FORMATS)
            )
        )
    watch = monitor or Monitor()
    document = admitted(document)
    path = check_target(
        Path(target), protected_paths(document.source, document.store), overwrite=overwrite
    )

    def write(out: BinaryIO) -> None:
        spec.write(document, out, watch, password)
        watch.step(len(document.pages), len(document.pages))

    size = atomic_write(path, write, overwrite=overwrite)
    return PublishResult(path, fmt, len(document.pages), size, document.masks, unplaced(document))
