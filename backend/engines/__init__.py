"""OCR engines: anything that turns a page image (and a prompt) into a reading.

``base`` holds the values and the interface every engine meets; ``vllm`` is the
HTTP client for a vLLM server, with its wire format (``openai_chat``, and what
each field must be: ``answer_checks``), its answer stream (``chat_stream``),
its connections (``http_client``), every body read within a byte budget
(``bounded_body``), everything the server says cleaned of the key
(``server_text``), what its failures mean (``http_errors``,
``transport_errors``) and its models, health and load (``server_info``);
``offline/`` holds the engines that read a page without a VLM (RapidOCR,
Tesseract, the PDF's text layer, an imported file), for alternate readings;
``transformers/`` reads pages in-process with a local Qwen-VL folder (in a
worker process), and ``clients`` is what a batch asks of either kind.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.engines.base import OcrEngine as OcrEngine
    from backend.engines.base import OcrRequest as OcrRequest
    from backend.engines.base import Progress as Progress
    from backend.engines.base import ProgressCallback as ProgressCallback
    from backend.engines.base import Reading as Reading
    from backend.engines.base import SamplingParams as SamplingParams
    from backend.engines.base import TokenLogprob as TokenLogprob
    from backend.engines.openai_chat import build_body as build_body
    from backend.engines.server_info import ModelInfo as ModelInfo
    from backend.engines.server_info import ServerLoad as ServerLoad
    from backend.engines.vllm import VllmClient as VllmClient

_SURFACE = {
    "ModelInfo": "server_info",
    "OcrEngine": "base",
    "OcrRequest": "base",
    "Progress": "base",
    "ProgressCallback": "base",
    "Reading": "base",
    "SamplingParams": "base",
    "ServerLoad": "server_info",
    "TokenLogprob": "base",
    "VllmClient": "vllm",
    "build_body": "openai_chat",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "ModelInfo",
    "OcrEngine",
    "OcrRequest",
    "Progress",
    "ProgressCallback",
    "Reading",
    "SamplingParams",
    "ServerLoad",
    "TokenLogprob",
    "VllmClient",
    "build_body",
]
