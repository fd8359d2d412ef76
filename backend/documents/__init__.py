"""PDF documents: opening them with a clear error for every bad file, rendering
pages in worker processes with a bounded cache, page images encoded at a
model's pixel budget, and the page ranges people type.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.documents.page_image import Region as Region
    from backend.documents.page_image import encode_page as encode_page
    from backend.documents.page_ranges import parse_page_ranges as parse_page_ranges
    from backend.documents.pdf import PdfDocument as PdfDocument
    from backend.documents.pdf import open_pdf as open_pdf
    from backend.documents.render_service import RenderService as RenderService
    from backend.documents.vision import VisionSpec as VisionSpec
    from backend.documents.vision import spec_for_config as spec_for_config
    from backend.documents.vision import spec_for_model_id as spec_for_model_id
    from backend.documents.vision import vision_tokens as vision_tokens

_SURFACE = {
    "PdfDocument": "pdf",
    "Region": "page_image",
    "RenderService": "render_service",
    "VisionSpec": "vision",
    "encode_page": "page_image",
    "open_pdf": "pdf",
    "parse_page_ranges": "page_ranges",
    "spec_for_config": "vision",
    "spec_for_model_id": "vision",
    "vision_tokens": "vision",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "PdfDocument",
    "Region",
    "RenderService",
    "VisionSpec",
    "encode_page",
    "open_pdf",
    "parse_page_ranges",
    "spec_for_config",
    "spec_for_model_id",
    "vision_tokens",
]
