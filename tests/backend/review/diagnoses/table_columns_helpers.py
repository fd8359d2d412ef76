"""The table columns tests' page geometry, shared by test_table_columns.py and
test_table_columns_runs.py (a test module never imports another)."""

from __future__ import annotations

from backend.review.values import DiagnosisKind

CELLS = DiagnosisKind.TABLE_CELLS
LETTER = 0.02  # a letter's width across the page, and a line's height
PITCH = 0.03  # from one row's line to the next
