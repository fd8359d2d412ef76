"""Offline batches for ``vllm run-batch``: a job folder of page images and OpenAI
Batch requests prepared on the desktop, run on GPU nodes without a server, and
its results imported back as ``ocr`` versions with their provenance.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.ocr.batch_files.importing import ImportReport as ImportReport
    from backend.ocr.batch_files.importing import import_results as import_results
    from backend.ocr.batch_files.layout import Manifest as Manifest
    from backend.ocr.batch_files.layout import read_manifest as read_manifest
    from backend.ocr.batch_files.prepare import Document as Document
    from backend.ocr.batch_files.prepare import Prepared as Prepared
    from backend.ocr.batch_files.prepare import PrepareOptions as PrepareOptions
    from backend.ocr.batch_files.prepare import prepare_batch as prepare_batch

_SURFACE = {
    "Document": "prepare",
    "ImportReport": "importing",
    "Manifest": "layout",
    "PrepareOptions": "prepare",
    "Prepared": "prepare",
    "import_results": "importing",
    "prepare_batch": "prepare",
    "read_manifest": "layout",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "Document",
    "ImportReport",
    "Manifest",
    "PrepareOptions",
    "Prepared",
    "import_results",
    "prepare_batch",
    "read_manifest",
]
