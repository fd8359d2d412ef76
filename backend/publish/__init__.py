"""De-identification for publishing (issue 25): personal data found in the working
text (pattern detectors with validity checks, and the persons the party lines name),
and the masks applied to it.

Pure functions over text, like ``backend.facts`` and ``backend.review``; the stored
decisions and the exports sit above. Between ``session`` and ``facts`` in the
layers, because the party lines are read by ``facts``.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.publish.detect import find_personal_data as find_personal_data
    from backend.publish.mask import mask_pages as mask_pages
    from backend.publish.mask import mask_text as mask_text
    from backend.publish.model import Finding as Finding
    from backend.publish.model import MaskRules as MaskRules
    from backend.publish.model import PersonalKind as PersonalKind

_SURFACE = {
    "Finding": "model",
    "MaskRules": "model",
    "PersonalKind": "model",
    "find_personal_data": "detect",
    "mask_pages": "mask",
    "mask_text": "mask",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "Finding",
    "MaskRules",
    "PersonalKind",
    "find_personal_data",
    "mask_pages",
    "mask_text",
]
