"""A de-identified export (issue 25): the export's pages with every finding the Publish
review did not skip masked, the same person masked alike on every page, and nothing
else of the review that could quote what was masked.

Findings are found again on the exported text itself (it may have its markers
stripped, or be the approved text rather than the working one), with the decisions
and the names of the whole document (a party line on a page the export leaves out
still names its person everywhere else). What a de-identified file leaves out: each
page's history of versions, notes, flags and diagnoses (each quotes the text), and
the document's own file name, masked as its text is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from backend.export.pages import ExportDocument, ExportPage
from backend.export.redaction_boxes import span_boxes
from backend.publish import MaskRules, mask_text
from backend.publish.decisions import Decision, PublishDecision, Scope, where
from backend.publish.mask import mask_of
from backend.publish.model import Finding, PersonalKind
from backend.session.publish import PublishState, state_of


def deidentify(
    doc: ExportDocument, state: PublishState, rules: MaskRules | None = None
) -> ExportDocument:
    """``doc`` (from ``collect``) de-identified by the review ``state``."""
    rules = rules or MaskRules()
    full = list(state.pages)
    for page in doc.pages:
        full[page.page] = page.text
    decisions: Sequence[PublishDecision] = state.decisions
    found = state_of(full, _with_names(decisions, state)).items
    masked: dict[int, list[Finding]] = {}
    for item in found:
        if item.masked:
            masked.setdefault(item.finding.page, []).append(item.finding)
    regions = _regions(full, decisions)
    pages = tuple(_page(page, masked.get(page.page, []), rules, regions) for page in doc.pages)
    everyone = [f for fs in masked.values() for f in fs]
    return replace(
        doc,
        pages=pages,
        title=_mask_loose(doc.title, everyone, rules),
        name=_mask_loose(doc.source.name, everyone, rules),
        masks=rules.name,
    )


def _with_names(decisions: Sequence[PublishDecision], state: PublishState) -> list[PublishDecision]:
    """The decisions, and every person the whole document names marked for every
    occurrence (so they are found on exported pages whose party line is left out)."""
    named = [
        PublishDecision(PersonalKind.PERSON, name, Decision.MARK, Scope.ALL, text=name)
        for name in state.person_names()
    ]
    return [*named, *decisions]  # the reviewer's own come later: they win


Region = tuple[float, float, float, float]


def _regions(
    pages: Sequence[str], decisions: Sequence[PublishDecision]
) -> dict[tuple[int, int, str], Region]:
    """The regions of the scan the reviewer marked, by the place of the finding each
    is for (a finding no reading places on the scan), where that place stands now."""
    out: dict[tuple[int, int, str], Region] = {}
    for d in decisions:  # the later about one place wins
        if d.box and d.scope is Scope.PLACE and d.page is not None and 0 <= d.page < len(pages):
            at = where(pages[d.page], d)
            if at is not None:
                out[(d.page, at, d.text)] = d.box
    return out


def _page(
    page: ExportPage,
    findings: list[Finding],
    rules: MaskRules,
    regions: dict[tuple[int, int, str], Region],
) -> ExportPage:
    boxes: list[tuple[float, float, float, float]] = []
    unplaced: list[str] = []
    spans_unplaced: list[tuple[int, int]] = []
    if findings:
        spans = [(f.start, f.end) for f in findings]
        placed = span_boxes(page.text, spans, page.layout) if page.layout else [None] * len(spans)
        for finding, at in zip(findings, placed, strict=True):
            region = regions.get((finding.page, finding.start, finding.text))
            if region is not None:
                boxes.append(region)  # the reviewer's own mark on the scan wins
            if at is not None:
                boxes += at
            elif region is None:
                unplaced.append(finding.kind.value)
                spans_unplaced.append((finding.start, finding.end))
    return replace(
        page,
        text=mask_text(page.text, findings, rules),
        note="",
        versions=(),
        critical_flags=(),
        diagnoses=(),
        redactions=tuple(boxes),
        unplaced=tuple(unplaced),
        unplaced_spans=tuple(spans_unplaced),
    )


def _mask_loose(text: str, findings: Sequence[Finding], rules: MaskRules) -> str:
    """``text`` (a title, a file name: no page of the document) with every masked
    finding's text masked wherever it stands in it."""
    for finding in sorted(findings, key=lambda f: -len(f.text)):
        if finding.text in text:
            text = text.replace(finding.text, mask_of(finding, rules))
    return text
