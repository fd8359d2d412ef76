"""Which pages an export holds, and everything known about each: text, review, provenance.

``collect`` reads the review store once (on the store's own thread, in the
GUI) and returns plain values; every format is written from those values on
any thread, so the store is never shared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from backend.documents.page_ranges import parse_page_ranges
from backend.errors import PageRangeError
from backend.export.errors import ExportError
from backend.models import AltLine, ReviewStatus, Version, VersionKind
from backend.review.diffing import Op, char_diff
from backend.review.markers import MarkerSet
from backend.review.page_aids import AidSettings
from backend.review.values import Diagnosis, Flag
from backend.safe_text import REPLACED_KEY, admit
from backend.session.document_session import DocumentSession
from backend.session.own_text import strip_keeping_own

if TYPE_CHECKING:
    from backend.stats.figures import Statistics

AidsProvider = Callable[[int], Mapping[str, Any]]
TextFilter = Callable[[str], str]
MarkerCounter = Callable[[str], int]

# Provenance keys an audit needs; the rest (logprobs, reasoning) can be huge.
PROVENANCE_KEYS = (
    "engine",
    "model",
    "server",
    "prompt",
    "prompt_sha256",
    "params",
    "usage",
    "finish_reason",
    "truncated",
    "source",
    "restored_from",
    "warnings",
    REPLACED_KEY,
)


def review_aids_provider(
    session: DocumentSession, settings: AidSettings | None = None
) -> AidsProvider:
    """Each page's agreement, open critical flags, whole-page diagnoses and markers, from
    the review aids: the page's findings, as approval asks about them.

    Costs a diff per page (milliseconds), so only the formats that carry these
    (JSONL, the report) ask for it.
    """

    def aids(page: int) -> Mapping[str, Any]:
        found = session.reviews.findings(page, settings=settings)
        review = found.review
        return {
            # Compared with its own reading, a page agrees 100% and nothing checked it.
            "agreement": None if review.same_reading else review.agreement,
            "critical_flags": list(found.critical),
            "diagnoses": list(found.diagnoses),
            "markers_left": len(found.markers),
        }

    return aids


@dataclass(frozen=True)
class ExportOptions:
    pages: tuple[int, ...] | None = None  # 0-based; None: every page
    approved_only: bool = False
    strip_markers: bool = False
    # What counts as a marker (stripped, counted): the reviewer's patterns, as the
    # review aids use them; the defaults unless the GUI or ``--marker`` says otherwise.
    markers: MarkerSet = field(default_factory=MarkerSet.default)
    # Plain text: a line like "--- page {page} ---" put before each page, or any
    # other text (default: a form feed) put between pages.
    separator: str = "\f"


@dataclass(frozen=True)
class Layout:
    """An alternate reading with line boxes: where the final text sits on the page."""

    text: str
    lines: tuple[AltLine, ...]


@dataclass(frozen=True)
class ExportPage:
    page: int  # 0-based
    text: str  # the final text, markers stripped if asked
    status: ReviewStatus
    reviewer: str | None  # who last set the status
    approved_at: float | None  # Unix time of the approval in force, if approved
    note: str
    versions: tuple[dict[str, Any], ...]  # each version's audit record, oldest first
    markers_left: int  # in the reviewed text (before any stripping)
    agreement: float | None
    critical_flags: tuple[Any, ...]
    layout: Layout | None = None
    # Whole-page failures the review named (a loop, a missing block: issue 22), their
    # spans in the exported text; only when the format carries the review aids.
    diagnoses: tuple[Diagnosis, ...] = ()
    # Characters of the stored text ``safe_text.admit`` replaced on the way out: a
    # store written before the boundary existed may hold controls no XML can carry.
    replaced: int = 0
    # A de-identified export's (issue 25, ``deidentify``): where on the scan each masked
    # finding stands (page-relative boxes, for the redacted PDF), and the kinds of
    # those that have no place there, with their spans in ``text`` (the same order).
    redactions: tuple[tuple[float, float, float, float], ...] = ()
    unplaced: tuple[str, ...] = ()
    unplaced_spans: tuple[tuple[int, int], ...] = ()

    @property
    def approved(self) -> bool:
        return self.status is ReviewStatus.APPROVED


@dataclass(frozen=True)
class ExportDocument:
    source: Path
    store: Path | None
    sha256: str
    title: str
    page_count: int
    pages: tuple[ExportPage, ...]
    options: ExportOptions
    skipped: tuple[int, ...] = field(default_factory=tuple)  # unapproved, left out (0-based)
    # The name a file gives the document; a de-identified export's is masked as its text.
    name: str | None = None
    masks: str = ""  # a de-identified export's mask rules, by name (``MaskRules.name``)
    # The review statistics, for the formats that show them (``FormatSpec.needs_statistics``:
    # the report's charts); ``collect_statistics`` reads them.
    statistics: Statistics | None = None

    @property
    def display_name(self) -> str:
        return self.name if self.name is not None else self.source.name

    @property
    def display_stem(self) -> str:
        return self.name.rsplit(".", 1)[0] if self.name is not None else self.source.stem

    @property
    def unapproved(self) -> tuple[int, ...]:
        """Pages in the export that are not approved (0-based)."""
        return tuple(p.page for p in self.pages if not p.approved)

    @property
    def contains_unapproved(self) -> bool:
        return bool(self.unapproved)

    @property
    def replaced(self) -> tuple[tuple[int, int], ...]:
        """(page, characters replaced) for each page whose text ``admit`` changed."""
        return tuple((p.page, p.replaced) for p in self.pages if p.replaced)


def admitted(doc: ExportDocument) -> ExportDocument:
    """``doc`` with every text a writer puts in a file passed through ``safe_text.admit``:
    XML (DOCX, the report's PDF) refuses controls and noncharacters, and no file takes a
    lone surrogate. ``collect`` admits the page text already; this also covers a document
    made another way, and the title, notes, reviewers and audit records."""
    pages = []
    for page in doc.pages:
        text = admit(page.text)
        pages.append(
            replace(
                page,
                text=text.text,
                replaced=page.replaced + text.replaced,
                reviewer=None if page.reviewer is None else admit(page.reviewer).text,
                note=admit(page.note).text,
                versions=tuple(_admit_values(v) for v in page.versions),
                critical_flags=tuple(_admit_values(f) for f in page.critical_flags),
                # A detail quotes the page's text: it is admitted as the text is.
                diagnoses=tuple(replace(d, detail=admit(d.detail).text) for d in page.diagnoses),
            )
        )
    return replace(doc, title=admit(doc.title).text, pages=tuple(pages))


def _admit_values(value: Any) -> Any:
    """Every string in a JSON-like value admitted (a store's provenance: any shape)."""
    if isinstance(value, str):
        return admit(value).text
    if isinstance(value, dict):
        return {admit(str(k)).text: _admit_values(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_admit_values(v) for v in value]
    return value


def parse_pages(text: str | None, page_count: int) -> tuple[int, ...] | None:
    """``parse_page_ranges`` for the export: its error is an ``ExportError``."""
    try:
        return parse_page_ranges(text, page_count)
    except PageRangeError as exc:
        raise ExportError(str(exc)) from exc


def collect(
    session: DocumentSession,
    options: ExportOptions | None = None,
    *,
    strip_markers: TextFilter | None = None,
    count_markers: MarkerCounter | None = None,
    aids: AidsProvider | None = None,
) -> ExportDocument:
    """Read what the export needs from the session. Call on the store's thread."""
    options = options or ExportOptions()
    statuses = session.statuses()
    wanted = options.pages if options.pages is not None else tuple(range(session.page_count))
    skipped = tuple(
        p for p in wanted if options.approved_only and statuses[p] is not ReviewStatus.APPROVED
    )
    strip = strip_markers or options.markers.strip
    count = count_markers or options.markers.count
    pages = tuple(
        _page(session, p, options, strip if options.strip_markers else None, count, aids)
        for p in wanted
        if p not in skipped
    )
    info = session.pdf.info
    return ExportDocument(
        source=Path(info.path),
        store=session.store.local_file(),
        sha256=info.sha256,
        title=info.title,
        page_count=session.page_count,
        pages=pages,
        options=options,
        skipped=skipped,
    )


def collect_statistics(session: DocumentSession) -> Statistics:
    """The document's review statistics as the person exporting may see them (on the team
    store a reviewer's own work). Call on the store's thread."""
    from backend.stats import statistics_of  # numpy and rapidfuzz: only when asked for

    return statistics_of(session.store, session.page_count)


def _page(
    session: DocumentSession,
    page: int,
    options: ExportOptions,
    strip: TextFilter | None,
    count: MarkerCounter,
    aids: AidsProvider | None,
) -> ExportPage:
    store = session.store
    state = store.page_state(page)
    if options.approved_only:  # the text that was approved, never text written since
        approved = store.approved_version(page)
        state = replace(state, text="" if approved is None else approved.text)
    versions = store.versions(page)
    history = store.status_history(page)
    reviewer = history[-1][2] if history else None
    approved_at = history[-1][1] if history and state.status is ReviewStatus.APPROVED else None
    aid = dict(aids(page)) if aids is not None else {}
    # The document's own 【模糊】 (marked so by the reviewer) is text, never stripped.
    text = (
        strip_keeping_own(store, page, state.text, strip, options.markers) if strip else state.text
    )
    flags = aid.get("critical_flags") or ()
    diagnoses = [d for d in aid.get("diagnoses") or () if isinstance(d, Diagnosis)]
    admitted = admit(text)
    return ExportPage(
        page=page,
        text=admitted.text,
        status=state.status,
        reviewer=reviewer,
        approved_at=approved_at,
        note=admit(state.note).text,
        versions=tuple(audit_record(v, v.id == state.version_id) for v in versions),
        markers_left=int(aid.get("markers_left", count(state.text))),
        agreement=_agreement(aid.get("agreement")),
        critical_flags=tuple(_plain(f) for f in shift_flags(flags, state.text, admitted.text)),
        layout=_layout(versions),
        replaced=admitted.replaced,
        diagnoses=tuple(shift_flags(diagnoses, state.text, admitted.text)),
    )


def shift_flags(flags: Sequence[Any], before: str, after: str) -> list[Any]:
    """Flags (and diagnoses) found in ``before`` moved to where their text is in ``after``
    (the exported text, markers stripped); a flag inside a stripped marker becomes a
    point where the marker was. Plain values pass as they are."""
    if before == after or not any(isinstance(f, Flag | Diagnosis) for f in flags):
        return list(flags)
    moved = [0] * (len(before) + 1)
    old = new = 0
    for part in char_diff(before, after):
        n = len(part.text)
        if part.op is Op.EQUAL:
            moved[old : old + n + 1] = range(new, new + n + 1)
        elif part.op is Op.DELETE:
            moved[old : old + n + 1] = [new] * (n + 1)
        old += 0 if part.op is Op.INSERT else n
        new += 0 if part.op is Op.DELETE else n
    return [
        replace(f, start=moved[min(f.start, len(before))], end=moved[min(f.end, len(before))])
        if isinstance(f, Flag | Diagnosis)
        else f
        for f in flags
    ]


def _plain(flag: Any) -> Any:
    """A review-aid ``Flag`` as its JSON form; plain values as they are."""
    as_json = getattr(flag, "as_json", None)
    return as_json() if callable(as_json) else flag


def _agreement(value: Any) -> float | None:
    return None if value is None else float(value)


def audit_record(version: Version, current: bool) -> dict[str, Any]:
    """One version as the audit trail shows it: who, when, and how it was read."""
    prov = version.provenance
    record: dict[str, Any] = {
        "id": version.id,
        "kind": version.kind.value,
        "created_at": iso_time(version.created_at),
        "author": version.author,
        "current": current,
    }
    record.update({k: prov[k] for k in PROVENANCE_KEYS if k in prov})
    return record


def iso_time(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="seconds")


def _layout(versions: list[Version]) -> Layout | None:
    """The newest reading with line boxes (an alternate OCR engine's), if any."""
    for version in reversed(versions):
        raw = version.origin.lines
        if version.kind is not VersionKind.ALTERNATE and not raw:
            continue
        try:
            lines = tuple(AltLine.from_json(item) for item in raw or ())
        except (KeyError, TypeError, ValueError, IndexError):
            continue  # a malformed layout only costs line placement, never the export
        if any(line.box is not None for line in lines):
            return Layout(version.text, lines)
    return None
