"""``Provenance``: typed fields for the keys the code decides on, a lossless dict form."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from backend.models import Version, VersionKind
from backend.provenance import Provenance
from tests.properties import examples

_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
# The typed keys (each with values of its type and of any other), "extra" itself, any key.
TYPED = ["engine", "model", "prompt_sha256", "latency_s", "restored_from", "image", "lines"]
KEYS = st.sampled_from([*TYPED, "extra"]) | st.text()


@examples(300)
@given(st.dictionaries(KEYS, JSON, max_size=8))
def test_dict_to_provenance_to_dict_is_the_identity(raw: dict[str, Any]) -> None:
    back = Provenance.from_dict(raw).to_dict()
    assert back == raw
    assert list(back) == list(raw)  # in its order too: the embedded store keeps the JSON text
    assert {k: type(v) for k, v in back.items()} == {k: type(v) for k, v in raw.items()}


def test_the_keys_the_code_reads_are_typed_and_the_rest_kept() -> None:
    raw = {
        "engine": "rapidocr",
        "model": None,  # not text: kept as it is, not read as a model
        "latency_s": 4.2,
        "restored_from": True,  # a bool is no version id
        "image": {"sha256": "ab12"},
        "params": {"seed": 7},
    }
    origin = Version(1, 0, VersionKind.ALTERNATE, "甲", 0.0, "me", raw).origin
    assert (origin.engine, origin.model, origin.latency_s) == ("rapidocr", None, 4.2)
    assert origin.restored_from is None and origin.image_sha256 == "ab12"
    assert origin.extra == {"model": None, "restored_from": True, "params": {"seed": 7}}
    assert origin.to_dict() == raw


def test_a_writers_value_keeps_its_keys_in_the_order_given() -> None:
    made = Provenance.of(engine="vllm", server="http://x", latency_s=1.0, first_token_s=None)
    later = made.without("latency_s").with_items(job=3, engine="rapidocr")
    assert list(later.to_dict().items()) == [
        ("engine", "rapidocr"),
        ("server", "http://x"),
        ("first_token_s", None),
        ("job", 3),
    ]
    assert later.engine == "rapidocr" and later.latency_s is None
