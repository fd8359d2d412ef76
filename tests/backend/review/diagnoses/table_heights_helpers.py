"""The rows the table heights tests place, shared by test_table_heights.py and
test_table_guards.py (a test module never imports another)."""

from __future__ import annotations

CELLS = [
    ["四", "7530元", "民國95年11月19日"],
    ["五", "柒萬參仟柒佰參拾元", "中華民國九九年十二月十八日"],
    ["六", "二萬一千一百九十元", "民國102年10月10日"],
]
