"""Reading-order pages for the tests: a page's review and what it names out of order,
a page stretched to reach its foot, lines placed with square glyphs, and a judgment's
case number and signed ending."""

from __future__ import annotations

from backend.models import AltText, ScanLines
from backend.review.diagnoses.alt_lines import Box
from backend.review.page_aids import review_page
from backend.review.values import Flag, FlagKind, PageReview
from tests.backend.review.diagnoses.layout_helpers import reading
from tests.backend.review.tables import SETTINGS


def review(transcript: str, alternate: AltText, scan: ScanLines | None) -> PageReview:
    return review_page(0, transcript, alternate, scan_lines=scan, settings=SETTINGS)


def order_named(r: PageReview) -> list[tuple[int, int]]:
    return [(d.start, d.end) for d in r.diagnoses if d.kind.value == "reading_order"]


def critical_on(r: PageReview, start: int, end: int) -> list[Flag]:
    return [f for f in r.flags if f.kind is FlagKind.CRITICAL and f.start <= end and f.end >= start]


def order_flags(r: PageReview) -> list[Flag]:
    return [f for f in r.flags if "order" in f.detail]


def reaching(alternate: AltText, bottom: float) -> AltText:
    """``alternate``'s page stretched (or squeezed) down from its top line, so that its
    lowest line ends at ``bottom`` (of the page's height)."""
    boxes = [ln.box for ln in alternate.lines if ln.box is not None]
    top, low = min(b[1] for b in boxes), max(b[3] for b in boxes)
    k = (bottom - top) / (low - top)
    spread = []
    for ln in alternate.lines:
        assert ln.box is not None
        x0, y0, x1, y1 = ln.box
        spread.append(
            (
                alternate.text[ln.start : ln.end],
                (x0, top + (y0 - top) * k, x1, top + (y1 - top) * k),
            )
        )
    return reading(spread)


def glyph_boxes(rows: list[tuple[str, float | None]]) -> list[tuple[str, Box]]:
    """Lines at their x (None: across the page), one row each, square glyphs."""
    w = 0.84 / 36
    h = w * 1.4
    placed = []
    for row, (text, x) in enumerate(rows):
        y0 = 0.05 + row * h * 1.3
        x0, x1 = (0.08, 0.92) if x is None else (x, x + len(text) * w)
        placed.append((text, (x0, y0, x1, y0 + h)))
    return placed


CASE_NUMBER = "一一三年度訴字第一二三四號"
SIGNED = [
    ("據上論結，本件原告之訴為有理由，依民事訴訟法第七十八條，判決如主文。", 0.08),
    ("被告應給付原告新臺幣壹佰貳拾萬元，及自民國一一三年一月一日起至清償日止，", 0.08),
    ("按週年利率百分之五計算之利息。訴訟費用由被告負擔。", 0.08),
    ("本判決第一項於原告以新臺幣四十萬元供擔保後，得假執行。", 0.08),
    ("訴訟費用由被告負擔，並准予假執行。", 0.08),
    ("民事第一庭　法　官　王大明", 0.56),
    ("以上正本係照原本作成。", 0.08),
    ("如對本判決上訴，須於判決送達後", 0.08),
    ("中華民國一一三年五月二十日", None),
    ("書記官　李小華", 0.62),
]


# A form's first page: a list of parties in short lines down the left, 21 rows, down to
# the page's foot (the case number stands at the right of the first row).
PARTIES = [
    "原告王大明住臺北市中正區",
    "被告李小華住新北市板橋區",
    "訴訟代理人陳大同律師",
    "法定代理人張三李四王五",
    "被告陳小美住桃園市中壢區",
    "被告林大山住臺中市西屯區",
    "被告黃志明住高雄市苓雅區",
    "被告吳美玲住臺南市東區",
    "被告周建國住基隆市仁愛區",
    "被告鄭文華住新竹市東區",
    "被告謝宗翰住嘉義市西區",
    "被告許雅婷住宜蘭縣羅東鎮",
    "被告蔡明哲住花蓮縣吉安鄉",
    "被告楊淑芬住屏東縣屏東市",
    "被告劉家豪住彰化縣員林市",
    "被告何佩君住雲林縣斗六市",
    "被告羅志偉住苗栗縣頭份市",
    "被告鍾怡君住南投縣草屯鎮",
    "被告江俊傑住臺東縣臺東市",
    "被告曾雅雯住澎湖縣馬公市",
    "上列當事人間請求返還借款",
]
