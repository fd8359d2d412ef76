"""A batch "as alternates" on a second profile (issue 13, point 4), in the real batch
panel, over real HTTP: two fake vLLM servers serve two models with scripted readings;
the second model's readings become the page's alternates and the critical checks
compare the transcript with them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from backend.models import VersionKind
from backend.review.values import FlagKind
from backend.settings.profiles import ServerProfile
from tests.fakevllm import FakeVllm
from tests.gui.conftest import wait_for
from tests.gui.ocr.batch_panel_helpers import KEY, PAGES, Setup, fake, setup

__all__ = ["fake", "setup"]  # the batch panel's fixtures, used here as they are

RIGHT = "第八條\n債務人應於民國一一四年三月一日前清償新臺幣五萬元。\n"
WRONG = RIGHT.replace("應於", "得於")


@pytest.fixture
def second() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.02, api_key=KEY, model="second-vl", max_model_len=32768) as f:
        yield f


def test_a_batch_as_alternates_on_a_second_profile(
    setup: Setup, fake: FakeVllm, second: FakeVllm
) -> None:
    w, panel = setup.w, setup.panel

    async def run_batch() -> None:
        setup.click(panel.start_button)
        await setup.finished()
        panel.message.clear()

    async def scenario() -> None:
        await run_batch()  # the first model reads the transcripts
        digest = fake.requests()[0]["images"][0]["sha256"]
        readings = {p: (await setup.ws.versions(p))[-1].text for p in range(PAGES)}
        page = next(p for p, text in readings.items() if text.startswith(f"FAKE {digest[:16]}"))
        await setup.ws.save_draft(page, WRONG)  # the reviewer's text, with 應 → 得
        await setup.ws.commit_draft(page)
        second.configure(replies={digest: RIGHT})
        w.ocr.save_profile(
            ServerProfile(name="Second model", base_url=second.base_url + "/v1", id="second"), KEY
        )
        await wait_for(lambda: "second" in [p.id for p in panel.servers.profiles], what="it")
        panel.servers.set_checked("gpu", False)  # the reviewer ticks the second profile only
        panel.servers.set_checked("second", True)
        assert panel.servers.checked_ids() == ["second"]
        panel.scope_box.as_alternates.setChecked(True)
        await run_batch()
        versions = await setup.ws.versions(page)
        alternates = [v for v in versions if v.kind is VersionKind.ALTERNATE]
        assert [(v.text, v.provenance["model"]) for v in alternates] == [(RIGHT, "second-vl")]
        assert (await setup.ws.page_state(page)).text == WRONG  # never the transcript
        edited = sum(v.kind is VersionKind.EDIT for v in versions)
        assert edited == 1 and all(
            v.kind is not VersionKind.OCR or v.provenance["model"] == "fake-vl" for v in versions
        )
        # Even pages with a person's edit were read: an alternate touches nothing.
        assert len(second.requests()) == PAGES
        review = await setup.ws.run_in_store(lambda: setup.ws.session.review(page))
        critical = [f for f in review.flags if f.kind is FlagKind.CRITICAL]
        assert critical and "得" in WRONG[critical[0].start : critical[0].end]

    setup.arun(scenario())
