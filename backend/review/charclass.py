"""The character classes the review's rules share: circles and masks, numerals, Han, marks.

One definition each, so that two rules asking "is this a circle?" cannot drift
apart (they did: one module's circles were 〇○, another's 〇○◯, a third's 〇○◯Ｏ).
A rule that wants a narrower class uses a narrower *named* class from here, with
the reason beside it, never a literal of its own.

Circles. A printed legal text uses one round mark for two things: a name mask
(林○○) and a zero (三二一○號, 一○九年). Three code points draw it: ○ (U+25CB WHITE
CIRCLE, what most judgments type), 〇 (U+3007, the numeral zero proper) and ◯
(U+25EF LARGE CIRCLE, what some fonts and OCR engines give). A reader cannot tell
them apart on a scan, so every rule treats them alike, and width folding makes
them one mark (``resources/normalise/punctuation.tsv``). Only 〇 is a numeral
character of its own (it may start one: 〇〇二號); the other two are typed for it
and count as a zero only inside a numeral (a numeral never starts with them, so
王○○ stays a name).

Ｏ (U+FF2F, the full-width letter O) is no circle: it is a letter, and nobody
writes a zero with it. But some courts and agencies type it for a masked
character (林ＯＯ), so it is a mask character, not a zero. Read by an engine where
the scan prints a ring it is that engine's misreading (the rule table lists it
among the mask misreadings).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# --- circles and masks ---------------------------------------------------------
CIRCLES = frozenset("○〇◯")  # one round mark: a zero or a name mask (see above)
CIRCLE = "○"  # the one width folding folds every circle to
TYPED_ZEROS = CIRCLES - {"〇"}  # typed for 〇: a zero only inside a numeral (一○五)
MASK_CHARS = CIRCLES | {"Ｏ"}  # what a text types for a masked character (王○○, 林ＯＯ)
# Full stops and look-alikes an engine reads for a circle (三二一。號 for 三二一○號).
DOTS = frozenset("。｡.°º")

# --- numerals ------------------------------------------------------------------
# Every character a Chinese numeral is written with, plain and formal (壹萬貳仟).
CHINESE_NUMERALS = "〇零一二三四五六七八九兩壹貳貮參叁肆伍陸柒捌玖十拾百佰千仟萬万億廿卅卌"
ARABIC_DIGITS = frozenset("0123456789０１２３４５６７８９")
# Digits written one after another (一○五年, 2023): a circle among them is a zero.
# Not the formal digits: 陸, 伍 and 萬 are surnames too, and formal numerals write 零,
# never a circle, so 陸○○ is a name (``numerals``).
PLAIN_DIGITS = frozenset("零一二三四五六七八九") | CIRCLES | ARABIC_DIGITS
# A zero however it is written, and what a reading gives for one: a zero written
# 〇, ○ or 0 (or read O, 。) is no other number (issue 22: not a critical change).
ZEROS = CIRCLES | frozenset("零0０")
ZERO_LOOKALIKES = ZEROS | DOTS | frozenset("OoＯｏ")


def is_numeral(char: str) -> bool:
    """A character a number is written with: a Chinese numeral, a digit, a circle."""
    return char in CHINESE_NUMERALS or char in CIRCLES or char in ARABIC_DIGITS


# --- Han -----------------------------------------------------------------------
# Han ideographs: Extension A and the unified block, the compatibility ideographs
# (PDF text layers use them), and Extensions B-H (rare characters, often in names).
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_HAN = re.compile(f"[{HAN}]")


def is_han(char: str) -> bool:
    """One Han ideograph (not a numeral test: 一 is Han too)."""
    return len(char) == 1 and _HAN.match(char) is not None


def has_han(text: str) -> bool:
    return _HAN.search(text) is not None


# --- punctuation ---------------------------------------------------------------
@lru_cache(maxsize=512)
def is_punctuation(char: str) -> bool:
    """A Unicode punctuation mark (，。、「」《》…, and ASCII ones)."""
    return unicodedata.category(char).startswith("P")


def only_punctuation(text: str) -> bool:
    return bool(text) and all(map(is_punctuation, text))


# The marks Chinese prose is punctuated with (，、。；：？！), as width folding writes
# them (``resources/normalise/punctuation.tsv``): a reading that has one saw ink
# there. Engines drop faint marks far more often than they invent them, so one
# reading's mark where the other has none or an odd mark is the stronger evidence.
SENTENCE_MARKS = frozenset(",.;:?!")

# What an engine reads for a printed ring (○: a zero or a name mask) it only
# half sees: a zero, a letter O, a full stop, the ring broken open (C, Q) or
# split into its halves (a bracket each).
HALF_RINGS = frozenset("()（）")
BROKEN_RINGS = HALF_RINGS | frozenset("CcQ")
RING_LOOKALIKES = ZERO_LOOKALIKES | BROKEN_RINGS

# The marks a pause or a sentence ends with, any width and as width folding writes
# them: no text writes two of them in a row (時效。，惟), so one the transcript gained
# beside another is a speck read as a mark (``diff_categories.doubled_mark``).
PAUSE_MARKS = frozenset("，。、；：,.;:")

# Marks no Traditional Chinese text writes between two Han characters (it writes
# ，、「」『』 there): an engine makes them of specks, rules and stains on the scan,
# so one inside a run of Han characters is noise the text gained, not punctuation.
# The underscore too (Tesseract reads a gap after a name as ' _ '): a form's blank
# (年___月) is a printed rule both readings see; one only the transcript has is
# flagged, a rule the alternate did not see. Not / (及/或 is written), nor : or .
# (主文：被告, and 一.被告 numbers a paragraph), nor the full-width marks.
STRAY_MARKS = frozenset("[]{}|\"“”‘’',;`~^\\_")

# What an engine reads for a comma or full stop it sees small or faint, or for a speck:
# a Latin middle dot or a slash (RapidOCR's 者·其 for 者，其; Tesseract's 累犯/被告).
# No Traditional Chinese prose writes them between two Han characters (及/或 aside,
# which both readings then see), so one there is ink read as a mark.
SMALL_STOPS = frozenset("·•∙/")

# What the transcript may not gain alone between two Han characters (the alternate
# reading nothing there): the stray marks, and also a Latin middle dot or a slash (a
# comma or full stop read from a speck: ``SMALL_STOPS``) and a lone bracket (a ring read
# as its half: 徐(雅; a pair, 被告(下稱甲), is written text: ``hunk_context``). Only the
# transcript's gain: written text has them (及/或), but both readings then see them.
# Not ‧ or ・: Taiwan's typeset texts write a transliterated name's dot as ‧ (音界號,
# 約翰‧史密斯), and one the alternate lost stays a punctuation difference.
GAINED_NOISE = STRAY_MARKS | SMALL_STOPS | frozenset("()")
BRACKETS = {"(": ")", ")": "("}
