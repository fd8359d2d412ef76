"""The export feature: File ▸ Export… and its dialog (format, options, a preview,
the export itself off the UI thread).
"""
