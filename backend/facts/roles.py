"""The words that label a fact: party roles, obligation phrases, exhibit prefixes.

``PARTY_ROLES`` is the party family of ``resources/legal/critical-terms.tsv`` (a
test keeps the two equal), so facts need no file and no session to be read;
``REPRESENTATIVES`` are the roles that table does not list because a change of
them is no change of the law (法定代理人, 訴訟代理人, 選任辯護人 …), but whose
names recur in a file like the parties' own.
"""

from __future__ import annotations

PARTY_ROLES = (
    "原告", "被告", "上訴人", "被上訴人", "聲請人", "相對人", "告訴人", "自訴人",
    "被害人", "抗告人", "再抗告人", "聲明異議人", "參加人", "債權人", "債務人",
    "義務人", "出租人", "承租人", "出賣人", "買受人", "甲方", "乙方", "丙方",
)  # fmt: skip
REPRESENTATIVES = (
    "法定代理人", "訴訟代理人", "選任辯護人", "指定辯護人", "辯護人", "代表人",
    "複代理人", "輔佐人", "特別代理人", "共同訴訟代理人", "參加代理人",
)  # fmt: skip
ROLES = tuple(sorted({*PARTY_ROLES, *REPRESENTATIVES}, key=lambda r: (-len(r), r)))
# Natural persons a judgment names in running text who are no party: publishing masks
# them as it does the parties (issue 25), while the facts' cross-page checks leave them
# out (a witness's "role" is no fact of the case to keep consistent). 公證人, a notary
# in their function, is not a witness: ``backend.publish.persons`` keeps that name.
OTHER_PERSONS = (
    "證人", "鑑定人", "保證人", "見證人", "關係人", "受刑人", "受處分人", "受扶養人",
)  # fmt: skip

# A person's name in running text, unmasked and with no heading's spaces before it,
# starts with a surname (原告林志明主張; not 原告主張, 被告返還, 告訴人同意): the
# commonest surnames of Taiwan's household registration, single and double. A name
# in a heading (原告　林志明) or masked (甲○○, 林○明) needs none.
SURNAMES = frozenset(
    "陳林黃張李王吳劉蔡楊許鄭謝郭洪曾邱廖賴周徐蘇葉莊呂江何蕭羅高簡朱鍾施游詹沈彭胡余盧"
    "潘顏梁趙柯翁魏方孫戴范宋鄧杜侯溫薛丁卓馬阮董唐藍石蔣古紀姚連馮歐程湯田康姜白汪鄒尤"
    "巫鐘黎涂龔嚴韓袁金童陸夏柳凃邵錢伍倪于譚駱熊任甘秦顧毛章史官萬俞雷粱饒闕凌崔尹孔辛"
    "武辜陶段龍韋葛池孟褚殷麥賀賈莫文管關向包丘梅華利裴樊房全佘左花魯安鮑郝穆塗邢蒲成谷"
    "常閻練盛鄔耿聶符申祝繆陽解曹岳齊籃應單舒畢喬龐翟牛鄞留季覃卜項喻商滕焦車虞苗戚牟雲"
    "巴力艾樂臧司樓費屈宗幸衛尚靳祁諶桂沙欒宮路刁時傅"
)
DOUBLE_SURNAMES = ("歐陽", "司馬", "上官", "諸葛", "張簡", "范姜", "周黃", "徐辜", "江謝")
# What may end a name: punctuation, and the function words legal prose puts right
# after a party's name (原告林志明因…, 被告王○○則以…, 告訴人李○○所有之…). None of them
# may stand inside a name, which keeps 原告起訴請求 or 被告應給付 from reading as names.
NAME_ENDS = frozenset("，,。、；;：:（(）)「」『』【】 \t\r\n\u00a0\u3000")  # \r: CRLF lines
GRAMMAR = frozenset(
    "因於與及則被所等之係為就對向自已均並即應未不亦以在暨或請起提稱辯得須無非既乃若雖且另"
    "業經將把給付負擔聲抗告訴求者述間"
)
# Words that follow a name in running text (原告林志明主張…, 被告王○○辯稱…): a name
# ends before them as before a function word.
NAME_END_WORDS = frozenset(
    {"主張", "起訴", "聲請", "請求", "提起", "辯稱", "陳稱", "陳述", "表示", "自承", "坦承"}
    | {"否認", "供稱", "指稱", "訴稱", "到庭", "具狀", "委任", "偕同", "住所", "居所"}
    | {"證稱", "證述", "具結", "結證"}  # what a witness does (證人李四海證稱…)
    | {"現住", "現居", "居住", "設籍", "戶籍"}  # where a party lives (被告覃振現住…)
    | {"律師", "會計師", "醫師", "法官", "檢察官", "書記官", "先生", "女士"}
)
# What an organisation's own name never holds: the function words between clauses.
ORG_BREAKS = frozenset("之應於與及向對為並則係等就即")
ORG_SUFFIXES = (
    "股份有限公司", "有限公司", "無限公司", "公司", "銀行", "農會", "漁會", "協會",
    "基金會", "合作社", "醫院", "大學", "學校", "政府", "公所", "事務所", "管理委員會",
)  # fmt: skip

# The phrase an amount belongs to, read in the few characters before it (被告應給付
# 原告新臺幣…元): the obligation it is (給付, 賠償 …) or what it is (租金, 罰鍰 …).
OBLIGATIONS = (
    "給付", "賠償", "返還", "清償", "支付", "償還", "供擔保", "擔保", "提存", "積欠",
    "罰鍰", "罰金", "租金", "押租金", "違約金", "慰撫金", "沒收", "追徵", "補償", "折算",
)  # fmt: skip

# Numbered exhibits and annexes: 原證一, 被證3, 附表二, 附件一.
EXHIBIT_PREFIXES = (
    "原證", "被證", "原告證", "被告證", "聲證", "相證", "上證", "被上證", "證物", "附表",
    "附件", "附圖", "附錄",
)  # fmt: skip

# Law names end so (民法, 民事訴訟法, 道路交通管理處罰條例); what stands before the
# name ends it (依民法, 係犯刑法, 違反…): a law is read back from its suffix to one of these.
LAW_SUFFIXES = ("法", "條例", "規則", "細則", "辦法", "通則", "準則", "公約")
LAW_BREAKS = frozenset("依按犯及、，,。；;與或暨之於反用照並係即前揭開述見第據按就\n ")
