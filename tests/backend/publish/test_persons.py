"""Persons' names (``backend.publish.persons``) and the whole detection and masking
(``find_personal_data``, ``mask_pages``) over a small file."""

from __future__ import annotations

from backend.publish import MaskRules, find_personal_data, mask_pages
from backend.publish.model import PersonalKind
from backend.publish.persons import person_findings

HEADER = (
    "原　　告　林志明　住臺北市中正區重慶南路一段122號3樓\n"
    "訴訟代理人　王大明律師\n"
    "被　　告　某某股份有限公司\n"
    "法定代理人　陳美玲\n"
    "被　　告　張○○\n"
)
BODY = (
    "理由\n一、原告林志明主張：陳美玲於民國110年3月5日駕車，張○○則以…\n"
    "二、證人李四海證稱款項由周杰倫轉交…\n法　官　王小明\n書記官　黃大華"
)


def names(pages: list[str], **kw: list[str]) -> list[tuple[int, str, str]]:
    return [(f.page, f.text, f.reason) for f in person_findings(pages, **kw)]


def test_party_lines_name_persons_found_again_on_every_page() -> None:
    assert sorted(names([HEADER, BODY])) == [
        (0, "張○○", "被告"),  # masked in the source: found as written, to mask alike
        (0, "林志明", "原告"),
        (0, "陳美玲", "法定代理人"),
        (1, "張○○", "被告"),
        (1, "李四海", "證人"),  # a witness: no party line names them, their role does
        (1, "林志明", "原告"),
        (1, "陳美玲", "法定代理人"),
    ]


def test_a_name_a_line_end_cuts_is_found_whole_and_counsel_keeps_theirs() -> None:
    pages = [
        "聲　請　人　潘文麗\n訴訟代理人　潘文彥律\n師\n",
        "聲請人潘文\n麗寄發存證信函，辯護人潘文彥\n律師到庭。聲請人潘文麗主張",
    ]
    assert sorted(t for _, t, _ in names(pages)) == ["潘文\n麗", "潘文麗", "潘文麗"]
    masked = mask_pages(pages, find_personal_data(pages))
    assert "潘文彥" in masked[0] and "潘文彥" in masked[1]  # counsel, though cut
    assert masked[1].startswith("聲請人潘○\n○寄發")  # the line end stays where it was


def test_companies_counsel_and_officials_keep_their_names() -> None:
    kept = {"某某股份有限公司", "王大明", "王小明", "黃大華"}
    found = {f.text for f in find_personal_data([HEADER, BODY])}
    assert not kept & found
    assert found  # the file's persons are found (林志明, 陳美玲, 張○○)


def test_the_reviewer_adds_a_name_and_keeps_another() -> None:
    found = names([HEADER, BODY], extra=["周杰倫"], kept=["陳美玲"])
    assert (1, "周杰倫", "glossary") in found
    assert all(text != "陳美玲" for _, text, _ in found)


def test_every_occurrence_of_a_person_is_masked_alike_and_nothing_else_changes() -> None:
    pages = [HEADER, BODY]
    masked = mask_pages(pages, find_personal_data(pages))
    assert "林志明" not in "".join(masked) and "陳美玲" not in "".join(masked)
    assert masked[0].count("林○○") == 1 and masked[1].count("林○○") == 1
    assert "陳○○" in masked[0] and "陳○○" in masked[1]
    for kept in ("某某股份有限公司", "王大明律師", "法　官　王小明", "民國110年3月5日"):
        assert kept in "".join(masked)
    assert len(masked[1]) == len(pages[1])  # a mask as long as the name: no reflow


def test_every_kind_in_one_page_and_the_mask_rule() -> None:
    page = (
        "被　　告　歐陽志明（民國70年1月2日生，身分證統一編號：A123456789）\n"
        "住新北市板橋區文化路二段100巷5弄3號，電話0912-345-678，"
        "電子郵件 ou@example.com，帳號：(700)0001234567890，駕駛ABC-1234號自小客車。"
    )
    findings = find_personal_data([page])
    kinds = {f.kind for f in findings}
    assert kinds == set(PersonalKind) - {PersonalKind.RESIDENT_ID}  # none on this page
    masked = mask_pages([page], findings, MaskRules(mask="＊", given_name_mask="ＸＸ"))[0]
    assert "歐陽ＸＸ" in masked  # a double surname is kept whole
    for finding in findings:
        if finding.kind is not PersonalKind.PERSON:
            assert finding.text not in masked
            assert "＊" * len(finding.text) in masked


def test_a_heading_name_is_not_run_on_into_the_next_line() -> None:
    # Joined, 陳美玲\n原告王志明 read 陳美玲原: the name was never found again, and 原
    # was masked away (review V, item 1).
    pages = ["被　　告　陳美玲\n原告王志明主張：被告陳美玲駕駛", "陳美玲到庭"]
    masked = mask_pages(pages, find_personal_data(pages))
    assert masked == ["被　　告　陳○○\n原告王○○主張：被告陳○○駕駛", "陳○○到庭"]


def test_names_set_wide_with_spaces_or_台_for_臺_or_another_names_start_are_found() -> None:
    pages = [
        "被　　告　王　強\n原　　告　陳大文\n法定代理人　陳大\n聲　請　人　王台生\n",
        "王強於案發時與陳大文、陳大同行，證人王臺生、林 美玲到庭。",
    ]
    masked = mask_pages(pages, find_personal_data(pages))
    assert masked[0].split("\n")[:4] == [
        "被　　告　王○○",  # 王　強, set three wide: masked (its length kept)
        "原　　告　陳○○",
        "法定代理人　陳○○",  # 陳大, though 陳大文 starts with it
        "聲　請　人　王○○",
    ]
    assert masked[1] == "王○○於案發時與陳○○、陳○○同行，證人王○○、林 美玲到庭。"


def test_counsel_keeps_a_name_but_a_partys_before_委任律師_is_masked() -> None:
    pages = ["被　　告　林美玲\n", "被告林美玲委任律師上訴；林美玲之律師到庭。訴訟代理人潘文彥律師"]
    masked = mask_pages(pages, find_personal_data(pages))[1]
    assert masked == "被告林○○委任律師上訴；林○○之律師到庭。訴訟代理人潘文彥律師"


def test_witnesses_and_others_no_party_line_names_are_found_but_a_notary_keeps_theirs() -> None:
    pages = [
        "證人陳大文於本院審理時具結證稱：當日見被告在場等語。公證人林美華於同日認證。\n"
        "保證人張小明應連帶給付。證人證稱：不知情。證人旅費由國庫負擔。\n"
        "鑑定人王○○到庭陳述。經傳喚證　人　李四海到庭。",
        "陳大文之證述與卷內資料相符。林美華公證。張小明未到庭。",
    ]
    assert sorted(names(pages)) == [
        (0, "張小明", "保證人"),
        (0, "李四海", "證人"),  # the role spaced out as a heading sets it
        (0, "王○○", "鑑定人"),
        (0, "陳大文", "證人"),
        (1, "張小明", "保證人"),
        (1, "陳大文", "證人"),  # found again where no role stands before it
    ]


def test_a_line_end_after_a_known_name_does_not_make_a_longer_one() -> None:
    # The line end cuts the words after the name (現住, 到庭), not the name: looking
    # for 覃振現住 or 莫嬌到 would mask the address's first glyphs, or 莫嬌 unevenly.
    pages = [
        "被　　告　覃振\n相　對　人　莫嬌\n",
        "被告覃振現住\n屏東縣東港鎮大同路53號。相對人莫嬌到\n庭陳稱不知情。",
    ]
    assert sorted({t for _, t, _ in names(pages)}) == ["莫嬌", "覃振"]
    masked = mask_pages(pages, find_personal_data(pages))
    assert "現住\n" in masked[1] and "到\n庭陳稱" in masked[1]


def test_where_a_person_lives_ends_their_name_in_running_text() -> None:
    assert names(["被告林志明現住臺北市。"]) == [(0, "林志明", "被告")]


def test_a_name_only_a_line_end_cuts_is_masked_whole_beside_a_name_it_begins_with() -> None:
    # 林志 and 林志明 are two persons; 林志明 is named only where a line end follows it.
    # Dropping the cut 林志明 for the known 林志 masked 林○○明: its 明 stayed readable.
    pages = ["原　　告　林志\n被告林志明\n主張不知情。"]
    assert sorted({t for _, t, _ in names(pages)}) == ["林志", "林志明"]
    masked = mask_pages(pages, find_personal_data(pages))[0]
    assert "明" not in masked.replace("主張", "")
