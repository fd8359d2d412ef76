"""Page texts with whole-page problems (issue 22): a clean page, one stuck in a loop, and
one that lost its first lines (``HEADLESS``) beside the whole page (``WHOLE``)."""

from __future__ import annotations

SENTENCE = "被告應於本判決確定後給付原告新臺幣十二萬元。"
CLEAN = "第一條\n" + SENTENCE + "\n被告不得再為請求。\n"
LOOPED = "第一條\n" + SENTENCE * 40 + "\n"  # a model stuck in a loop
LINES = [
    "第一條　當事人得上訴，但應於收受判決送達後二十日內為之。",
    "第二條　被告應給付原告新臺幣十二萬元及自起訴狀繕本送達翌日起之利息。",
    "第三條　訴訟費用由被告負擔，並得假執行。",
    "第四條　原告其餘之訴駁回。",
    "第五條　本判決第一項得假執行。",
    "第六條　如不服本判決，應於送達後二十日內提起上訴。",
]
WHOLE = "\n".join(LINES) + "\n"
HEADLESS = "\n".join(LINES[3:]) + "\n"  # its first three lines dropped
