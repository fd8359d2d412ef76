"""The in-process engine: a local Qwen2-VL / Qwen2.5-VL / Qwen3-VL folder read with transformers.

``TransformersEngine`` meets the vLLM client's interface (a batch or a re-run
drives it as one more server, one page at a time); the model loads and
generates in a worker process (``worker_main``, a standalone script any Python
with torch and transformers can run, talked to by ``worker_link``), so weights
of tens of GB, or a crash in torch, never take the app down. ``model_folder``
checks a folder before anything starts; ``failures`` and ``memory`` word what
went wrong (an out-of-memory in the VRAM planner's numbers). Nothing is ever
downloaded: the worker runs with HF_HUB_OFFLINE=1 and TRANSFORMERS_OFFLINE=1.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.engines.transformers.engine import LocalOptions as LocalOptions
    from backend.engines.transformers.engine import LocalReading as LocalReading
    from backend.engines.transformers.engine import TransformersEngine as TransformersEngine
    from backend.engines.transformers.model_folder import ModelFolder as ModelFolder
    from backend.engines.transformers.model_folder import inspect_folder as inspect_folder
    from backend.engines.transformers.worker_link import PYTHON_ENV as PYTHON_ENV

_SURFACE = {
    "LocalOptions": "engine",
    "LocalReading": "engine",
    "ModelFolder": "model_folder",
    "PYTHON_ENV": "worker_link",
    "TransformersEngine": "engine",
    "inspect_folder": "model_folder",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "PYTHON_ENV",
    "LocalOptions",
    "LocalReading",
    "ModelFolder",
    "TransformersEngine",
    "inspect_folder",
]
