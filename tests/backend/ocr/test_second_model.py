"""Another VLM's reading as the alternate (issue 13, point 4), over real HTTP.

Two fake vLLM servers serve two models and answer scripted readings of the same
page image: model A misreads a modal word and a number, model B reads them right.
``proofdesk ocr`` runs A as the transcript and B "as alternates"; the critical
checks, the agreement and the risk treat B's reading like any other alternate,
and ``proofdesk compare --alternate model:|version:|prompt:`` names either.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.review.values import FlagKind
from backend.session.document_session import DocumentSession
from tests import pdf_factory
from tests.backend.cli.cli_helpers import KEY, ocr, run_cli
from tests.fakevllm import FakeVllm

RIGHT = "第五條\n承租人不得將租賃物轉租他人。\n押金新臺幣二萬元，應於返還房屋時退還。\n"
WRONG = RIGHT.replace("不得", "不應").replace("二萬", "三萬")


@pytest.fixture
def servers() -> Iterator[tuple[FakeVllm, FakeVllm]]:
    with (
        FakeVllm(service_time=0.01, api_key=KEY, model="model-a") as a,
        FakeVllm(service_time=0.01, api_key=KEY, model="model-b") as b,
    ):
        yield a, b


def _script(a: FakeVllm, b: FakeVllm, pdf: Path, tmp_path: Path) -> None:
    """Learn the page image's digest from one probe request, then script both answers."""
    probe = ocr(pdf, "--server", a.base_url + "/v1", "--store", tmp_path / "probe.sqlite3")
    assert probe.returncode == 0, probe.stderr
    digest = a.requests()[-1]["images"][0]["sha256"]
    a.configure(replies={digest: WRONG})
    b.configure(replies={digest: RIGHT})


def test_a_second_models_reading_is_the_alternate(
    servers: tuple[FakeVllm, FakeVllm], tmp_path: Path
) -> None:
    a, b = servers
    pdf = pdf_factory.text_pdf(tmp_path / "lease.pdf", ["lease page"])
    _script(a, b, pdf, tmp_path)
    store = tmp_path / "review.sqlite3"
    first = ocr(pdf, "--server", a.base_url + "/v1", "--store", store)
    assert first.returncode == 0, first.stderr
    second = ocr(pdf, "--server", b.base_url + "/v1", "--store", store, "--as-alternates")
    assert second.returncode == 0, second.stderr

    session = DocumentSession.open(pdf, store_path=store)
    try:
        assert session.page_state(0).text == WRONG  # the alternates never touch the transcript
        versions = session.store.versions(0)
        alt = [v for v in versions if v.kind is VersionKind.ALTERNATE]
        assert [v.text for v in alt] == [RIGHT]
        assert alt[0].provenance["model"] == "model-b"
        review = session.review(0)  # the default alternate: B's reading
        assert review.alternate is not None and review.alternate.text == RIGHT
        critical = [f for f in review.flags if f.kind is FlagKind.CRITICAL]
        assert len(critical) == 2
        assert all(any(w in WRONG[f.start : f.end] for f in critical) for w in ("不應", "三萬"))
        assert all(f.also_diff and f.replacement is not None for f in critical)
        assert review.agreement is not None and 0.8 < review.agreement < 1.0
        assert not review.same_reading
        assert session.reviews.risk(0).critical == len(critical)
        alt_id, prompt = alt[0].id, str(alt[0].provenance["prompt_sha256"])[:12]
    finally:
        session.close()

    for selector in ("model:model-b", f"version:{alt_id}", f"prompt:{prompt}"):
        out = run_cli(
            "compare", pdf, "--store", store, "--page", "1", "--alternate", selector, "--json"
        )
        assert out.returncode == 0, (selector, out.stderr)
        data = json.loads(out.stdout)
        assert sum(f["kind"] == "critical" for f in data["flags"]) == len(critical), selector
        assert data["agreement"] == pytest.approx(review.agreement, abs=1e-4)
    # Model A's own reading is the transcript: compared with itself, it says so.
    same = run_cli("compare", pdf, "--store", store, "--page", "1", "--alternate", "model:model-a")
    assert same.returncode == 0, same.stderr
    assert "the transcript's own reading" in same.stdout
    ranked = json.loads(run_cli("status", pdf, "--store", store, "--by-risk", "--json").stdout)
    assert ranked["pages"][0]["critical"] == len(critical) and ranked["pages"][0]["risk"] >= 15
