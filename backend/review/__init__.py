"""The review aids as pure functions of two texts: normalisation, the character
diff and its alignment, legal-critical terms and numerals, model markers,
low-confidence spans, one page's aids, and run-against-run comparison.
Nothing here opens a file or a connection: the tables a review reads (legal
rules, folds) are handed in as ``ReviewTables``, read by
``backend.session.review_tables``; ``run_eval`` reads only the versions it is
handed a store for (tests/backend/review/test_no_file_io.py holds this).
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.review.compare import CompareOptions as CompareOptions
    from backend.review.compare import compare_texts as compare_texts
    from backend.review.confidence import low_confidence_flags as low_confidence_flags
    from backend.review.diffing import Op as Op
    from backend.review.diffing import char_diff as char_diff
    from backend.review.markers import DEFAULT_PATTERNS as DEFAULT_PATTERNS
    from backend.review.markers import MarkerSet as MarkerSet
    from backend.review.page_aids import AidSettings as AidSettings
    from backend.review.page_aids import flagged_share as flagged_share
    from backend.review.page_aids import review_page as review_page
    from backend.review.run_eval import EvalReport as EvalReport
    from backend.review.run_eval import PageEval as PageEval
    from backend.review.run_eval import evaluate as evaluate
    from backend.review.tables import ReviewTables as ReviewTables
    from backend.review.values import Flag as Flag
    from backend.review.values import FlagKind as FlagKind
    from backend.review.values import Hunk as Hunk
    from backend.review.values import PageReview as PageReview

_SURFACE = {
    "AidSettings": "page_aids",
    "CompareOptions": "compare",
    "DEFAULT_PATTERNS": "markers",
    "EvalReport": "run_eval",
    "Flag": "values",
    "FlagKind": "values",
    "Hunk": "values",
    "MarkerSet": "markers",
    "Op": "diffing",
    "PageEval": "run_eval",
    "PageReview": "values",
    "ReviewTables": "tables",
    "char_diff": "diffing",
    "compare_texts": "compare",
    "evaluate": "run_eval",
    "flagged_share": "page_aids",
    "low_confidence_flags": "confidence",
    "review_page": "page_aids",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "DEFAULT_PATTERNS",
    "AidSettings",
    "CompareOptions",
    "EvalReport",
    "Flag",
    "FlagKind",
    "Hunk",
    "MarkerSet",
    "Op",
    "PageEval",
    "PageReview",
    "ReviewTables",
    "char_diff",
    "compare_texts",
    "evaluate",
    "flagged_share",
    "low_confidence_flags",
    "review_page",
]
