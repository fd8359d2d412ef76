"""The seed PDFs and the Hypothesis mutations test_fuzz_pdf applies to them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[3]  # not tests.conftest: the fuzz child imports this
DATA = ROOT / "tests" / "data"
FUZZ_SEEDS = DATA / "fuzz-seeds"

# Fixed order: derandomized runs then mutate the same seeds the same way.
SEEDS = [
    ROOT / "resources" / "samples" / "legal-sample.pdf",  # 7 scanned pages, 5.8 MB
    DATA / "legal-sample.digital.pdf",  # same pages with a text layer (CJK Type0 font)
    FUZZ_SEEDS / "scan-2page.pdf",  # small scan: JPEG fast path, ICC grey, rotated RGB + text
    FUZZ_SEEDS / "text-objstm.pdf",  # object streams, xref stream, incremental update
    FUZZ_SEEDS / "encrypted-user.pdf",  # AES-256, user password "u-pass"
    FUZZ_SEEDS / "encrypted-owner.pdf",  # AES-256, owner password only
    FUZZ_SEEDS / "broken-stream.pdf",  # truncated Flate content stream
    FUZZ_SEEDS / "huge-page.pdf",  # 20000 × 20000 pt page
]


# --------------------------------------------------------------------------- mutations

NUMBERS = [
    b"0",
    b"-1",
    b"1",
    b"-2147483648",
    b"2147483647",
    b"4294967296",
    b"99999999999999999999999",
    b"-99999999999",
    b"1e308",
    b"3.4e38",
    b"0.000001",
    b"-0.0",
    b"nan",
    b"65535",
]
VALUES: dict[bytes, list[bytes]] = {
    b"/Length": NUMBERS,
    b"/Width": NUMBERS,
    b"/Height": NUMBERS,
    b"/BitsPerComponent": [b"0", b"1", b"3", b"16", b"32", b"-8", b"255"],
    b"/Rotate": [b"90", b"180", b"270", b"-90", b"45", b"360000", b"1e30", b"-2147483648"],
    b"/Count": NUMBERS,
    b"/Size": NUMBERS,
    b"/Prev": NUMBERS,
    b"/N": NUMBERS,
    b"/Filter": [
        b"/FlateDecode",
        b"/DCTDecode",
        b"/LZWDecode",
        b"/ASCIIHexDecode",
        b"/ASCII85Decode",
        b"/RunLengthDecode",
        b"/CCITTFaxDecode",
        b"/JBIG2Decode",
        b"/JPXDecode",
        b"/Crypt",
        b"/Bogus",
        b"[/FlateDecode /DCTDecode]",
        b"[/ASCIIHexDecode /FlateDecode /FlateDecode]",
        b"[]",
    ],
    b"/ColorSpace": [
        b"/DeviceCMYK",
        b"/DeviceGray",
        b"/DeviceRGB",
        b"/Pattern",
        b"[/Indexed /DeviceRGB 255 <00>]",
        b"[/ICCBased 1 0 R]",
        b"/Nonsense",
    ],
    b"/MediaBox": [
        b"[0 0 0 0]",
        b"[0 0 -595 -842]",
        b"[0 0 1e30 1e30]",
        b"[0 0 14400 14400]",
        b"[-1e38 -1e38 1e38 1e38]",
        b"[0 0 99999999 1]",
        b"[0 0 1 99999999]",
        b"[0 0 nan 842]",
        b"[0 0 595]",
        b"[]",
        b"[/a /b /c /d]",
        b"7 0 R",
    ],
    b"/CropBox": [b"[0 0 0 0]", b"[600 900 700 1000]", b"[0 0 1e30 1e30]", b"[-5 -5 -1 -1]"],
    b"/Kids": [b"[]", b"[1 0 R]", b"[2 0 R]", b"[3 0 R 3 0 R 3 0 R]", b"[999999 0 R]", b"null"],
    b"/Contents": [b"[]", b"null", b"1 0 R", b"2 0 R", b"[5 0 R 5 0 R]", b"(string)"],
    b"/Type": [b"/Page", b"/Pages", b"/Catalog", b"/XObject", b"/Font", b"/ObjStm"],
    b"/Subtype": [b"/Image", b"/Form", b"/Type0", b"/Type3", b"/PS"],
    b"/Resources": [b"null", b"<<>>", b"1 0 R", b"<< /XObject << /Im0 1 0 R >> >>"],
    b"/Decode": [b"[1 0]", b"[]", b"[0 1 0 1 0 1 0 1 0 1]"],
}
KEYS = sorted(VALUES)
# A value after a key: an array, a reference, a name, a number or a (flat) dictionary.
_NUM = rb"[-+]?(?:\d+\.?\d*|\.\d+)"
_VALUE = rb"\s*(\[[^\]]*\]|\d+\s+\d+\s+R|/[^\s/\[\]<>()]*|" + _NUM + rb"|<<[^<>]*>>)"
_KEY_VALUE = {key: re.compile(re.escape(key) + rb"(?![A-Za-z])" + _VALUE) for key in KEYS}
_NUMBER = re.compile(rb"(?<![\w.])" + _NUM + rb"(?![\w.])")
_STREAM = re.compile(rb"stream\r?\n")
STRUCTURE_WINDOW = 4096  # bytes at either end: header, first objects, xref, trailer


def _search_window(data: bytes) -> tuple[bytes, int]:
    """Regex mutations look at the ends of big files only: 5.8 MB of JPEG has no keys."""
    if len(data) <= 2 * STRUCTURE_WINDOW * 8:
        return data, 0
    return data[-STRUCTURE_WINDOW * 8 :], len(data) - STRUCTURE_WINDOW * 8


positions = st.tuples(st.sampled_from(["any", "head", "tail"]), st.integers(0, 2**31))
garbage = st.one_of(
    st.binary(min_size=1, max_size=64),
    st.sampled_from(
        [
            b"endstream",
            b"endobj",
            b"stream\n",
            b"<<",
            b">>",
            b"[",
            b"(",
            b"%%EOF",
            b"xref\n0 1\n",
            b"trailer<</Root 1 0 R>>",
            b"1 0 obj<</Type/Catalog/Pages 1 0 R>>endobj",
            b"\x00" * 64,
            b"\xff\xd8\xff\xe0",
        ]
    ),
)
mutation = st.one_of(
    st.tuples(st.just("flip"), positions, st.integers(1, 255)),
    st.tuples(st.just("overwrite"), positions, garbage),
    st.tuples(st.just("insert"), positions, garbage),
    st.tuples(st.just("truncate"), positions),
    st.tuples(st.just("delete"), positions, st.integers(1, 4096)),
    st.tuples(st.just("duplicate"), positions, st.integers(1, 4096)),
    st.tuples(st.just("splice"), positions, st.integers(0, len(SEEDS) - 1), positions),
    st.tuples(st.just("number"), st.integers(0, 2**31), st.sampled_from(NUMBERS)),
    st.tuples(st.just("key"), st.sampled_from(KEYS), st.integers(0, 2**31), st.integers(0, 99)),
    st.tuples(st.just("stream_garbage"), st.integers(0, 2**31), garbage),
)


def _pos(data: bytes, where: tuple[str, int]) -> int:
    mode, n = where
    size = len(data)
    if mode == "head":
        return n % min(size + 1, STRUCTURE_WINDOW)
    if mode == "tail":
        return max(0, size - n % min(size + 1, STRUCTURE_WINDOW))
    return n % (size + 1)


def mutate(data: bytes, ops: list[tuple[Any, ...]], seeds: list[bytes]) -> bytes:
    for op in ops:
        kind = op[0]
        if kind == "flip" and data:
            i = min(_pos(data, op[1]), len(data) - 1)
            data = data[:i] + bytes([data[i] ^ op[2]]) + data[i + 1 :]
        elif kind == "overwrite":
            i = _pos(data, op[1])
            data = data[:i] + op[2] + data[i + len(op[2]) :]
        elif kind == "insert":
            i = _pos(data, op[1])
            data = data[:i] + op[2] + data[i:]
        elif kind == "truncate":
            data = data[: _pos(data, op[1])]
        elif kind == "delete":
            i = _pos(data, op[1])
            data = data[:i] + data[i + op[2] :]
        elif kind == "duplicate":
            i = _pos(data, op[1])
            data = data[: i + op[2]] + data[i:]
        elif kind == "splice":
            other = seeds[op[2]]
            data = data[: _pos(data, op[1])] + other[_pos(other, op[3]) :]
        elif kind == "number":
            window, base = _search_window(data)
            found = list(_NUMBER.finditer(window))
            if found:
                m = found[op[1] % len(found)]
                data = data[: base + m.start()] + op[2] + data[base + m.end() :]
        elif kind == "key":
            window, base = _search_window(data)
            found = list(_KEY_VALUE[op[1]].finditer(window))
            if found:
                m = found[op[2] % len(found)]
                choices = VALUES[op[1]]
                value = choices[op[3] % len(choices)]
                data = data[: base + m.start(1)] + value + data[base + m.end(1) :]
        elif kind == "stream_garbage":
            window, base = _search_window(data)
            found = list(_STREAM.finditer(window))
            if found:
                i = base + found[op[1] % len(found)].end()
                data = data[:i] + op[2] + data[i:]
    return data
