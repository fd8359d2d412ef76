"""DocumentSession: the one facade the GUI and the CLI drive.

It pairs an open PDF with its review store, tells the user when the PDF moved
or changed, recovers typed text after a crash, and returns a ``Change`` from
every mutation so each screen redraws only what changed.
"""

from __future__ import annotations

import getpass
import logging
import sqlite3
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from backend.documents.pdf import PdfDocument, open_pdf
from backend.errors import PageTooLongError, StoreError, StoreFullError, StoreMismatchError
from backend.i18n import _
from backend.models import Change, PageState, ReviewStatus, SearchHit, VersionKind
from backend.ocr.prompts import DOCUMENT_PROMPT_KEY, default_prompt, page_prompt_key
from backend.provenance import ProvenanceLike
from backend.session.critical_outcomes import follow_approvals, record_outcome
from backend.session.import_fit import import_warnings
from backend.session.replaced_file import note_replaced_file
from backend.session.search_hits import hits_in
from backend.session.team import open_team_store
from backend.settings import paths
from backend.store.backup import BACKUP_INTERVAL_S, Backup, take_backup
from backend.store.importers import read_transcripts
from backend.store.interface import PageStore
from backend.store.job_rows import JobStore
from backend.store.opening import require_review
from backend.store.postgres.urls import is_team_url
from backend.store.review_store import ReviewStore
from backend.store.sql import is_disk_full
from backend.store.store_file import DISK_FULL_ON_OPEN

if TYPE_CHECKING:
    from backend.models import Version
    from backend.review.page_aids import AidSettings
    from backend.review.values import PageReview
    from backend.session.document_review import DocumentReviews, PageSummary, QueueItem

log = logging.getLogger(__name__)


class DocumentSession:
    def __init__(self, pdf: PdfDocument, store: PageStore, notices: list[str]) -> None:
        self.pdf = pdf
        self.store = store
        self.notices = notices  # user-facing notes gathered while opening
        self.backup_error = ""
        self._closed = False
        self._last_backup = time.monotonic()
        self._jobs: JobStore | None = None
        self._reviews: DocumentReviews | None = None
        follow_approvals(self)  # the team store: an approval's outcomes once it is sent

    # -- opening and closing --------------------------------------------------

    @classmethod
    def open(
        cls,
        pdf_path: str | Path,
        *,
        password: str | None = None,
        store_path: str | Path | None = None,
        author: str | None = None,
        allow_mismatch: bool = False,
        create: bool = True,
    ) -> DocumentSession:
        """Open a PDF and its review. Raises ``DocumentError`` / ``StoreError`` subclasses;
        without ``create``, ``NoReviewError`` where there is no review (none is made)."""
        pdf = open_pdf(pdf_path, password)
        team = is_team_url(store_path)  # a shared PostgreSQL server: backend.session.team
        try:
            store: PageStore
            if team:
                store = open_team_store(pdf, str(store_path))
            else:
                target = Path(store_path) if store_path else paths.store_path_for(pdf.info.sha256)
                # The record and the backups say whether a review was kept here,
                # which an emptied (or deleted) store file cannot say for itself.
                backups, known = paths.backup_dir_for(target), paths.store_was_opened(target)
                if not create:
                    name, pages = Path(pdf_path).name, pdf.page_count
                    require_review(target, backups, known=known, document=name, page_count=pages)
                if store_path is None:
                    paths.make_private_dir(target.parent)
                author = author or _default_author()
                store = ReviewStore(target, author=author, backup_dir=backups, known=known)
        except BaseException:
            pdf.close()
            raise
        notices = [*pdf.info.notices, *store.notices]
        try:
            notices += _reconcile(store, pdf, allow_mismatch=allow_mismatch)
            notices += _recover(store)
            if store_path is None:
                notices += note_replaced_file(pdf)
        except BaseException as exc:
            try:
                store.abandon()  # e.g. a store made for another PDF: leave it as it was
            except StoreError as also:  # the first error is the one to tell (a full disk)
                log.info("could not put the store back as it was: %r", also)
            finally:
                pdf.close()
            if isinstance(exc, StoreFullError):
                raise StoreFullError(_(DISK_FULL_ON_OPEN), detail=exc.detail) from exc
            raise
        try:
            if not team:
                paths.remember_store(target)
        except OSError:  # the record is a safety net; never block opening for it
            log.info("could not record the review store %s as opened", target)
        if not store.owner:
            notices.append(
                _(
                    "This document is also open in another ProofDesk window or program; "
                    "changes made there appear here when the page is opened again."
                )
            )
        return cls(pdf, store, notices)

    def close(self) -> None:
        """Save every draft as a version, back up, close. Safe to call twice.

        A failed backup does not stop the close (the review itself is saved);
        it is logged and kept in ``backup_error`` for the caller to mention, as is
        what the store says on closing (a team store's conflict it could not note).
        """
        if self._closed:
            return
        try:
            self.store.commit_all_drafts()
            if self._reviews is not None and self._reviews.facts is not None:
                self._reviews.facts.keep()  # the grouping saves left: the next open reads it
            self._backup_on_close()
        finally:
            self._closed = True
            said = len(self.store.notices)
            try:
                self.store.close()
            finally:
                self.pdf.close()
                late = self.store.notices[said:]
                self.backup_error = " ".join(filter(None, [self.backup_error, *late]))

    def _backup_on_close(self) -> None:
        if (file := self.store.local_file()) is None:
            return  # the team server's backups are its own (pg_dump: docs/TEAM.md)
        try:
            self.backup()
        except (OSError, sqlite3.Error, StoreFullError) as exc:
            full = isinstance(exc, StoreFullError) or is_disk_full(exc, file.parent)
            if full and self.store.disk_full:
                # The save that failed has told the user the disk is full; saying it
                # again here (a CLI prints warnings) would be a second, muddled message.
                log.info("no backup on close: the disk is full (%r)", exc)
                self.backup_error = _("The backup on closing could not be taken: the disk is full.")
                return
            log.warning("backup on close failed: %r", exc)
            self.backup_error = _("The review is saved, but its backup failed ({exc}).").format(
                exc=exc
            )

    # -- reading --------------------------------------------------------------

    @property
    def page_count(self) -> int:
        return self.pdf.page_count

    def page_state(self, page: int) -> PageState:
        return self.store.page_state(page)

    def statuses(self) -> list[ReviewStatus]:
        return self.store.statuses(self.page_count)

    def status_summary(self) -> dict[ReviewStatus, int]:
        return {**dict.fromkeys(ReviewStatus, 0), **Counter(self.statuses())}

    def search(self, query: str, *, limit: int = 500) -> list[SearchHit]:
        """Every match in the working transcripts, one hit each (at most ``limit``)."""
        return hits_in(self.store.search(query, limit=limit), query, limit)

    # -- editing and reviewing --------------------------------------------------

    def save_draft(self, page: int, text: str) -> Change:
        return self.store.save_draft(page, text)

    def commit_draft(self, page: int) -> Change:
        return self.store.commit_draft(page)

    def set_status(self, page: int, status: ReviewStatus) -> Change:
        """Record a review decision; the store saves any typed text to history first.

        Not committed here: a team store's commit replays its journal, and a conflict
        that replay kept would be taken out of the store's untold ones even when the
        status is then refused (a self-approval), and never told."""
        change = self.store.set_status(page, status)
        record_outcome(self, page, status)  # an approval: what became of its critical items
        return Change(change.pages, status=True, versions=change.versions, message=change.message)

    def restore(self, version_id: int) -> Change:
        return self.store.restore(version_id)[1]

    def set_note(self, page: int, text: str) -> Change:
        return self.store.set_note(page, text)

    def import_transcripts(self, source: str | Path) -> Change:
        """Add each page found in ``source`` as an ``import`` version (all or nothing)."""
        pages = read_transcripts(source, self.page_count)
        try:
            changes = self.store.add_versions(
                [(item.page, VersionKind.IMPORT, item.text, item.provenance) for item in pages]
            )
        except PageTooLongError as exc:
            raise PageTooLongError(
                _(
                    "“{name}” has {length:,} characters of text for page {page}, far more "
                    "than a page holds (at most {limit:,}); nothing was imported."
                ).format(
                    name=Path(source).name, length=exc.length, page=exc.page + 1, limit=exc.limit
                ),
                page=exc.page,
                length=exc.length,
                limit=exc.limit,
            ) from exc
        kept_edits = sum(bool(change.message) for change in changes)
        message = _("Imported {pages_count} page(s).").format(pages_count=len(pages))
        if kept_edits:
            message += _(
                " {kept_edits} page(s) kept your edits; the imported text is in history."
            ).format(kept_edits=kept_edits)
        imported = [(item.page, item.text) for item in pages]
        message = "\n".join([message, *import_warnings(self.pdf, self.store, imported)])
        return Change(
            pages=frozenset(p.page for p in pages), text=True, versions=True, message=message
        )

    # -- OCR: prompts, readings, jobs ---------------------------------------------

    def prompt_for(self, page: int) -> str:
        """The prompt a page is read with: its own, else the document's, else the preset."""
        return (
            self.store.get_meta(page_prompt_key(page))
            or self.store.get_meta(DOCUMENT_PROMPT_KEY)
            or default_prompt()
        )

    def prompt_scope(self, page: int) -> str:
        """Where ``prompt_for`` found the page's prompt: "page", "document" or "default"."""
        if self.store.get_meta(page_prompt_key(page)):
            return "page"
        return "document" if self.store.get_meta(DOCUMENT_PROMPT_KEY) else "default"

    def set_prompt(self, text: str, *, page: int | None = None) -> None:
        """Save a prompt override for one page or (``page=None``) the document; "" clears it."""
        self.store.set_meta(DOCUMENT_PROMPT_KEY if page is None else page_prompt_key(page), text)

    def add_reading(
        self, page: int, text: str, provenance: ProvenanceLike, *, history_only: bool = False
    ) -> tuple[int, Change]:
        """Store an OCR reading as a new version (never over a person's edit)."""
        version, change = self.store.add_version(
            page, VersionKind.OCR, text, provenance, history_only=history_only
        )
        return version.id, change

    @property
    def jobs(self) -> JobStore:
        if self._jobs is None:
            self._jobs = self.store.jobs()
        return self._jobs

    # -- review aids: alternate readings, flags, the review queue -----------------

    @property
    def reviews(self) -> DocumentReviews:
        if self._reviews is None:
            # Imported on first use: the diff and legal-term modules are not
            # needed to open a document or save an edit.
            from backend.session.document_review import DocumentReviews

            self._reviews = DocumentReviews(self.store)
        return self._reviews

    def alternates(self, page: int) -> list[Version]:
        return self.reviews.alternates(page)

    def review(
        self,
        page: int,
        *,
        alternate_id: int | None = None,
        settings: AidSettings | None = None,
        text: str | None = None,
    ) -> PageReview:
        return self.reviews.review(page, alternate_id=alternate_id, settings=settings, text=text)

    def review_summaries(
        self, settings: AidSettings | None = None, pages: Iterable[int] | None = None
    ) -> list[PageSummary]:
        """Per-page counts for ``pages`` (default: all). A diff per page with an
        alternate: callers sharing a thread with saves should ask in chunks."""
        return self.reviews.summaries(_all(pages, self.page_count), settings)

    def review_queue(
        self, settings: AidSettings | None = None, pages: Iterable[int] | None = None
    ) -> list[QueueItem]:
        return self.reviews.queue(_all(pages, self.page_count), settings)

    # -- backups ----------------------------------------------------------------

    def backup(self) -> Backup:
        self._last_backup = time.monotonic()
        store = self.store.local()
        return take_backup(store.connection, paths.backup_dir_for(store.path))

    def backup_if_due(self) -> Backup | None:
        """Call now and then (the GUI does every minute): backs up every 30 minutes."""
        due = time.monotonic() - self._last_backup >= BACKUP_INTERVAL_S
        if due and self.store.local_file() is not None:  # the team server's are pg_dump's
            return self.backup()
        return None


def _all(pages: Iterable[int] | None, page_count: int) -> Iterable[int]:
    return range(page_count) if pages is None else pages


def _default_author() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "reviewer"


def _reconcile(store: PageStore, pdf: PdfDocument, *, allow_mismatch: bool) -> list[str]:
    """Check the store belongs to this PDF; note a move or rename."""
    info = pdf.info
    known_sha, known_path = store.get_meta("pdf_sha256"), store.get_meta("pdf_path")
    notices = []
    if known_sha is not None and known_sha != info.sha256:
        if not allow_mismatch:
            raise StoreMismatchError(
                _(
                    "This review was made for a different PDF (or an earlier version of "
                    "“{name}”): its content does not match. Open the original file, or "
                    "choose to continue with this review anyway."
                ).format(name=Path(info.path).name)
            )
        notices.append(_("The PDF's content differs from the one this review was made for."))
    elif known_path is not None and known_path != info.path:
        notices.append(
            _("The PDF was moved or renamed (it was {known_path}); its review continues.").format(
                known_path=known_path
            )
        )
    for key, value in (
        ("pdf_sha256", info.sha256),
        ("pdf_path", info.path),
        ("page_count", str(info.page_count)),
    ):
        if store.get_meta(key) != value:
            store.set_meta(key, value)
    return notices


def _recover(store: PageStore) -> list[str]:
    """After a crash, turn the drafts that were autosaved into versions."""
    if not store.was_unclean:
        return []
    recovered = store.commit_all_drafts()
    notice = _("ProofDesk did not close normally last time; the review was checked and is intact.")
    if recovered.pages:
        notice += _(" Unsaved typing on {pages_count} page(s) was recovered.").format(
            pages_count=len(recovered.pages)
        )
    return [notice]
