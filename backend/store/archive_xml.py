"""Reading one page of PAGE XML, ALTO or hOCR: its text and its line boxes.

The files come from elsewhere, so they are parsed with lxml set against XML's traps:
no entity is expanded (``resolve_entities=False``) and a file that declares or uses
one is refused, no DTD is loaded (``load_dtd=False``; Tesseract's hOCR names the XHTML
DTD), nothing is fetched (``no_network=True``), and libxml2's size limits stay on
(``huge_tree=False``). lxml is already a dependency (python-docx); defusedxml would add
one for what these flags do. A file that is not one of the three formats, or is broken,
is an ``ImportError_`` naming it.

What a page's text is:
- PAGE: each ``TextRegion``'s ``TextEquiv`` (else its lines' texts, one a line), the
  regions in document order joined by line feeds; boxes from the ``TextLine`` ``Coords``.
- ALTO: each ``TextLine``'s Strings (a space between words, none between two Chinese
  characters), the lines of a ``TextBlock`` one a line; boxes from the line's
  ``HPOS``/``VPOS``/``WIDTH``/``HEIGHT`` (else its Strings').
- hOCR: each ``ocr_line``-like span's text (its ``ocrx_word`` words joined as in ALTO),
  one a line; boxes from ``bbox``.
Boxes become page-relative with the page's size in the same unit (PAGE ``imageWidth``,
ALTO ``Page/@WIDTH``, hOCR the page's ``bbox``). A line ProofDesk wrote is found again by
its id (``pd_line_N``: line N of the text); another tool's by its text, in order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lxml import etree

from backend.errors import ImportError_
from backend.i18n import _
from backend.models import AltLine, box_union
from backend.safe_text import admit

Box = tuple[float, float, float, float]
_OWN_LINE = re.compile(r"pd_line_(\d+)$")
_NUMBER = r"\s+(-?\d+(?:\.\d+)?)"
_BBOX = re.compile("bbox" + _NUMBER * 4)
_HOCR_LINES = {"ocr_line", "ocrx_line", "ocr_header", "ocr_textfloat", "ocr_caption"}
# Han, kana, CJK punctuation and full-width forms: no space is put between two of these
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]")
FORMATS = ("page", "alto", "hocr")
_UNDECLARED_ENTITY = {
    etree.ErrorTypes.WAR_UNDECLARED_ENTITY,
    etree.ErrorTypes.ERR_UNDECLARED_ENTITY,
}


@dataclass(frozen=True)
class ArchiveReading:
    format: str  # one of FORMATS
    text: str  # admitted (``safe_text.admit``): what a transcript may not hold, replaced
    lines: tuple[AltLine, ...]
    replaced: int = 0  # characters ``admit`` replaced


@dataclass(frozen=True)
class _Line:
    ident: str
    text: str
    box: Box | None  # in the file's unit


def parse(data: bytes, name: str) -> ArchiveReading:
    """The page ``data`` holds; ``ImportError_`` for anything else."""
    root = _root(data, name)
    kind = etree.QName(root).localname
    if kind == "PcGts":
        text, lines, size = _page_xml(root)
        fmt = "page"
    elif kind == "alto":
        text, lines, size = _alto(root)
        fmt = "alto"
    elif kind == "html" and _by_class(root, "ocr_page"):
        text, lines, size = _hocr(root, name)
        fmt = "hocr"
    else:
        raise ImportError_(
            _("“{name}” is not PAGE XML, ALTO or hOCR (its root is <{root}>).").format(
                name=name, root=kind
            )
        )
    # Admitted before the lines are placed: a CR LF written as "&#13;" becomes one line
    # feed, and the lines' offsets must be into the text that is stored.
    admitted = admit(text)
    lines = [_Line(line.ident, admit(line.text).text, line.box) for line in lines]
    return ArchiveReading(
        fmt, admitted.text, place_lines(admitted.text, lines, size), admitted.replaced
    )


def _root(data: bytes, name: str) -> Any:
    parser = etree.XMLParser(
        resolve_entities=False,
        load_dtd=False,
        no_network=True,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise ImportError_(
            _("“{name}” is not well-formed XML ({reason}).").format(name=name, reason=exc.msg),
            detail=repr(exc),
        ) from exc
    dtd = root.getroottree().docinfo.internalDTD
    entities = list(dtd.iterentities()) if dtd is not None else []
    # An entity an external DTD would declare leaves no node inside an attribute: libxml2
    # drops it from the value with only a warning, so the attribute would import cut short.
    undeclared = any(e.type in _UNDECLARED_ENTITY for e in parser.error_log)
    if entities or undeclared or any(isinstance(e, etree._Entity) for e in root.iter()):
        raise ImportError_(
            _("“{name}” declares or uses XML entities; they are not read from files.").format(
                name=name
            )
        )
    return root


def _local(element: Any) -> str:
    tag = element.tag
    return etree.QName(tag).localname if isinstance(tag, str) else ""


def _children(element: Any, name: str) -> list[Any]:
    return [child for child in element if _local(child) == name]


def _descendants(element: Any, name: str) -> list[Any]:
    return [e for e in element.iter() if _local(e) == name]


def _float(value: str | None) -> float | None:
    try:
        return None if value is None else float(value)
    except ValueError:
        return None


# -- PAGE ---------------------------------------------------------------------


def _page_xml(root: Any) -> tuple[str, list[_Line], tuple[float, float] | None]:
    pages = _children(root, "Page")
    page = pages[0] if pages else root
    size = _size(page.get("imageWidth"), page.get("imageHeight"))
    texts, lines = [], []
    for region in _descendants(page, "TextRegion"):
        region_lines = [
            _Line(line.get("id", ""), _equiv(line) or _words(line), _points(line))
            for line in _children(region, "TextLine")
        ]
        own = _equiv(region)
        texts.append(own if own is not None else "\n".join(line.text for line in region_lines))
        lines += region_lines
    return "\n".join(texts), lines, size


def _equiv(element: Any) -> str | None:
    """The text of the element's first ``TextEquiv`` (lowest ``index`` first)."""
    equivs = sorted(_children(element, "TextEquiv"), key=lambda e: _float(e.get("index")) or 0)
    for equiv in equivs:
        for unicode in _children(equiv, "Unicode"):
            return str(unicode.text or "")
    return None


def _words(line: Any) -> str:
    return join_words([_equiv(word) or "" for word in _children(line, "Word")])


def _points(element: Any) -> Box | None:
    for coords in _children(element, "Coords"):
        xs, ys = [], []
        for pair in (coords.get("points") or "").split():
            x, _sep, y = pair.partition(",")
            fx, fy = _float(x), _float(y)
            if fx is None or fy is None:
                return None
            xs.append(fx)
            ys.append(fy)
        if xs:
            return min(xs), min(ys), max(xs), max(ys)
    return None


# -- ALTO ---------------------------------------------------------------------


def _alto(root: Any) -> tuple[str, list[_Line], tuple[float, float] | None]:
    pages = _descendants(root, "Page")
    size = _size(pages[0].get("WIDTH"), pages[0].get("HEIGHT")) if pages else None
    texts, lines = [], []
    for block in _descendants(root, "TextBlock"):
        block_lines = []
        for line in _children(block, "TextLine"):
            parts = [s.get("CONTENT", "") for s in line if _local(s) in ("String", "HYP")]
            box = _position(line) or box_union(
                [b for s in _children(line, "String") if (b := _position(s)) is not None]
            )
            block_lines.append(_Line(line.get("ID", ""), join_words(parts), box))
        texts.append("\n".join(line.text for line in block_lines))
        lines += block_lines
    return "\n".join(texts), lines, size


def _position(element: Any) -> Box | None:
    x, y = _float(element.get("HPOS")), _float(element.get("VPOS"))
    w, h = _float(element.get("WIDTH")), _float(element.get("HEIGHT"))
    if x is None or y is None or w is None or h is None:
        return None
    return x, y, x + w, y + h


# -- hOCR ---------------------------------------------------------------------


def _hocr(root: Any, name: str) -> tuple[str, list[_Line], tuple[float, float] | None]:
    pages = _by_class(root, "ocr_page")
    if len(pages) > 1:
        raise ImportError_(
            _("“{name}” holds {count} pages; import takes one page per file.").format(
                name=name, count=len(pages)
            )
        )
    page_box = _bbox(pages[0])
    size = None if page_box is None else (page_box[2] - page_box[0], page_box[3] - page_box[1])
    lines = []
    for element in pages[0].iter():
        if _classes(element) & _HOCR_LINES:
            words = [w for w in element.iter() if "ocrx_word" in _classes(w)]
            text = (
                join_words(["".join(w.itertext()) for w in words])
                if words
                else "".join(element.itertext())
            )
            lines.append(_Line(element.get("id", ""), text, _bbox(element)))
    return "\n".join(line.text for line in lines), lines, size


def _classes(element: Any) -> set[str]:
    return set((element.get("class") or "").split()) if isinstance(element.tag, str) else set()


def _by_class(root: Any, cls: str) -> list[Any]:
    return [e for e in root.iter() if cls in _classes(e)]


def _bbox(element: Any) -> Box | None:
    match = _BBOX.search(element.get("title") or "")
    if match is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in match.groups())
    return x0, y0, x1, y1


# -- shared -------------------------------------------------------------------


def join_words(words: list[str]) -> str:
    """Words as a line reads: a space between them, none between two Chinese characters
    (Tesseract's chi_tra puts each Han character in a word of its own)."""
    out = ""
    for word in (w for w in words if w):
        if out and not (_CJK.match(out[-1]) and _CJK.match(word[0])):
            out += " "
        out += word
    return out


def _size(width: str | None, height: str | None) -> tuple[float, float] | None:
    w, h = _float(width), _float(height)
    return (w, h) if w and h and w > 0 and h > 0 else None


def place_lines(
    text: str, lines: list[_Line], size: tuple[float, float] | None
) -> tuple[AltLine, ...]:
    """Each line where it is in ``text``, its box page-relative (None without a page size).

    A line ProofDesk wrote names its line of the text; another tool's is looked for
    from the end of the line before. A line found nowhere is left out."""
    starts, at = [], 0
    for row in text.split("\n"):
        starts.append((at, row))
        at += len(row) + 1
    out, cursor = [], 0
    for line in lines:
        start = -1
        own = _OWN_LINE.match(line.ident)
        if own is not None and 0 < int(own.group(1)) <= len(starts):
            row_start, row = starts[int(own.group(1)) - 1]
            start = row_start if row == line.text else -1
        if start < 0:
            start = text.find(line.text, cursor)
        if start < 0:
            continue
        cursor = start + len(line.text)
        out.append(AltLine(line.text, start, cursor, _relative(line.box, size)))
    return tuple(out)


def _relative(box: Box | None, size: tuple[float, float] | None) -> Box | None:
    if box is None or size is None:
        return None
    width, height = size
    x0, y0, x1, y1 = (
        min(max(v / d, 0.0), 1.0)
        for v, d in ((box[0], width), (box[1], height), (box[2], width), (box[3], height))
    )
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None
