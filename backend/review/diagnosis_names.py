"""A whole-page diagnosis's kind in words, for every front end (the CLI's reasons, the
page list's tooltip, the review queue, the Compare dock, approval): one name each,
translated once here."""

from __future__ import annotations

from backend.i18n import N_, _
from backend.review.values import Diagnosis, DiagnosisKind

_NAMES = {
    DiagnosisKind.REPETITION: N_("repetition"),
    DiagnosisKind.CUT_SHORT: N_("cut short"),
    DiagnosisKind.MISSING_BLOCK: N_("missing block"),
    DiagnosisKind.NOT_ON_SCAN: N_("text not on the scan"),
    DiagnosisKind.SCRIPT_DRIFT: N_("Simplified characters"),
    DiagnosisKind.READING_ORDER: N_("reading order"),
    DiagnosisKind.TABLE_CELLS: N_("table cells"),
}


def diagnosis_name(kind: DiagnosisKind) -> str:
    """``kind`` in the UI language, e.g. "repetition" (zh_TW 重複)."""
    return _(_NAMES[kind])


def diagnosis_line(diagnosis: Diagnosis) -> str:
    """One line naming the diagnosis and what it found, e.g. "repetition: …"."""
    return _("{kind}: {detail}").format(
        kind=diagnosis_name(diagnosis.kind), detail=diagnosis.detail
    )


def kinds_named(diagnoses: tuple[Diagnosis, ...] | list[Diagnosis]) -> list[str]:
    """The kinds found, each once, in the order first found."""
    return [diagnosis_name(k) for k in dict.fromkeys(d.kind for d in diagnoses)]
