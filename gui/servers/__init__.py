"""The servers feature: server profiles and their live checks, starting a local
vLLM server, and the VRAM planner; reached from the OCR menu.
"""
