"""Sentence templates of legal Traditional Chinese, with slots filled at random.

Each template is one clause or sentence a document of that kind typically
holds: what a party must or may do (得, 應, 須, 不得, 毋庸 …, with negation),
what the court decided (駁回, 撤銷, 有期徒刑 …), who is who (原告, 相對人,
出租人 …) and numbers in every position (sums, counts with counters, dates,
articles, case numbers, rates, 附表/附件 numbers). ``{slot}`` names a filler in
``FILLERS``; ``{A}``/``{B}`` are the document's two party roles.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from bench.corpus import vocab as v

FILLERS: dict[str, Callable[[random.Random], str]] = {
    "p": v.person,
    "name": v.name,
    "mask": v.masked,
    "money": v.money,
    "date": v.date,
    "roc": v.roc_date,
    "ad": v.ad_date,
    "case": v.case_number,
    "art": v.article,
    "pct": v.percent,
    "court": v.court,
    "addr": v.address,
    "crime": lambda r: r.choice(v.CRIMES)[0],
    "claim": lambda r: r.choice(v.CLAIMS),
    "ev": lambda r: r.choice(v.EVIDENCE),
    "qty": lambda r: "".join(v.quantity(r)),
    "prison": v.term_of_prison,
    "n": lambda r: v.any_count(r.randint(1, 30), r),
    "days": lambda r: v.any_count(r.choice((5, 7, 10, 14, 20, 30)), r),
    "annex": lambda r: v.any_count(r.randint(1, 9), r),
    "yrs": lambda r: v.chinese(r.randint(2, 5)),
    "yob": lambda r: v.any_count(r.randint(40, 95), r),
}

STATUTE = [
    "{art}　{A}於契約存續期間內，不得將租賃物之全部或一部轉租他人。",
    "{art}　主管機關應於受理申請之日起{days}日內作成處分，必要時得延長一次。",
    "{art}　前項申請人未依規定補正者，主管機關應予駁回。",
    "{art}　非經股東會決議，董事不得為競業之行為。",
    "{art}　違反前條規定者，處{money}以上{money}以下罰鍰，並得按次處罰。",
    "{art}　依本法所為之處分，當事人不服者，得於收受處分書之日起{days}日內提起訴願。",
    "{art}　雇主延長勞工工作時間者，其延長工作時間之工資應依平日每小時工資額加給{pct}以上。",
    "{art}　本法施行前已發生之事項，不適用本法之規定；但法律另有規定者，不在此限。",
    "{art}　申請人有下列情形之一者，不准登記：一、未檢附證明文件者。二、所附文件不實者。",
    "{art}　受僱人非有正當理由，不應拒絕雇主依法所為之調動。",
    "{art}　依前項規定免納規費者，毋須另行提出申請。",
    "{art}　前條之費用，由申請人負擔；其數額未滿{money}者，免予徵收。",
    "{art}　行為人未滿十八歲者，得減輕其刑；未滿十四歲者，不罰。",
    "{art}　公務員執行職務時，應不受任何干涉，並宜避免與當事人私下接觸。",
    "{art}　債務人無資力清償者，法院得准予分期給付，每期不得少於{money}。",
    "{art}　禁止任何人以強暴、脅迫或其他非法方法妨害他人行使權利。",
    "{art}　利率未經約定，亦無法律可據者，週年利率為{pct}。",
    "{art}　本條例自公布日施行；其施行細則，由主管機關定之，毋庸另經立法院審議。",
    "{art}　當事人得以書面約定管轄法院，但專屬管轄之事件，不在此限。",
    "{art}　前項情形，當事人無須到場者，法院得不經言詞辯論而為裁判。",
]
JUDGMENT = [
    "{A}{p}因{claim}事件，{A}起訴請求{B}給付{money}，及自{date}起至清償日止，按週年利率{pct}計算之利息。",
    "{B}{p}則以：{B}未曾向{A}借款，亦未簽立任何借據，{A}之請求於法無據等語，資為抗辯。",
    "按當事人主張有利於己之事實者，就其事實有舉證之責任，民事訴訟法第二百七十七條前段定有明文。",
    "經查，{A}主張之事實，業據其提出{ev}及{ev}為證，且為{B}所不爭執，堪信為真實。",
    "{B}雖辯稱其已於{date}清償{money}，然未能提出任何匯款紀錄以實其說，自不足採。",
    "從而，{A}依消費借貸之法律關係，請求{B}給付{money}，為有理由，應予准許；逾此部分之請求，則無理由，應予駁回。",
    "本件事證已臻明確，兩造其餘攻擊防禦方法及所提證據，核與判決結果不生影響，爰不一一論述。",
    "訴訟費用由{B}負擔{pct}，餘由{A}負擔。",
    "本判決第一項於{A}以{money}為{B}供擔保後，得假執行；但{B}如以{money}為{A}預供擔保，得免為假執行。",
    "{A}之訴及假執行之聲請均駁回。",
    "原判決關於駁回{A}後開第二項之訴部分廢棄，發回{court}。",
    "如不服本判決，應於送達後{days}日內向本院提出上訴狀，並應繳納上訴裁判費。",
    "{B}應自{date}起將坐落{addr}之房屋騰空遷讓返還{A}。",
    "{A}請求{B}賠償精神慰撫金{money}，核屬過高，應以{money}為適當。",
    "{B}抗辯{A}之請求權已罹於時效，惟{B}於{date}曾承認債務，時效因而中斷，{B}所辯非可採。",
]
CRIMINAL = [
    "{p}犯{crime}罪，處{prison}，如易科罰金，以新臺幣壹仟元折算壹日。",
    "{p}犯{crime}罪，處拘役{n}日，緩刑{yrs}年，並應向被害人支付{money}。",
    "扣案之{qty}及{qty}均沒收。",
    "未扣案之犯罪所得{money}沒收，於全部或一部不能沒收或不宜執行沒收時，追徵其價額。",
    "{p}被訴{crime}部分無罪。",
    "本件被告{p}被訴{crime}部分，公訴不受理。",
    "本件免訴。",
    "公訴意旨略以：被告{p}於{date}，在{addr}，竊取告訴人{p}所有之{qty}，因認被告涉犯刑法{art}之罪嫌。",
    "被告於偵查及本院審理時均坦承不諱，核與告訴人{p}於警詢之指述相符，並有{ev}在卷可稽。",
    "核被告所為，係犯刑法{art}之{crime}罪。被告前因案經判處{prison}確定，於{date}執行完畢，五年以內故意再犯，為累犯。",
    "爰審酌被告不思以正當途徑獲取財物，犯後坦承犯行，惟迄未與告訴人達成和解，量處如主文所示之刑。",
    "被告未曾因故意犯罪受有期徒刑以上刑之宣告，因一時失慮致罹刑典，諒經此偵審程序，當知警惕，認所宣告之刑以暫不執行為適當。",
    "檢察官認被告所為，應論以刑法{art}之罪，尚有未洽，惟基本社會事實同一，爰依法變更起訴法條。",
    "證人{p}於本院審理時證稱：當時並未看見被告持有{qty}等語。",
    "告訴人{p}與被告{p}於{date}以{money}達成調解，告訴人同意給予被告緩刑之機會。",
]
INDICTMENT = [
    "被告{p}，男，民國{yob}年生，住{addr}。",
    "上列被告因{crime}案件，業經偵查終結，認應提起公訴，茲將犯罪事實及證據並所犯法條分敘如下。",
    "被告{p}意圖為自己不法之所有，於{date}許，在{addr}前，徒手竊取告訴人{p}所有之{qty}，得手後離去。",
    "案經告訴人{p}訴由{c}政府警察局移送偵辦。",
    "上揭犯罪事實，業據被告於警詢及偵查中坦承不諱，核與告訴人之指訴相符，並有{ev}、{ev}各{n}份附卷可參。",
    "核被告所為，係犯刑法{art}之{crime}罪嫌。被告未扣案之犯罪所得，請依刑法第三十八條之一第一項前段宣告沒收。",
    "依刑事訴訟法第二百五十一條第一項提起公訴。",
    "被告{p}另涉{crime}部分，因犯罪嫌疑不足，另為不起訴處分。",
]
RULING = [
    "{A}{p}聲請{claim}事件，本院裁定如下。",
    "聲請駁回。聲請程序費用由{A}負擔。",
    "按債務人對於債權人之請求無異議者，法院應依債權人之聲請，發支付命令，民事訴訟法{art}定有明文。",
    "本件{A}聲請意旨略以：{B}{p}積欠{money}未還，經屢次催討，均置之不理，爰聲請假扣押等語。",
    "經核{A}之聲請，並未釋明有日後不能強制執行或甚難執行之虞，其聲請於法不合，不應准許。",
    "{A}以{money}或同面額之{case}提存物為{B}供擔保後，得對{B}之財產於{money}之範圍內為假扣押。",
    "{B}如為{A}供擔保{money}後，得免為或撤銷假扣押。",
    "抗告人不服原裁定，提起抗告，惟原裁定並無違誤，抗告為無理由，應予駁回。",
    "如不服本裁定，應於裁定送達後{days}日內向本院提出抗告狀，並繳納抗告費新臺幣壹仟元。",
]
CONTRACT = [
    "立契約書人{A}{name}（以下簡稱{A}）、{B}{name}（以下簡稱{B}），茲因{claim}事宜，經雙方同意訂立本契約，條款如下。",
    "第{annex}條　租賃期間自{date}起至{date}止，共計{n}個月。",
    "第{annex}條　每月租金{money}，{B}應於每月{n}日以前繳納，不得藉任何理由拖延或拒絕。",
    "第{annex}條　{B}應於訂約時交付押租金{money}予{A}，於租期屆滿交還房屋時無息返還。",
    "第{annex}條　{B}非經{A}書面同意，不得將房屋之全部或一部轉租、出借或以其他方式供他人使用。",
    "第{annex}條　{B}逾期繳納租金者，每逾一日應按欠額{pct}支付違約金；{A}亦得終止本契約。",
    "第{annex}條　房屋之修繕，除契約另有約定外，由{A}負責；{B}無須負擔，但因{B}之故意或過失所致者，不在此限。",  # noqa: E501 (data)
    "第{annex}條　本契約所附之附件{annex}及附表{annex}為本契約之一部分，與本契約有同一效力。",
    "第{annex}條　{A}交付{qty}及{qty}予{B}使用，{B}應善盡保管責任，不應任意變更其用途。",
    "第{annex}條　一方違約時，他方得不經催告逕行解除契約，並請求賠償{money}。",
    "第{annex}條　因本契約涉訟時，雙方同意以{court}為第一審管轄法院。",
    "第{annex}條　本契約壹式貳份，由雙方各執壹份為憑，自簽訂之日起生效。",
]
NOTICE = [
    "主旨：為{A}{p}積欠{claim}乙案，請於文到{days}日內清償{money}，逾期未清償者，本處將依法移送強制執行，請查照。",
    "說明：一、依{art}規定辦理。二、台端應繳納之款項計{money}，繳款期限至{date}止。",
    "三、台端如有異議，得於收受本通知之日起{days}日內以書面敘明理由提出，逾期不予受理。",
    "四、本案毋庸親自到場，但應攜帶身分證明文件及本通知單正本辦理。",
    "五、依規定免繳手續費者，應於申請書內勾選並檢附證明文件，否則不准減免。",
    "六、前開期限內未為補正者，視為撤回申請，所繳規費不予退還。",
    "正本：{A}{p}，住{addr}。副本：本處{n}科（含附件{annex}份）。",
    "本件依{case}確定判決辦理，執行標的為{money}及自{date}起之利息。",
]
SETTLEMENT = [
    "聲請人{p}與相對人{p}因{claim}事件，於{date}在本所調解成立，內容如下。",
    "一、相對人願給付聲請人{money}，於{date}前匯入聲請人指定之帳戶。",
    "二、相對人如有一期未按時給付，視為全部到期，並應另給付懲罰性違約金{money}。",
    "三、聲請人其餘請求拋棄，並同意不再追究相對人之刑事責任，於{days}日內撤回告訴。",
    "四、雙方就本件事故不得再有任何請求，亦不應以任何方式干擾對方之生活。",
    "五、本調解書經法院核定後，與民事確定判決有同一之效力。",
    "六、調解程序費用由聲請人負擔，毋須相對人分擔。",
]
TABLE_KINDS = ("fees", "evidence", "seized", "payments")

# When a kind's own sentences run out on a long page, a related kind's follow.
RELATED = {"indictment": "criminal judgment", "ruling": "civil judgment", "notice": "statute",
           "settlement": "contract", "statute": "notice", "contract": "settlement",
           "civil judgment": "ruling", "criminal judgment": "indictment"}  # fmt: skip
BY_KIND: dict[str, list[str]] = {
    "statute": STATUTE,
    "civil judgment": JUDGMENT,
    "criminal judgment": CRIMINAL,
    "indictment": INDICTMENT,
    "ruling": RULING,
    "contract": CONTRACT,
    "notice": NOTICE,
    "settlement": SETTLEMENT,
}
PARTIES: dict[str, list[tuple[str, str]]] = {
    "civil judgment": [("原告", "被告"), ("上訴人", "被上訴人")],
    "criminal judgment": [("告訴人", "被告"), ("自訴人", "被告")],
    "indictment": [("告訴人", "被告")],
    "ruling": [("聲請人", "相對人"), ("債權人", "債務人"), ("抗告人", "相對人")],
    "contract": [("出租人", "承租人"), ("甲方", "乙方"), ("出賣人", "買受人")],
    "notice": [("義務人", "機關"), ("債務人", "債權人")],
    "statute": [("承租人", "出租人"), ("債務人", "債權人")],
    "settlement": [("聲請人", "相對人")],
}
_SLOT = re.compile(r"\{(\w+)\}")


def fill(template: str, rng: random.Random, roles: tuple[str, str]) -> str:
    def one(m: re.Match[str]) -> str:
        key = m[1]
        if key == "A":
            return roles[0]
        if key == "B":
            return roles[1]
        if key == "c":
            return rng.choice(v.CITIES) + "市"
        return FILLERS[key](rng)

    return _SLOT.sub(one, template)
