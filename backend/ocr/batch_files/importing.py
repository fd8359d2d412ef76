"""Store ``vllm run-batch`` answers as ``ocr`` versions of the pages they were asked for.

All or nothing about *whose* results they are: every line is read and checked
first, and a single line naming another document or page count, or a page its
batch did not ask for (or a manifest prepared for another file) refuses the
whole import before anything is stored. Then, reading the files again so that
100k pages stream, each good answer is appended as an ``ocr`` version with the same
provenance as a live reading (model, prompt and its hash, parameters, image,
usage, finish reason) plus the batch's own (``custom_id``, result id, file and
line). Versions are append-only and a machine reading never displaces a
person's edit: a page with one keeps it and gets the answer in its history.

A line imported before (same bytes, in any file) is skipped, so importing the
same results twice adds nothing. Failed requests and answers cut off with no
text are listed, not stored; an answer cut off after some text is stored with
a warning and listed too, and so is one that ended early for another reason
(vLLM's "abort", "repetition"...), with that reason. Answers from another model
than the one the batch was prepared for are stored under the model that
answered (an alias of ``--served-model-name`` is legitimate) and counted in a
warning, so a wrong checkpoint is never taken silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from backend.engines.base import Reading, early_end_warning
from backend.errors import BatchFileError, BatchMismatchError, PageTooLongError
from backend.i18n import _
from backend.models import Change, VersionKind
from backend.ocr.batch_files import layout
from backend.ocr.batch_files.results import ResultEntry, read_results
from backend.provenance import Provenance, ProvenanceLike
from backend.server.diagnose import diagnose_reading
from backend.store.interface import PageStore
from backend.store.sql import check_page_text

ENGINE = "vllm-batch"
MAX_LISTED = 1000  # problems kept with their line; the rest are counted
MAX_MODELS = 20  # other models named in the warning; a file of 1M names is counted
STORE_CHUNK = 64  # answers per transaction (~1 MB each with logprobs): bounded memory


@dataclass(frozen=True)
class Problem:
    page: int | None  # 0-based, when the line named one
    where: str  # "results-1-of-4.jsonl line 7"
    reason: str


@dataclass
class ImportReport:
    stored: int = 0
    already: int = 0  # lines imported before: skipped
    kept_edits: int = 0  # pages whose edit stayed; the answer went to history
    # The first MAX_LISTED of each; the counts are all of them (a hostile file of
    # 10M garbage lines would otherwise hold 10M problems: ~3 GB for a 20 MB file).
    failed: list[Problem] = field(default_factory=list)
    cut_off: list[Problem] = field(default_factory=list)  # stored, but incomplete
    failed_count: int = 0
    cut_off_count: int = 0  # at the token limit, or ended early (counted in both)
    ended_early_count: int = 0  # "abort", "repetition"...: listed among the cut-off ones
    # (model that answered, model the batch was prepared for) -> stored answers
    other_models: dict[tuple[str, str], int] = field(default_factory=dict)
    other_models_count: int = 0  # all of them, the names past MAX_MODELS too
    change: Change = field(default_factory=Change)

    def add_failed(self, problem: Problem) -> None:
        self.failed_count += 1
        if len(self.failed) < MAX_LISTED:
            self.failed.append(problem)

    def add_cut_off(self, problem: Problem, *, early: bool = False) -> None:
        self.cut_off_count += 1
        self.ended_early_count += early
        if len(self.cut_off) < MAX_LISTED:
            self.cut_off.append(problem)

    def add_other_model(self, answered: str, prepared: str) -> None:
        self.other_models_count += 1
        key = (answered, prepared)
        if key in self.other_models or len(self.other_models) < MAX_MODELS:
            self.other_models[key] = self.other_models.get(key, 0) + 1

    @property
    def model_warnings(self) -> list[str]:
        """One sentence per other model that answered, listed by the CLI and the GUI."""
        notes = [
            _(
                "{count} answer(s) came from the model “{model}”, not “{prepared}”, the one "
                "this batch was prepared for: check that it is the model you meant (a "
                "--served-model-name alias is fine). Each version names the model that "
                "answered."
            ).format(count=count, model=answered or "?", prepared=prepared)
            for (answered, prepared), count in self.other_models.items()
        ]
        unnamed = self.other_models_count - sum(self.other_models.values())
        if unnamed:
            notes.append(
                _("{count} more answer(s) came from yet other models.").format(count=unnamed)
            )
        return notes

    @property
    def message(self) -> str:
        text = _("Imported {stored} page(s) from the batch results.").format(stored=self.stored)
        if self.already:
            text += " " + _("{count} answer(s) were imported before and were skipped.").format(
                count=self.already
            )
        if self.kept_edits:
            text += " " + _(
                "{count} page(s) kept your edits; the answers are in their history."
            ).format(count=self.kept_edits)
        if at_limit := self.cut_off_count - self.ended_early_count:
            text += " " + _("{count} answer(s) were cut off at the token limit.").format(
                count=at_limit
            )
        if self.ended_early_count:
            text += " " + _(
                "{count} answer(s) ended early (finish reason other than “stop”): the end "
                "of the page may be missing."
            ).format(count=self.ended_early_count)
        if self.failed_count:
            text += " " + _("{count} request(s) failed.").format(count=self.failed_count)
        if self.other_models_count:  # which ones: model_warnings, listed like the problems
            text += " " + _(
                "{count} answer(s) came from another model than the batch was prepared for."
            ).format(count=self.other_models_count)
        return text


def import_results(
    store: PageStore, *, sha256: str, page_count: int, name: str, files: list[Path]
) -> ImportReport:
    """Import ``files`` (run-batch outputs in their batch folder) for the document
    ``sha256`` of ``page_count`` pages. Raises ``BatchFileError``/``BatchMismatchError``."""
    for f in files:  # "DIR/*.jsonl" takes in the requests too: every page would "fail"
        if f.name == layout.REQUESTS or (
            f.parent.name == layout.SHARDS and f.name.startswith("requests-")
        ):
            raise BatchFileError(
                _(
                    "“{name}” holds the requests ProofDesk wrote, not answers: import the "
                    "results files vllm run-batch wrote (results*.jsonl)."
                ).format(name=f.name)
            )
    manifests = {f.parent: layout.read_manifest(f.parent) for f in files}
    for folder, manifest in manifests.items():
        _check_manifest(manifest, folder, sha256, page_count, name)
    # Two passes, so 100k pages stream (a page's answer with logprobs is ~1 MB): the
    # first checks every line and keeps only page numbers, the second stores.
    named: set[int] = set()
    for f in files:
        for entry in read_results(f):
            _check_entry(entry, manifests[f.parent], sha256, page_count, name)
            if entry.key is not None:
                named.add(entry.key.page)
    report = ImportReport()
    seen = _imported_lines(store, named)
    pages: set[int] = set()
    items: list[tuple[int, VersionKind, str, ProvenanceLike]] = []
    for f in files:
        for entry in read_results(f):
            _check_entry(entry, manifests[f.parent], sha256, page_count, name)
            item = _item(entry, manifests[f.parent], seen, report)
            if item is not None:
                items.append(item)
                seen.add(entry.line_sha256)
            if len(items) >= STORE_CHUNK:
                _store(store, items, report, pages)
    _store(store, items, report, pages)
    report.change = Change(pages=frozenset(pages), text=True, versions=True, message=report.message)
    return report


def _store(
    store: PageStore,
    items: list[tuple[int, VersionKind, str, ProvenanceLike]],
    report: ImportReport,
    pages: set[int],
) -> None:
    """Append ``items`` in one transaction and empty the list. An import stopped
    part-way (a full disk) keeps what it stored; importing again adds the rest."""
    if not items:
        return
    changes = store.add_versions(items)
    report.stored += len(items)
    report.kept_edits += sum(bool(c.message) for c in changes)
    pages.update(p for c in changes for p in c.pages)
    items.clear()


def _check_manifest(
    manifest: layout.Manifest, folder: Path, sha256: str, page_count: int, name: str
) -> None:
    if manifest.document_sha256 != sha256 or manifest.page_count != page_count:
        raise BatchMismatchError(
            _(
                "The batch in “{folder}” was prepared for another document (“{other}”, "
                "{other_pages} pages), not “{name}” ({pages} pages); nothing was imported."
            ).format(
                folder=layout.folder_label(folder),
                other=manifest.document_name,
                other_pages=manifest.page_count,
                name=name,
                pages=page_count,
            )
        )


def _check_entry(
    entry: ResultEntry, manifest: layout.Manifest, sha256: str, page_count: int, name: str
) -> None:
    where = _where(entry)
    key = entry.key
    if key is None:
        if entry.error and not entry.custom_id:  # not a result at all: listed, not fatal
            return
        raise BatchMismatchError(
            _(
                "{where}: “{custom_id}” is not a page of a batch ProofDesk prepared; "
                "nothing was imported."
            ).format(where=where, custom_id=entry.custom_id)
        )
    if key.sha256 != sha256:
        raise BatchMismatchError(
            _(
                "{where} is for another document (SHA-256 {other}…), not “{name}”; "
                "nothing was imported."
            ).format(where=where, other=key.sha256[:12], name=name)
        )
    if key.page_count != page_count or key.page >= page_count:
        raise BatchMismatchError(
            _(
                "{where} is for a document of {other} pages, but “{name}” has {pages}; "
                "nothing was imported."
            ).format(where=where, other=key.page_count, name=name, pages=page_count)
        )
    if manifest.page_entry(key.page) is None:  # another batch of this document: not its prompt
        raise BatchMismatchError(
            _(
                "{where} answers page {page}, which the batch in its folder did not ask "
                "for (results of another batch of “{name}”?); nothing was imported."
            ).format(where=where, page=key.page + 1, name=name)
        )


def _imported_lines(store: PageStore, pages: set[int]) -> set[str]:
    """The result lines already stored on these pages (their SHA-256)."""
    counts = store.version_counts()
    seen: set[str] = set()
    for page in pages:
        if not counts.get(page):
            continue
        for version in store.versions(page):
            batch = version.origin.batch
            if version.kind is VersionKind.OCR and batch is not None:
                seen.add(str(batch.get("line_sha256", "")))
    return seen


def _item(
    entry: ResultEntry, manifest: layout.Manifest, seen: set[str], report: ImportReport
) -> tuple[int, VersionKind, str, ProvenanceLike] | None:
    key = entry.key
    page = key.page if key is not None else None
    if entry.error or key is None:
        report.add_failed(Problem(page, _where(entry), entry.error))
        return None
    if entry.line_sha256 in seen:
        report.already += 1
        return None
    if not entry.text.strip() and entry.truncated:
        reason = _("cut off at the token limit before any text: raise max tokens")
        report.add_failed(Problem(page, _where(entry), reason))
        return None
    if not entry.text.strip() and entry.ended_early:  # nothing to keep: read it again
        reason = _("ended early (finish reason “{reason}”) before any text").format(
            reason=entry.finish_reason
        )
        report.add_failed(Problem(page, _where(entry), reason))
        return None
    try:
        check_page_text(key.page, entry.text)
    except PageTooLongError as exc:
        report.add_failed(Problem(page, _where(entry), str(exc)))
        return None
    if entry.truncated:
        report.add_cut_off(Problem(page, _where(entry), _("cut off at the token limit")))
    elif entry.ended_early:
        reason = _("ended early (finish reason “{reason}”): may be incomplete").format(
            reason=entry.finish_reason
        )
        report.add_cut_off(Problem(page, _where(entry), reason), early=True)
    if entry.model and entry.model != manifest.model:
        report.add_other_model(entry.model, manifest.model)
    return key.page, VersionKind.OCR, entry.text, _provenance(entry, manifest, key.page)


def _provenance(entry: ResultEntry, manifest: layout.Manifest, page: int) -> Provenance:
    prepared = manifest.page_entry(page)
    prompt = manifest.prompts.get(prepared.prompt_sha256, "") if prepared else ""
    params = dict(manifest.params)
    if prepared is not None:
        params["max_tokens"] = prepared.max_tokens
    image = {k: v for k, v in (prepared.image if prepared else {}).items() if k != "file"}
    reading = Reading(
        text=entry.text,
        engine=ENGINE,
        model=entry.model or manifest.model,
        finish_reason=entry.finish_reason,
        prompt_tokens=entry.prompt_tokens,
        completion_tokens=entry.completion_tokens,
        reasoning=entry.reasoning,
        logprobs=entry.logprobs,
        prompt=prompt,
        params=params,
        image=image,
        notes=prepared.notes if prepared else (),
        warnings=entry.warnings + _warnings(entry),
        replaced=entry.replaced,
    )
    # A batch runner measures no per-page latency.
    return (
        reading.provenance()
        .without("latency_s", "first_token_s")
        .with_items(
            batch={
                "custom_id": entry.custom_id,
                "result_id": entry.result_id,
                "file": entry.file,
                "line": entry.line,
                "line_sha256": entry.line_sha256,
                "prepared_at": manifest.created_at,
                "prepared_model": manifest.model,  # beside "model", the one that answered
            }
        )
    )


def _warnings(entry: ResultEntry) -> tuple[str, ...]:
    problems = diagnose_reading(
        model_id=entry.model,
        text=entry.text,
        reasoning=entry.reasoning,
        finish_reason=entry.finish_reason,
    )
    warnings = tuple(f"{d.title} {d.remedy}" for d in problems)
    if entry.truncated:
        warnings += (
            _("The answer was cut off at the token limit: the end of the page may be missing."),
        )
    elif entry.ended_early:
        warnings += (early_end_warning(entry.finish_reason),)
    if not entry.text.strip():
        warnings += (_("The model returned no text: is the page blank?"),)
    return warnings


def _where(entry: ResultEntry) -> str:
    return _("{file} line {line}").format(file=entry.file, line=entry.line)
