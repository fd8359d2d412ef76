"""``import --from`` for the archive formats: a folder of PAGE XML, ALTO or hOCR files, one
per page (as ``proofdesk export --format page|alto|hocr`` writes), or one such file.

The page is the last number in the file's name (``0007.xml``, ``scan_p7.hocr``). Every
file is read and checked before anything is stored, so a bad file imports nothing.
A link in the folder that leads outside it is refused, as for text transcripts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from backend.errors import ImportError_
from backend.i18n import _
from backend.models import VersionKind
from backend.provenance import Provenance
from backend.safe_text import Admitted
from backend.store import import_source
from backend.store.archive_xml import ArchiveReading, parse
from backend.store.importers import check_pages, page_index, stored_name

SUFFIXES = frozenset({".xml", ".hocr", ".html", ".xhtml"})
MAX_FILE_BYTES = 50 * 1024 * 1024  # a page's file; far past any real one
ENGINES = {"page": "page-xml", "alto": "alto", "hocr": "hocr"}  # the reading's engine


@dataclass(frozen=True)
class ArchivePageRead:
    page: int  # 0-based
    reading: ArchiveReading
    source: str  # the file's name, as provenance keeps it

    def provenance(self) -> Provenance:
        """The version's provenance: format, file, and the lines with their boxes."""
        return Provenance.of(
            engine=ENGINES[self.reading.format],
            format=self.reading.format,
            source=self.source,
            lines=[line.as_json() for line in self.reading.lines],
            **Admitted(self.reading.text, self.reading.replaced).provenance(),
        )


def is_archive(source: Path) -> bool:
    """Whether ``import --from`` names archive files (else it takes text transcripts)."""
    if source.is_dir():
        try:
            return any(f.suffix.lower() in SUFFIXES for f in source.iterdir())
        except OSError:
            return False
    return source.suffix.lower() in SUFFIXES


def read_archive(source: Path, page_count: int) -> list[ArchivePageRead]:
    """Every page in ``source`` (a folder or one file), checked; ``ImportError_`` if not."""
    shown = stored_name(str(source))
    folder = import_source.is_folder(source, shown)
    files = import_source.folder_files(source, SUFFIXES) if folder else [source]
    pages = [_read_file(file) for file in files]
    if not pages:
        raise import_source.nothing_found(source, shown, folder)
    check_pages(pages, page_count, source.name)
    return sorted(pages, key=lambda p: p.page)


def _read_file(file: Path) -> ArchivePageRead:
    page = page_index(file)
    try:
        if file.stat().st_size > MAX_FILE_BYTES:
            raise ImportError_(
                _("“{name}” is larger than {limit} MB: not a page's file.").format(
                    name=file.name, limit=MAX_FILE_BYTES // (1024 * 1024)
                )
            )
        data = file.read_bytes()
    except OSError as exc:
        raise ImportError_(
            _("“{name}” cannot be read ({reason}).").format(
                name=file.name, reason=exc.strerror or exc
            ),
            detail=repr(exc),
        ) from exc
    return ArchivePageRead(page, parse(data, file.name), stored_name(file.name))


def version_kind(as_transcript: bool) -> VersionKind:
    """An alternate reading (Compare, batch checks), or the transcript (an import version)."""
    return VersionKind.IMPORT if as_transcript else VersionKind.ALTERNATE
