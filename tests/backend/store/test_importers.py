"""Reading transcripts for import: JSONL and page-file folders; a clear reason for each refusal."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from backend.errors import ImportError_
from backend.provenance import Provenance
from backend.store.importers import ImportedPage, read_transcripts
from tests.conftest import DATA


def _jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


# -- JSONL ------------------------------------------------------------------------


def test_jsonl_pages_counted_from_one_become_zero_based(tmp_path: Path) -> None:
    src = _jsonl(tmp_path / "t.jsonl", [{"page": 3, "text": "三"}, {"page": 1, "text": "一"}])
    pages = read_transcripts(src, 3)
    assert [(p.page, p.text) for p in pages] == [(0, "一"), (2, "三")]  # sorted by page


def test_jsonl_extra_keys_land_in_provenance_fields(tmp_path: Path) -> None:
    src = _jsonl(
        tmp_path / "t.jsonl",
        [{"page": 1, "text": "a", "model": "qwen-vl", "score": 0.9}, {"page": 2, "text": "b"}],
    )
    first, second = read_transcripts(src, 2)
    assert first.provenance.to_dict() == {
        "source": "t.jsonl",
        "line": 1,
        "fields": {"model": "qwen-vl", "score": 0.9},
    }
    assert second.provenance.to_dict() == {"source": "t.jsonl", "line": 2}  # no "fields" when none


def test_sample_jsonl_gives_all_seven_pages() -> None:
    pages = read_transcripts(DATA / "legal-sample.vlm-style.jsonl", 7)
    assert [p.page for p in pages] == list(range(7))
    assert pages[0].text.startswith("法院文書掃描辨識校對作業要點")
    assert "note" in pages[0].provenance.to_dict()["fields"]


def test_jsonl_blank_lines_are_skipped_and_line_numbers_stay_true(tmp_path: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text('\n{"page": 1, "text": "a"}\n   \n{"page": 2, "text": "b"}\n', "utf-8")
    pages = read_transcripts(src, 2)
    assert [p.provenance.to_dict()["line"] for p in pages] == [2, 4]


def test_jsonl_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    src = tmp_path / "bom.jsonl"
    src.write_bytes(b"\xef\xbb\xbf" + '{"page": 1, "text": "第一頁"}\r\n'.encode())
    [page] = read_transcripts(src, 1)
    assert (page.page, page.text) == (0, "第一頁")


@pytest.mark.parametrize(
    ("separator", "stored"), [("\u2028", "\u2028"), ("\u2029", "\u2029"), ("\x85", "\n")]
)
def test_jsonl_text_may_hold_unicode_line_separators(
    tmp_path: Path, separator: str, stored: str
) -> None:
    src = _jsonl(tmp_path / "t.jsonl", [{"page": 1, "text": f"a{separator}b"}])
    [page] = read_transcripts(src, 1)
    assert page.text == f"a{stored}b"  # NEL is a line end: stored as one (safe_text.admit)


def test_invalid_json_line_names_the_file_and_line(tmp_path: Path) -> None:
    src = tmp_path / "broken.jsonl"
    src.write_text('{"page": 1, "text": "ok"}\n{"page": 2, "text": \n', "utf-8")
    with pytest.raises(ImportError_, match=r"broken\.jsonl, line 2 is not valid JSON"):
        read_transcripts(src, 5)


@pytest.mark.parametrize("row", [[1, "text"], "page 1", 7, None])
def test_a_line_that_is_not_an_object_is_refused(tmp_path: Path, row: Any) -> None:
    src = _jsonl(tmp_path / "t.jsonl", [row])
    with pytest.raises(ImportError_, match=r"t\.jsonl, line 1: expected an object"):
        read_transcripts(src, 5)


@pytest.mark.parametrize("page", ["1", 1.0, 1.5, None, True, False])
def test_page_must_be_a_whole_number_and_not_a_bool(tmp_path: Path, page: Any) -> None:
    src = _jsonl(tmp_path / "t.jsonl", [{"page": page, "text": "x"}])
    with pytest.raises(ImportError_, match=r'line 1: "page" must be a whole number'):
        read_transcripts(src, 5)


def test_missing_page_key_is_refused(tmp_path: Path) -> None:
    src = _jsonl(tmp_path / "t.jsonl", [{"text": "x"}])
    with pytest.raises(ImportError_, match='"page" must be a whole number'):
        read_transcripts(src, 5)


@pytest.mark.parametrize("text", [None, 5, ["a"], {"t": "a"}])
def test_text_must_be_a_string(tmp_path: Path, text: Any) -> None:
    src = _jsonl(tmp_path / "t.jsonl", [{"page": 1, "text": "ok"}, {"page": 2, "text": text}])
    with pytest.raises(ImportError_, match=r'line 2: "text" must be a string'):
        read_transcripts(src, 5)


@pytest.mark.parametrize(("page", "shown"), [(8, "page 8"), (0, "page 0"), (-2, "page -2")])
def test_page_out_of_range_imports_nothing(tmp_path: Path, page: int, shown: str) -> None:
    src = _jsonl(tmp_path / "t.jsonl", [{"page": 1, "text": "ok"}, {"page": page, "text": "x"}])
    with pytest.raises(ImportError_, match="Nothing was imported") as caught:
        read_transcripts(src, 7)
    message = str(caught.value)
    assert shown in message and "7 page(s)" in message and "t.jsonl" in message


def test_duplicate_page_is_refused(tmp_path: Path) -> None:
    src = _jsonl(tmp_path / "t.jsonl", [{"page": 2, "text": "a"}, {"page": 2, "text": "b"}])
    with pytest.raises(ImportError_, match=r"has page 2 twice\. Nothing was imported"):
        read_transcripts(src, 5)


def test_non_utf8_jsonl_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "big5.jsonl"
    src.write_bytes('{"page": 1, "text": "法院"}\n'.encode("big5"))
    with pytest.raises(ImportError_, match=r"“big5\.jsonl” is not UTF-8 text"):
        read_transcripts(src, 1)


# -- folders ----------------------------------------------------------------------


def test_folder_of_page_files(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "page-0007.md").write_text("# 第七頁\n", "utf-8")
    (folder / "3.txt").write_text("third", "utf-8")
    (folder / "scan_p1.TXT").write_text("first", "utf-8")
    (folder / "cover.png").write_bytes(b"\x89PNG not text")  # other kinds are ignored
    (folder / "12.txt").mkdir()  # so are folders, whatever their name
    pages = read_transcripts(folder, 7)
    assert pages == [
        ImportedPage(0, "first", Provenance.of(source="scan_p1.TXT")),
        ImportedPage(2, "third", Provenance.of(source="3.txt")),
        ImportedPage(6, "# 第七頁\n", Provenance.of(source="page-0007.md")),
    ]


def test_folder_page_number_is_the_last_number_in_the_name(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "case2024-p5.txt").write_text("five", "utf-8")
    [page] = read_transcripts(folder, 7)
    assert page.page == 4


def test_folder_file_without_a_number_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "1.txt").write_text("one", "utf-8")
    (folder / "notes.md").write_text("to do", "utf-8")
    with pytest.raises(ImportError_, match=r"“notes\.md” has no page number in its name"):
        read_transcripts(folder, 7)


def test_folder_with_the_same_page_twice_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "page-0002.md").write_text("a", "utf-8")
    (folder / "2.txt").write_text("b", "utf-8")
    with pytest.raises(ImportError_, match=r"“pages” has page 2 twice"):
        read_transcripts(folder, 7)


def test_folder_page_beyond_the_document_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "page-0009.md").write_text("nine", "utf-8")
    with pytest.raises(ImportError_, match=r"page 9, but the document has 7 page\(s\)"):
        read_transcripts(folder, 7)


def test_non_utf8_page_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "1.txt").write_bytes("判決".encode("big5"))
    with pytest.raises(ImportError_, match=r"“1\.txt” is not UTF-8 text"):
        read_transcripts(folder, 7)


# -- no source, nothing in it -------------------------------------------------------


def test_missing_source_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ImportError_, match=r"/gone\.jsonl” was not found"):
        read_transcripts(tmp_path / "gone.jsonl", 7)


@pytest.mark.parametrize(
    ("content", "said"), [("", r"is empty \(0 bytes\)"), ("\n  \n\n", "holds no transcripts")]
)
def test_empty_jsonl_is_refused(tmp_path: Path, content: str, said: str) -> None:
    src = tmp_path / "empty.jsonl"
    src.write_text(content, "utf-8")
    with pytest.raises(ImportError_, match=rf"“{re.escape(str(src))}” {said}"):
        read_transcripts(src, 7)


def test_folder_without_page_files_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "scans"
    folder.mkdir()
    (folder / "page-1.png").write_bytes(b"not text")
    with pytest.raises(ImportError_, match=r"The folder “.*/scans” holds no \.txt or \.md file"):
        read_transcripts(folder, 7)


# -- what is not a file of transcripts: said with the path as given (issue 21) --------


def test_a_device_is_named_as_one_not_as_missing() -> None:
    with pytest.raises(ImportError_) as caught:
        read_transcripts("/dev/null", 7)
    assert str(caught.value).startswith("“/dev/null” is a device, not a file of transcripts")
    assert "JSONL file" in str(caught.value)  # and what import takes instead


def test_a_fifo_is_refused_without_waiting_on_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pages.jsonl"
    os.mkfifo(fifo)  # nobody writes: an open for reading would wait for ever
    with pytest.raises(ImportError_, match=rf"“{re.escape(str(fifo))}” is a pipe \(FIFO\)"):
        read_transcripts(fifo, 7)


def test_an_empty_folder_is_named_with_what_it_should_hold(tmp_path: Path) -> None:
    with pytest.raises(ImportError_) as caught:
        read_transcripts(tmp_path, 7)
    assert f"The folder “{tmp_path}” holds no .txt or .md file" in str(caught.value)


def test_a_path_through_a_file_says_why_it_cannot_be_read(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x", "utf-8")
    inside = tmp_path / "notes.txt" / "pages.jsonl"
    with pytest.raises(ImportError_, match=r"notes\.txt/pages\.jsonl” cannot be read \(Not a dir"):
        read_transcripts(inside, 7)
