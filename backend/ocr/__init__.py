"""Reading pages with a VLM: preparing each page's request to fit the server,
batches over one or more servers (lanes with adaptive limits, retries), OCR
jobs kept in the store so they survive a restart, and the prompt presets.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.ocr.batch import Batch as Batch
    from backend.ocr.batch import BatchEvent as BatchEvent
    from backend.ocr.batch import BatchStats as BatchStats
    from backend.ocr.jobs import BatchEngine as BatchEngine
    from backend.ocr.jobs import JobSpec as JobSpec
    from backend.ocr.jobs import OcrJobRunner as OcrJobRunner
    from backend.ocr.jobs import stored_params as stored_params
    from backend.ocr.lanes import Lane as Lane
    from backend.ocr.pipeline import PagePreparer as PagePreparer
    from backend.ocr.prompts import DOCUMENT_PROMPT_KEY as DOCUMENT_PROMPT_KEY
    from backend.ocr.prompts import Preset as Preset
    from backend.ocr.prompts import default_prompt as default_prompt
    from backend.ocr.prompts import load_presets as load_presets
    from backend.ocr.prompts import page_prompt_key as page_prompt_key

_SURFACE = {
    "Batch": "batch",
    "BatchEngine": "jobs",
    "BatchEvent": "batch",
    "BatchStats": "batch",
    "DOCUMENT_PROMPT_KEY": "prompts",
    "JobSpec": "jobs",
    "Lane": "lanes",
    "OcrJobRunner": "jobs",
    "PagePreparer": "pipeline",
    "Preset": "prompts",
    "default_prompt": "prompts",
    "load_presets": "prompts",
    "page_prompt_key": "prompts",
    "stored_params": "jobs",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "DOCUMENT_PROMPT_KEY",
    "Batch",
    "BatchEngine",
    "BatchEvent",
    "BatchStats",
    "JobSpec",
    "Lane",
    "OcrJobRunner",
    "PagePreparer",
    "Preset",
    "default_prompt",
    "load_presets",
    "page_prompt_key",
    "stored_params",
]
