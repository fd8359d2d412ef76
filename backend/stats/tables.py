"""The statistics as words and table cells: what ``proofdesk stats`` prints and the
Statistics dialog shows, from the same rows (``figures``), in the user's language."""

from __future__ import annotations

from backend.i18n import N_, _
from backend.stats.figures import PageRow, PersonRow, SourceRow, Statistics
from backend.stats.progress import PACE_DAYS
from backend.stats.time_rule import IDLE_CUTOFF_S

SOURCE_LABELS = {"engine": N_("engine"), "model": N_("model"), "prompt_name": N_("prompt")}
SOURCE_LABELS |= {"prompt_sha256": N_("prompt hash"), "server": N_("server")}


def document_lines(stats: Statistics) -> list[str]:
    d = stats.document
    lines = [
        _("{pages} pages: {approved} approved, {remaining} to go.").format(
            pages=d.pages, approved=d.approved, remaining=d.remaining
        )
    ]
    if d.seconds_per_page is not None and d.work_left_s is not None:
        lines.append(
            _("Time per page (median): {s:.0f} s; work left: {left}.").format(
                s=d.seconds_per_page, left=work_left(d.work_left_s)
            )
        )
    if d.pages_per_day is not None and d.working_days_left is not None:
        lines.append(
            _(
                "Pace: {n:.1f} pages a day (the last {k} days with approvals): "
                "about {days:.1f} working days left."
            ).format(n=d.pages_per_day, k=min(PACE_DAYS, len(d.by_day)), days=d.working_days_left)
        )
    lines.append(
        _("Time on a page counts gaps between a person's actions up to {m:.0f} min.").format(
            m=IDLE_CUTOFF_S / 60
        )
    )
    if stats.viewer is not None:
        lines.append(_("Your own work is shown (an administrator sees everyone's)."))
    return lines


def work_left(seconds: float) -> str:
    """Hours of work, or minutes under an hour: one page's 180 s is "3 min", not "0.0 h"."""
    minutes = max(1, round(seconds / 60)) if seconds > 0 else 0
    if minutes < 60:
        return _("{m} min").format(m=minutes)
    return _("{h:.1f} h").format(h=seconds / 3600)


def table_cells(stats: Statistics, by: str) -> tuple[list[str], list[list[str]]]:
    """The header and the rows of one grouping's table (``figures.GROUPINGS``)."""
    if by == "person":
        head = [_("reviewer"), _("pages timed"), _("s/page"), _("approved"), _("written")]
        rows = [_person_row(p) for p in stats.people]
        head += [_("chars corrected"), _("critical"), *_outcome_head()]
        head += [_("items not stored")]
    elif by == "page":
        head = [_("page"), _("approved"), _("model"), _("CER"), _("CER of reading")]
        head += [_("changed"), _("critical"), _("seconds"), *_outcome_head()]
        rows = [_page_row(r) for r in stats.pages]
    else:
        keys = list(stats.sources[by][0].key) if stats.sources[by] else list(_KEYS[by])
        head = [_(SOURCE_LABELS[k]) for k in keys]
        head += [_("pages"), _("compared"), _("mean CER"), _("median CER"), _("pooled CER")]
        head += [_("critical"), _("tokens/page"), _("s/page")]
        rows = [_source_row(s) for s in stats.sources[by]]
    return head, rows


# A grouping's key columns when it has no rows (the GUI still shows its header).
_KEYS = {
    "model": ("engine", "model"),
    "prompt": ("engine", "model", "prompt_sha256", "prompt_name"),
    "server": ("server",),
}


def _outcome_head() -> list[str]:
    """The critical items raised at approval and what became of them."""
    return [_("items raised"), _("items accepted"), _("items dismissed")]


def _outcomes(r: PageRow | PersonRow) -> list[str]:
    # Not stored (approved before ProofDesk kept them): unknown, not zero.
    counts = (r.critical_raised, r.critical_accepted, r.critical_dismissed)
    return [_("unknown") if n is None else str(n) for n in counts]


def _person_row(p: PersonRow) -> list[str]:
    timed = [p.person, str(p.pages_timed), _num(p.seconds_per_page, 0)]
    return [*timed, str(p.pages_approved), str(p.pages_written), str(p.chars_corrected),
            str(p.critical_corrections), *_outcomes(p), str(p.outcomes_unknown)]  # fmt: skip


def _page_row(r: PageRow) -> list[str]:
    seconds = ", ".join(f"{who} {s:.0f}" for who, s in r.seconds.items())
    cers = [_pct(r.cer), _pct(r.cer_of_reading), _num(r.chars_changed, 0)]
    outcomes = _outcomes(r) if r.approved else ["–"] * 3  # not approved: nothing to know yet
    return [str(r.page + 1), _yes(r.approved), r.model or r.engine, *cers, _yes(r.critical),
            seconds, *outcomes]  # fmt: skip


def _source_row(s: SourceRow) -> list[str]:
    # A prompt's hash, shortened as git shortens commits: enough to tell prompts apart.
    key = [v[:12] if k == "prompt_sha256" else v for k, v in s.key.items()]
    cers = [_pct(s.mean_cer), _pct(s.median_cer), _pct(s.pooled_cer)]
    return [*key, str(s.pages_read), str(s.pages_compared), *cers, _pct(s.critical_share),
            _num(s.tokens_per_page, 0), _num(s.seconds_per_page, 1)]  # fmt: skip


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.2f}%"


def _num(value: float | int | None, digits: int) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _yes(value: bool | None) -> str:
    return "–" if value is None else _("yes") if value else _("no")
