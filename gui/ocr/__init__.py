"""The OCR feature: re-running a page or a region with an edited prompt, deciding
what to do with the new reading, and batches over one or more servers. Works
on ``gui.services.ocr_hub.OcrHub``.
"""
