"""ProofDesk benchmarks: each figure is reported against a baseline measured in the same run.

Run with ``.venv/bin/python -m bench``; see bench/README.md.
"""
