"""Provenance writers build ``Provenance`` values (issue 27 point 4); the store turns them
into the dict form as it writes, and the JSON it keeps is the very text it kept when the
writers built dicts: each row below was written by the code before the change."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from backend.engines.base import Reading, TokenLogprob
from backend.engines.offline.base import AltReading
from backend.engines.offline.storing import store_alt_text
from backend.models import AltLine
from backend.provenance import Provenance
from backend.session.document_session import DocumentSession
from tests import pdf_factory

# Written by 8526c54 (the writers' dicts), byte for byte.
OLD_ROWS: list[str] = [
    (
        '{"engine": "vllm", "model": "qwen", "server": "http://127.0.0.1:8000/v'
        '1", "finish_reason": "stop", "truncated": false, "usage": {"prompt_tok'
        'ens": 10, "completion_tokens": 8}, "latency_s": 1.235, "first_token_s"'
        ': 0.5, "prompt": "read", "prompt_sha256": "3316348dbadfb7b11c7c2ea2359'
        '49419e23f9fa898ad2c198f999617912a9925", "params": {"temperature": 0.0}'
        ', "image": {"width": 10, "sha256": "ab"}, "reasoning": "think", "logpr'
        'obs": [["被", -0.1235, [232, 162, 171]]], "notes": ["lowered"], "warnin'
        'gs": ["odd"], "replaced_characters": 1}'
    ),
    (
        '{"engine": "rapidocr", "engine_version": "1.2", "lines": [{"text": "被告'
        '應", "start": 0, "end": 3, "box": [0.1, 0.2, 0.3, 0.4], "score": 0.9}],'
        ' "render": {"dpi": 200}, "latency_s": 0.25, "notice": "faint", "warnin'
        'gs": ["2 control or invalid character(s) in the text were replaced by '
        '“�”: check the scan at those places."], "replaced_characters": 2, "run'
        '": 7, "offline": true}'
    ),
    (
        '{"engine": "vllm", "model": "qwen", "server": "http://127.0.0.1:8000/v'
        '1", "finish_reason": "stop", "truncated": false, "usage": {"prompt_tok'
        'ens": 10, "completion_tokens": 8}, "latency_s": 1.235, "first_token_s"'
        ': 0.5, "prompt": "read", "prompt_sha256": "3316348dbadfb7b11c7c2ea2359'
        '49419e23f9fa898ad2c198f999617912a9925", "params": {"temperature": 0.0}'
        ', "image": {"width": 10, "sha256": "ab"}, "reasoning": "think", "logpr'
        'obs": [["被", -0.1235, [232, 162, 171]]], "notes": ["lowered"], "warnin'
        'gs": ["odd"], "replaced_characters": 1}'
    ),
    ('{"restored_from": 1, "restored_kind": "ocr"}'),
]


def _reading() -> Reading:
    return Reading(
        text="被告應於三十日內",
        engine="vllm",
        model="qwen",
        server="http://127.0.0.1:8000/v1",
        finish_reason="stop",
        prompt_tokens=10,
        completion_tokens=8,
        latency_s=1.23456,
        first_token_s=0.5,
        reasoning="think",
        logprobs=(TokenLogprob("被", -0.123456, (232, 162, 171)),),
        prompt="read",
        params={"temperature": 0.0},
        image={"width": 10, "sha256": "ab"},
        notes=("lowered",),
        warnings=("odd",),
        replaced=1,
    )


def _alt() -> AltReading:
    return AltReading(
        text="被告應",
        engine="rapidocr",
        lines=(AltLine("被告應", 0, 3, (0.1, 0.2, 0.3, 0.4), 0.9),),
        page=0,
        engine_version="1.2",
        render={"dpi": 200},
        latency_s=0.25,
        notice="faint",
        replaced=2,
    )


def _rows(tmp_path: Path) -> list[str]:
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["a", "b"])
    store = tmp_path / "doc.sqlite3"
    session = DocumentSession.open(pdf, store_path=store)
    try:
        first, _ = session.add_reading(0, "被告應於三十日內", _reading().provenance())
        store_alt_text(session.store, 1, _alt(), {"run": 7}, as_transcript=True)
        session.add_reading(0, "二", _reading().provenance())
        session.restore(first)
    finally:
        session.close()
    with sqlite3.connect(store) as conn:
        return [row[0] for row in conn.execute("SELECT provenance FROM versions ORDER BY id")]


def test_the_writers_hand_the_store_provenance_values() -> None:
    assert isinstance(_reading().provenance(), Provenance)
    assert isinstance(_alt().provenance(), Provenance)


def test_the_stored_json_is_what_the_dict_writers_stored(tmp_path: Path) -> None:
    rows = _rows(tmp_path)
    assert rows == OLD_ROWS
    for row in rows:  # and each reads back to the value that wrote it, losslessly
        raw = json.loads(row)
        assert list(Provenance.from_dict(raw).to_dict().items()) == list(raw.items())
