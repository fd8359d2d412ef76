"""An answer's warnings are codes: the decisions made on them hold in any UI language."""

from __future__ import annotations

import json
from typing import Any

from backend import i18n
from backend.engines.answer_checks import AnswerWarning
from backend.engines.openai_chat import Answer, feed_event


def _chunk(token: str, logprob: Any) -> str:
    entry = {"token": token, "logprob": logprob, "bytes": list(token.encode())}
    choice = {"index": 0, "delta": {"content": token}, "logprobs": {"content": [entry]}}
    return json.dumps({"choices": [choice]})


def test_dropped_logprobs_stay_dropped_when_the_language_changes_mid_answer() -> None:
    """One bad confidence and the later ones cannot be trusted to line up with the text,
    so none are kept; switching the UI to zh_TW between chunks must not undo that
    (the old key, ``_(LOGPROBS_DROPPED)``, then read as Chinese and no longer matched)."""
    answer = Answer()
    feed_event(answer, _chunk("第", "not a number"))
    assert answer.logprobs == []
    i18n.set_language("zh_TW")  # conftest puts English back
    feed_event(answer, _chunk("一", -0.1))
    assert answer.logprobs == []
    assert answer.warnings == [AnswerWarning.LOGPROBS_DROPPED]


def test_a_warning_is_shown_in_the_language_of_the_moment() -> None:
    answer = Answer()
    feed_event(answer, _chunk("第", "not a number"))
    english = answer.warning_messages
    i18n.set_language("zh_TW")
    chinese = answer.warning_messages
    assert "confidences" in english[0]
    assert chinese != english and "信心度" in chinese[0]
