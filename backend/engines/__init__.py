"""OCR engines: anything that turns a page image (and a prompt) into a reading.

``base`` holds the interface every engine meets: the vLLM HTTP client today,
and later an in-process transformers engine (in a worker process) and the
offline engines (RapidOCR, Tesseract), which ignore the prompt.
"""
