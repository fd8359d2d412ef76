"""A supervisor's view of the team's progress: pages per status, per person (edited
last, approved, claimed, assigned and of those final, and their queue: the assigned
pages not final yet, as ranges), and who is editing what."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtWidgets import QDialog, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from backend.i18n import list_join


class ProgressView(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Team progress"))
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.people = QTableWidget(0, 7, self)
        self.people.setHorizontalHeaderLabels(
            [
                self.tr("Person"),
                self.tr("Edited"),
                self.tr("Final approvals"),
                self.tr("Claimed now"),
                self.tr("Assigned"),
                self.tr("Assigned, final"),
                self.tr("Queue (pages)"),
            ]
        )
        self.claims = QLabel(self)
        self.claims.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.people)
        layout.addWidget(self.claims)
        self.resize(640, 420)

    def show_progress(self, progress: dict[str, Any]) -> None:
        s = progress["statuses"]
        self.summary.setText(
            self.tr(
                "Unreviewed {u} · in progress {i} · reviewed {r} · final {f} · flagged {x}"
            ).format(
                u=s["unreviewed"], i=s["in_progress"], r=s["reviewed"], f=s["final"], x=s["flagged"]
            )
        )
        people = sorted(progress["people"].items())
        queues: dict[str, list[int]] = progress.get("queues", {})
        self.people.setRowCount(len(people))
        for row, (name, counts) in enumerate(people):
            cells = [name] + [
                str(counts[k]) for k in ("edited", "final", "claimed", "assigned", "assigned_final")
            ]
            cells.append(page_ranges(queues.get(name, [])))
            for col, text in enumerate(cells):
                self.people.setItem(row, col, QTableWidgetItem(text))
        lines = [
            self.tr("Page {page}: {holder} since {time}").format(
                page=c["page"],
                holder=c["holder"],
                time=time.strftime("%H:%M", time.localtime(c["since"])),
            )
            for c in progress["claims"]
        ]
        self.claims.setText("\n".join(lines) or self.tr("No page is being edited."))


def page_ranges(pages: list[int]) -> str:
    """[3, 4, 5, 9] as "3–5, 9" (a 3,000-page queue stays one short line)."""
    parts: list[tuple[int, int]] = []
    for page in sorted(pages):
        if parts and parts[-1][1] == page - 1:
            parts[-1] = (parts[-1][0], page)
        else:
            parts.append((page, page))
    return list_join(str(a) if a == b else f"{a}–{b}" for a, b in parts)
