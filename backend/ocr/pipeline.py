"""From a page number to a request a server will accept, and one page's reading.

``PagePreparer`` picks the image budget for the server's model family, fits
image + prompt + answer into the server's context (``request_fit``), and has a
worker process render and encode the page at exactly that size.
"""

from __future__ import annotations

from dataclasses import replace

from backend.documents.page_image import Region
from backend.documents.render_service import RenderService
from backend.documents.vision import spec_for_model_id, vision_tokens
from backend.engines.base import OcrRequest, ProgressCallback, Reading, SamplingParams
from backend.engines.clients import PageClient
from backend.ocr.request_fit import FittedRequest, fit_request
from backend.settings.profiles import ServerProfile


class PagePreparer:
    def __init__(self, renderer: RenderService) -> None:
        self.renderer = renderer

    def plan(self, profile: ServerProfile, prompt: str, params: SamplingParams) -> FittedRequest:
        """What would be sent (image budget, max tokens, token estimate) — before rendering."""
        return fit_request(
            spec=spec_for_model_id(profile.model),
            max_pixels=profile.max_pixels,
            prompt=prompt,
            max_tokens=params.max_tokens,
            max_model_len=profile.max_model_len or None,
        )

    async def prepare(
        self,
        page: int,
        profile: ServerProfile,
        prompt: str,
        params: SamplingParams,
        region: Region | None = None,
    ) -> OcrRequest:
        fitted = self.plan(profile, prompt, params)
        spec = spec_for_model_id(profile.model)
        image = await self.renderer.encode(
            page,
            spec=spec,
            max_pixels=fitted.max_pixels,
            fmt=profile.image_format,
            quality=profile.jpeg_quality,
            region=region,
        )
        return OcrRequest(
            image=image,
            prompt=prompt,
            params=replace(params, max_tokens=fitted.max_tokens),
            region=region,
            notes=fitted.notes,
        )


def image_tokens(request: OcrRequest, profile: ServerProfile) -> int:
    """The exact vision tokens of an encoded request (the server keeps our size)."""
    image = request.image
    return vision_tokens(
        image.width, image.height, spec_for_model_id(profile.model), profile.max_pixels
    )


async def read_page(
    client: PageClient,
    preparer: PagePreparer,
    page: int,
    prompt: str,
    params: SamplingParams,
    *,
    region: Region | None = None,
    on_progress: ProgressCallback | None = None,
) -> Reading:
    """One page (or a region of it), once: the re-run path. Raises ``ServerError``."""
    request = await preparer.prepare(page, client.profile, prompt, params, region)
    return await client.read(request, on_progress)
