"""A page with no text on a side is named in the reader's language in ``eval``'s table,
and by a stable value in its JSON (the " and " was built in code: English in 繁體中文)."""

from __future__ import annotations

from backend import i18n
from backend.cli.review import eval_json, eval_markdown
from backend.review.run_eval import EvalReport, PageEval

REPORT = EvalReport(
    a="model:a", b="engine:rapidocr", pages=(PageEval(0, None, missing=("A", "B")),), gold=False
)


def test_the_sides_with_no_text_are_named_in_the_readers_language() -> None:
    assert "| 1 | no text on side A and B |" in eval_markdown(REPORT)
    i18n.set_language("zh_TW")  # conftest puts English back
    chinese = eval_markdown(REPORT)
    assert "A 與 B" in chinese and " and " not in chinese


def test_the_json_names_them_the_same_in_every_language() -> None:
    english = eval_json(REPORT)["pages"][0]["missing"]
    i18n.set_language("zh_TW")
    assert eval_json(REPORT)["pages"][0]["missing"] == english == "A and B"
