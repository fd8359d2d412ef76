"""Legal-critical terms on a whole judgment page: every seeded modal-word and number error
is flagged critical, while ordinary misreadings flag under 1% of the page."""

from __future__ import annotations

from tests.backend.review.legal_terms_helpers import critical_of, make_hunks

# A judgment page, for the recall/precision goal: every seeded modal-word and
# number error is flagged critical, while ordinary misreadings stay under 1%.
PAGE = """臺灣臺北地方法院民事判決　112年度訴字第1234號
原　　　告　王○○
被　　　告　甲○○
上列當事人間請求給付買賣價金事件，本院於中華民國112年3月5日言詞辯論終結，判決如下：
主　文
被告應給付原告新臺幣壹拾貳萬參仟元，及自民國112年1月10日起至清償日止，按週年利率百分之五計算之利息。
原告其餘之訴駁回。
訴訟費用由被告負擔。
本判決第一項於原告以新臺幣4萬1千元供擔保後，得假執行。但被告如以新臺幣123,000元為原告預供擔保，得免為假執行。
事實及理由
一、按當事人得以合意定第一審管轄法院，民事訴訟法第24條第1項定有明文。
二、原告主張：被告於111年12月1日向原告購買貨物，約定價金新臺幣12萬3千元，被告迄未給付。被告取得之不動產，應不受影響。
三、被告則以：伊無須給付，且原告未依約交貨等語置辯。
四、按買受人對於出賣人，有交付約定價金及受領標的物之義務，民法第三百六十七條定有明文。又依民法第二百三十三條之一規定，債務人不得拒絕給付。
五、本件事證已臻明確，兩造其餘攻擊防禦方法，核與判決結果不生影響，爰不一一論列，併此敘明。
中　　華　　民　　國　　112　　年　　3　　月　　15　　日
"""

SEEDED = [  # (unique text on the page, what the alternate reads instead)
    ("被告應給付", "被告得給付"),
    ("，得假執行", "，不得假執行"),
    ("得免為", "應免為"),
    ("應不受", "應受"),
    ("伊無須", "伊須"),
    ("迄未給付", "迄已給付"),
    ("人不得拒絕", "人得拒絕"),
    ("不生影響", "生影響"),
    ("原告未依約", "原告已依約"),
    ("得以合意", "應以合意"),
    ("壹拾貳萬參仟元", "壹拾貳萬伍仟元"),
    ("4萬1千元", "4萬7千元"),
    ("123,000元", "128,000元"),
    ("12萬3千元", "12萬8千元"),
    ("百分之五", "百分之六"),
    ("第24條", "第34條"),
    ("第1項定有", "第7項定有"),
    ("第三百六十七條", "第三百六十八條"),
    ("三十三條之一", "三十三條"),
    ("112年3月5日", "112年8月5日"),
    ("112年1月10日", "112年1月16日"),
    ("111年12月1日", "111年12月7日"),
    ("15　　日", "16　　日"),
    ("第1234號", "第1284號"),
    ("告　王○○", "告　王大明"),
]

NOISE = [  # ordinary misreadings, some right next to critical terms
    ("民事判決", "民事判快"),
    ("買賣價金", "買賣價全"),
    ("言詞辯論", "言詞辨論"),
    ("應給付原告", "應給附原告"),
    ("供擔保後", "供擔堡後"),
    ("管轄法院", "管辖法院"),
    ("購買貨物", "購買貨務"),
    ("攻擊防禦", "攻擊防御"),
    ("已臻明確", "已臻明碓"),
    ("交貨等語", "交貸等語"),
    ("之義務", "之義努"),
    ("標的物", "標的牣"),
    ("其餘之訴", "其餘之訢"),
    ("五計算", "五訃算"),
    ("清償日止", "清償目止"),
    ("王○○", "王。。"),
    ("敘明", "叙明"),
]


def test_every_seeded_error_is_flagged_critical() -> None:
    missed = []
    for old, new in SEEDED:
        assert PAGE.count(old) == 1, old
        at = PAGE.index(old)
        alternate = PAGE.replace(old, new)
        flags = critical_of(PAGE, alternate)
        if not any(f.start <= at + len(old) and f.end >= at for f in flags):
            missed.append(old)
    assert missed == []


def test_ordinary_misreadings_flag_under_one_percent() -> None:
    alternate = PAGE
    for old, new in NOISE:
        alternate = alternate.replace(old, new, 1)
    hunks = make_hunks(PAGE, alternate)
    # Every misreading is a difference but the two the alternate's Simplified forms
    # (辖, 叙) are, which normalisation folds away before anything is flagged.
    assert len(hunks) == len(NOISE) - 2
    assert not {h.alt_text for h in hunks} & {"辖", "叙"}
    flagged = sum(f.end - f.start for f in critical_of(PAGE, alternate))
    assert flagged <= 0.01 * len(PAGE)
