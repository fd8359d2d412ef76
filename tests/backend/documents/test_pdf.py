"""Every bad-input kind gets its own clear message; nothing crashes."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend import errors
from backend.documents.pdf import clamp_scale, open_pdf
from tests import pdf_factory


def test_sample_opens_with_its_pages(sample_pdf: Path) -> None:
    doc = open_pdf(sample_pdf)
    assert doc.page_count == 7
    assert len(doc.info.sha256) == 64
    assert not doc.info.repaired and not doc.info.encrypted
    assert doc.info.notices == ()
    doc.close()


def test_render_gives_rgb_pixels_at_the_asked_scale(sample_pdf: Path) -> None:
    doc = open_pdf(sample_pdf)
    page = doc.render(0, 0.5)
    assert (page.width, page.height) == (298, 421)  # A4 595×842 pt at half scale
    assert page.stride == page.width * 3
    assert len(page.samples) == page.stride * page.height
    assert not page.clamped and page.warnings == ()
    assert min(page.samples) < 100 < max(page.samples)  # ink on paper, not a blank page
    doc.close()


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(errors.DocumentNotFoundError, match="not found"):
        open_pdf(tmp_path / "nope.pdf")


def test_empty_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    with pytest.raises(errors.EmptyFileError, match="empty"):
        open_pdf(empty)


@pytest.mark.parametrize(
    "content",
    [
        b"Hello, this is a letter, not a PDF.\n" * 20,
        bytes(range(256)) * 40,
        b"\x89PNG\r\n\x1a\n" + b"\0" * 500,
    ],
    ids=["text", "garbage", "png"],
)
def test_not_a_pdf(tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(content)
    with pytest.raises(errors.NotAPdfError, match="not a PDF"):
        open_pdf(bad)


def test_truncated_file_opens_repaired_with_notice(tmp_path: Path, sample_pdf: Path) -> None:
    cut = pdf_factory.truncated_pdf(tmp_path / "cut.pdf", sample_pdf, keep=0.8)
    doc = open_pdf(cut)
    assert doc.info.repaired
    assert any("repaired" in n for n in doc.info.notices)
    assert doc.page_count >= 1
    doc.render(0, 0.3)  # what survived still renders
    doc.close()


def test_zero_pages(tmp_path: Path) -> None:
    with pytest.raises(errors.NoPagesError, match="no pages"):
        open_pdf(pdf_factory.zero_page_pdf(tmp_path / "zero.pdf"))


def test_user_password_required_then_wrong_then_right(tmp_path: Path) -> None:
    locked = pdf_factory.encrypted_pdf(tmp_path / "locked.pdf", user_pw="u-pass", owner_pw="o-pass")
    with pytest.raises(errors.PasswordRequiredError, match="password") as no_pw:
        open_pdf(locked)
    assert not isinstance(no_pw.value, errors.WrongPasswordError)
    with pytest.raises(errors.WrongPasswordError, match="does not open"):
        open_pdf(locked, "guess")
    doc = open_pdf(locked, "u-pass")
    assert doc.info.needed_password and doc.info.encrypted
    assert "secret page" in doc.text(0)
    doc.close()


def test_owner_password_only_opens_without_asking(tmp_path: Path) -> None:
    restricted = pdf_factory.encrypted_pdf(tmp_path / "owner.pdf", user_pw="", owner_pw="o-pass")
    doc = open_pdf(restricted)
    assert not doc.info.needed_password
    assert doc.info.encrypted
    assert "secret page" in doc.text(0)
    doc.close()


def test_absurd_page_size_renders_clamped(tmp_path: Path) -> None:
    doc = open_pdf(pdf_factory.huge_page_pdf(tmp_path / "huge.pdf"))
    page = doc.render(0, 2.0, max_pixels=4_000_000)  # 2× of 20000 pt would be 1.6 G pixels
    assert page.clamped
    assert page.width * page.height <= 4_000_000
    assert page.scale < 2.0
    assert any("unusually large" in w for w in page.warnings)
    doc.close()


def test_broken_content_stream_renders_what_it_can(tmp_path: Path) -> None:
    doc = open_pdf(pdf_factory.broken_stream_pdf(tmp_path / "broken.pdf"))
    page = doc.render(0, 0.5)
    assert page.width > 0
    assert any("damaged content" in w for w in page.warnings)
    doc.close()


def test_clamp_scale_keeps_small_pages_untouched() -> None:
    assert clamp_scale(595, 842, 2.0, 25_000_000) == (2.0, False)
    scale, clamped = clamp_scale(20000, 20000, 1.0, 1_000_000)
    assert clamped and 20000 * scale * 20000 * scale <= 1_000_000


def test_page_out_of_range_is_an_index_error(sample_pdf: Path) -> None:
    doc = open_pdf(sample_pdf)
    with pytest.raises(IndexError):
        doc.render(7, 1.0)
    doc.close()


def test_a_repeat_summary_left_by_another_document_is_no_damage_here(
    sample_pdf: Path, tmp_path: Path
) -> None:
    # MuPDF writes "... repeated N times..." for an earlier document's warnings
    # when the next message comes; a clean page drawn next was reported damaged.
    from backend.documents.pdf import _real_warnings

    assert not _real_warnings("... repeated 15 times...")
    assert not _real_warnings("\n... repeated 2 times...\n")
    assert _real_warnings("... repeated 3 times...\nsyntax error: unknown keyword")
    assert _real_warnings("format error: cannot find object")
