"""Randomised pieces of Traditional Chinese legal text: names, places, things, numbers.

Written for the generated corpus from what legal documents in Taiwan generally
contain (courts, parties, articles, sums, quantities, dates), not from the
sample pages. Every numeral form a document may use is produced here: Arabic
(half- and full-width, with thousands separators), Chinese (一…十百千萬, 〇/○ as
zero, 兩, 廿, 卅) and formal (壹…玖, 拾佰仟).
"""

from __future__ import annotations

import random

SURNAMES = "王李張劉陳楊黃趙吳周徐孫馬朱胡郭何高林羅鄭梁謝宋唐許韓馮鄧曹彭曾蕭田董潘袁蔡蔣余杜葉程魏蘇呂丁沈任姚盧傅鍾姜崔譚廖范汪陸金石戴賈韋夏邱方侯鄒熊孟秦白江閻薛尹段雷黎史龍陶賀顧毛郝龔邵萬錢嚴賴覃洪武莫孔"  # noqa: E501 (data)
GIVEN = "志明俊傑建宏家豪承恩冠宇柏翰宗翰怡君雅婷淑芬美玲佩珊欣怡文雄國華信宏子豪培倫秀英麗華惠如慧玲振興永福金水春嬌淑惠彥廷品妤詩涵"  # noqa: E501 (data)
CITIES = [
    "臺北",
    "新北",
    "桃園",
    "臺中",
    "臺南",
    "高雄",
    "基隆",
    "新竹",
    "嘉義",
    "苗栗",
    "彰化",
    "南投",
    "雲林",
    "屏東",
    "宜蘭",
    "花蓮",
    "臺東",
    "澎湖",
    "金門",
]
DISTRICTS = [
    "中正",
    "大安",
    "信義",
    "松山",
    "板橋",
    "三重",
    "中壢",
    "西屯",
    "北屯",
    "東區",
    "安平",
    "苓雅",
    "鳳山",
    "竹北",
    "頭份",
    "員林",
    "斗六",
    "潮州",
    "羅東",
    "吉安",
]
ROADS = [
    "中山",
    "民生",
    "忠孝",
    "仁愛",
    "信義",
    "和平",
    "復興",
    "建國",
    "光復",
    "自由",
    "成功",
    "中華",
    "文化",
    "民族",
    "博愛",
    "公園",
    "大同",
    "勝利",
]
COURTS = ["臺灣{c}地方法院", "臺灣高等法院", "臺灣高等法院{c}分院", "最高法院", "{c}地方法院"]
PROSECUTORS = "臺灣{c}地方檢察署"
CASE_WORDS = [
    "訴",
    "易",
    "簡",
    "上",
    "上易",
    "重訴",
    "審訴",
    "聲",
    "抗",
    "再",
    "金訴",
    "交易",
    "勞訴",
    "家訴",
    "消債",
    "執",
    "司執",
    "訴緝",
    "偵",
    "他",
    "撤緩",
    "簡上",
]
CRIMES = [
    ("竊盜", "第三百二十條第一項"),
    ("詐欺取財", "第三百三十九條第一項"),
    ("侵占", "第三百三十五條第一項"),
    ("傷害", "第二百七十七條第一項"),
    ("毀損", "第三百五十四條"),
    ("公共危險", "第一百八十五條之三第一項第一款"),
    ("偽造文書", "第二百十條"),
    ("背信", "第三百四十二條第一項"),
    ("恐嚇", "第三百零五條"),
    ("妨害自由", "第三百零二條第一項"),
]
CLAIMS = [
    "給付借款",
    "給付貨款",
    "返還租賃物",
    "損害賠償",
    "給付工程款",
    "確認債權不存在",
    "返還不當得利",
    "給付資遣費",
    "分割共有物",
    "遷讓房屋",
]
# (thing, counter) pairs for evidence and goods lists: counters beyond any short list.
THINGS = [
    ("手機", "支"), ("行動電話", "支"), ("鑰匙", "把"), ("水果刀", "把"), ("存摺", "本"),
    ("帳冊", "本"), ("印章", "顆"), ("提款卡", "張"), ("支票", "張"), ("發票", "紙"),
    ("筆記型電腦", "台"), ("機車", "輛"), ("汽車", "輛"), ("安全帽", "頂"), ("背包", "個"),
    ("紙箱", "箱"), ("香菸", "條"), ("茶葉", "包"), ("白米", "袋"), ("米酒", "瓶"),
    ("監視器光碟", "片"), ("照片", "幀"), ("電線", "捆"), ("鋼筋", "噸"), ("木板", "塊"),
    ("布料", "匹"), ("衣服", "件"), ("鞋子", "雙"), ("手錶", "只"), ("戒指", "枚"),
    ("契約書", "份"), ("收據", "紙"), ("現金", "疊"), ("電纜", "公尺"), ("土地", "筆"),
]  # fmt: skip
ITEMS_OF_FEES = [
    "裁判費",
    "證人旅費",
    "鑑定費",
    "影印費",
    "郵務送達費",
    "律師酬金",
    "執行費",
    "抄錄費",
    "勘驗費",
    "登記規費",
]
EVIDENCE = [
    "監視器錄影畫面",
    "現場照片",
    "診斷證明書",
    "借據",
    "匯款單",
    "對話紀錄截圖",
    "扣押物品目錄表",
    "鑑定報告",
    "存證信函",
    "租賃契約",
]

DIGITS = "〇一二三四五六七八九"
FORMAL = "零壹貳參肆伍陸柒捌玖"
_FULL = str.maketrans("0123456789,", "０１２３４５６７８９，")


def name(rng: random.Random) -> str:
    return rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.choice((1, 2))))


def masked(rng: random.Random) -> str:
    """A name as judgments publish it: 王○○, 林○明, 甲○○ (the circle is U+25CB or 〇)."""
    circle = rng.choice("○○○〇")
    head = rng.choice(SURNAMES) if rng.random() < 0.85 else rng.choice("甲乙丙丁戊")
    if rng.random() < 0.3:
        return head + circle + rng.choice(GIVEN)
    return head + circle * 2


def person(rng: random.Random) -> str:
    return masked(rng) if rng.random() < 0.7 else name(rng)


def court(rng: random.Random) -> str:
    return rng.choice(COURTS).format(c=rng.choice(CITIES))


def address(rng: random.Random) -> str:
    lane = f"{chinese(rng.randint(1, 300))}巷" if rng.random() < 0.4 else ""
    return (
        f"{rng.choice(CITIES)}市{rng.choice(DISTRICTS)}區{rng.choice(ROADS)}路"
        f"{arabic(rng.randint(1, 9))}段{lane}{arabic(rng.randint(1, 400))}號"
    )


def arabic(n: int, full: bool | None = None, sep: bool = False) -> str:
    text = f"{n:,}" if sep else str(n)
    return text.translate(_FULL) if full else text


def chinese(n: int, zero: str = "零") -> str:
    """一萬二千三百零五 style (with units)."""
    if n == 0:
        return "零"
    if n >= 100_000_000:
        high, low = divmod(n, 100_000_000)
        rest = chinese(low, zero) if low else ""
        return chinese(high, zero) + "億" + (zero if 0 < low < 10_000_000 else "") + rest
    if n >= 10_000:
        high, low = divmod(n, 10_000)
        rest = chinese(low, zero) if low else ""
        return chinese(high, zero) + "萬" + (zero if 0 < low < 1000 else "") + rest
    out, pending_zero = "", False
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d, n = divmod(n, value)
        if d:
            if pending_zero and out:
                out += zero
            out += ("" if (unit == "十" and d == 1 and not out) else DIGITS[d]) + unit
            pending_zero = False
        elif out:
            pending_zero = True
    return out


def formal(n: int) -> str:
    """壹萬貳仟參佰零伍 (the form a contract or a cheque uses)."""
    plain = chinese(n)
    table = str.maketrans("一二三四五六七八九十百千", "壹貳參肆伍陸柒捌玖拾佰仟")
    text = plain.translate(table)
    return "壹拾" + text[1:] if text.startswith("拾") else text


def digitwise(n: int, zero: str = "〇") -> str:
    """一一四 / 一〇五 / 一○五: a year or a number read digit by digit."""
    return "".join(zero if c == "0" else DIGITS[int(c)] for c in str(n))


def any_count(n: int, rng: random.Random) -> str:
    """A small count in a random form (兩, 廿, 卅 included where they fit)."""
    roll = rng.random()
    if n == 2 and roll < 0.3:
        return "兩"
    if 20 <= n < 30 and roll < 0.2:
        return "廿" + ("" if n == 20 else DIGITS[n - 20])
    if 30 <= n < 40 and roll < 0.2:
        return "卅" + ("" if n == 30 else DIGITS[n - 30])
    if roll < 0.55:
        return chinese(n)
    if roll < 0.8:
        return arabic(n)
    return arabic(n, full=True)


def money(rng: random.Random) -> str:
    """新臺幣…元 in one of the forms an amount is written in."""
    n = rng.choice(
        (rng.randint(1, 99) * 1000, rng.randint(1, 999) * 100, rng.randint(1000, 9_999_999))
    )
    roll = rng.random()
    if roll < 0.3:
        body = arabic(n, sep=True)
    elif roll < 0.45:
        body = arabic(n, full=True, sep=True)
    elif roll < 0.75:
        body = chinese(n)
    else:
        body = formal(n)
    return f"新臺幣{body}元"


def roc_date(rng: random.Random, year: int | None = None) -> str:
    y = year or rng.randint(95, 114)
    m, d = rng.randint(1, 12), rng.randint(1, 28)
    if rng.random() < 0.6:
        return f"中華民國{digitwise(y, rng.choice('〇○'))}年{chinese(m)}月{chinese(d)}日"
    return f"民國{arabic(y)}年{arabic(m)}月{arabic(d)}日"


def ad_date(rng: random.Random) -> str:
    y, m, d = rng.randint(2006, 2025), rng.randint(1, 12), rng.randint(1, 28)
    if rng.random() < 0.5:
        return f"西元{arabic(y)}年{arabic(m)}月{arabic(d)}日"
    return f"西元{digitwise(y)}年{chinese(m)}月{chinese(d)}日"


def date(rng: random.Random) -> str:
    return roc_date(rng) if rng.random() < 0.75 else ad_date(rng)


def case_number(rng: random.Random) -> str:
    y, n = rng.randint(95, 114), rng.randint(1, 4999)
    word = rng.choice(CASE_WORDS)
    if rng.random() < 0.5:
        return f"{arabic(y)}年度{word}字第{arabic(n)}號"
    return f"{digitwise(y)}年度{word}字第{chinese(n)}號"


def article(rng: random.Random) -> str:
    n = rng.randint(1, 999)
    text = f"第{chinese(n) if rng.random() < 0.7 else arabic(n)}條"
    if rng.random() < 0.15:
        text += f"之{chinese(rng.randint(1, 3))}"
    if rng.random() < 0.4:
        text += f"第{chinese(rng.randint(1, 5))}項"
    if rng.random() < 0.2:
        text += f"第{chinese(rng.randint(1, 9))}款"
    return text


def percent(rng: random.Random) -> str:
    n = rng.choice((3, 5, 6, 10, 12, 15, 16, 20))
    roll = rng.random()
    if roll < 0.5:
        return f"百分之{chinese(n)}"
    if roll < 0.75:
        return f"{n}%"
    return f"{arabic(n, full=True)}％"


def quantity(rng: random.Random) -> tuple[str, str]:
    """(thing, 二支-style count with its counter)."""
    thing, counter = rng.choice(THINGS)
    return thing, f"{any_count(rng.randint(1, 39), rng)}{counter}"


def term_of_prison(rng: random.Random) -> str:
    months = rng.randint(2, 59)
    if months >= 12 and rng.random() < 0.5:
        y, m = divmod(months, 12)
        return f"有期徒刑{chinese(y)}年" + (f"{chinese(m)}月" if m else "")
    return f"有期徒刑{chinese(months)}月"
