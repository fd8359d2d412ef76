"""A party as a fact across pages: its value is the name (not the heading it stands
under), and a name masked down to its surname tells no person, so it is never one
person given two roles; it may still be misspelt under its own role."""

from __future__ import annotations

from backend.facts.checks import cross_page_flags
from backend.facts.extract import facts_of_page
from backend.facts.grouping import FactGrouping
from backend.facts.groups import group_facts
from backend.facts.model import FactGroup, FactKind
from backend.review.values import Flag

BODY = "上列當事人間請求返還借款事件，本院判決如下：\n"


def _groups(pages: list[str]) -> list[FactGroup]:
    return group_facts(f for i, text in enumerate(pages) for f in facts_of_page(i, text))


def _flags(pages: list[str]) -> dict[int, list[Flag]]:
    return cross_page_flags(_groups(pages))


def test_a_partys_value_is_the_name_not_its_spaced_heading() -> None:
    pages = ["原　　告　林○○\n被　　告　王小明\n" + BODY] * 5
    pages.append("原　　告　林○○\n被　　告　王小朋\n" + BODY)
    (group,) = [g for g in _groups(pages) if g.kind is FactKind.PARTY and g.label == "被告"]
    assert [v.value for v in group.variants] == ["王小明", "王小朋"]
    (flag,) = _flags(pages)[5]
    assert pages[5][flag.start : flag.end] == "被　　告　王小朋"
    assert flag.detail == "pages 1–5 read 王小明; this page reads 王小朋"
    assert flag.replacement == "被　　告　王小明"  # the place's role and spacing kept
    facts = [(i, facts_of_page(i, text)) for i, text in enumerate(pages)]
    kept = FactGrouping(facts).groups()  # the incremental grouping says the same
    assert [v.value for g in kept if g.label == "被告" for v in g.variants] == ["王小明", "王小朋"]


def test_the_same_masked_name_under_two_roles_is_two_people() -> None:
    # The victim and the accused, father and son, are both 王○○ in a published judgment.
    first = "被　　告　王○○\n" + BODY + "告訴人王○○於警詢時指稱財物遭竊。"
    pages = [first] + ["被告王○○則以：否認犯行。"] * 5
    assert _flags(pages) == {}
    father = "法定代理人　甲○○\n" + BODY  # on a page of its own: not named beside the son
    assert _flags(["被　　告　甲○○\n" + BODY, father] + ["被告甲○○則以：否認。"] * 4) == {}


def test_a_masked_name_misspelt_under_its_own_role_is_still_flagged() -> None:
    pages = ["被　　告　王○○\n" + BODY] + ["被告王○○則以：否認犯行。"] * 4
    pages.append("被告汪○○則以：否認犯行。")
    (flag,) = _flags(pages)[5]
    assert pages[5][flag.start : flag.end] == "被告汪○○"
    assert flag.replacement == "被告王○○"


def test_a_name_that_keeps_a_given_names_glyph_under_two_roles_is_still_flagged() -> None:
    pages = ["原　　告　林○明\n" + BODY] + ["原告林○明主張：借款未還。"] * 4
    pages.append("被告林○明主張：借款未還。")
    (flag,) = _flags(pages)[5]
    assert pages[5][flag.start : flag.end] == "被告林○明" and flag.replacement == "原告林○明"


def test_a_heading_spaced_with_tabs_or_no_break_spaces_gives_the_name_alone() -> None:
    for heading in (
        "被\t\t告\t王小明\n",
        "被　　告\u00a0王小明\n",
        "被\u00a0\u00a0告\u3000王小明\n",
    ):
        (fact,) = [f for f in facts_of_page(0, heading) if f.kind is FactKind.PARTY]
        assert (fact.label, fact.key) == ("被告", "王小明")
        assert fact.value == heading.rstrip("\n")  # the place: the role and the name


def test_a_masked_name_whose_role_is_misread_on_one_page_of_many_is_flagged() -> None:
    # 原告 read as 被告 on one page: the surname's mask is the file's plaintiff on six
    # pages and the "defendant" on one, a role one glyph from its own. Siblings suing
    # each other (both 王○○) are named under both roles on many pages: no flag.
    pages = ["原　　告　王○○\n" + BODY] + ["原告王○○主張：借款未還。"] * 5
    pages.append("被告王○○主張：借款未還。")
    (flag,) = _flags(pages)[6]
    assert pages[6][flag.start : flag.end] == "被告王○○" and flag.replacement == "原告王○○"
    siblings = ["原　　告　王○○\n被　　告　王○○\n" + BODY]
    siblings += ["原告王○○主張：借款未還。被告王○○則以：否認。"] * 6
    assert _flags(siblings) == {}
