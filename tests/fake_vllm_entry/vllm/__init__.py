"""A stand-in for the ``vllm`` package (tests only): just enough for ProofDesk's checks
and for ``python -m vllm.entrypoints.openai.api_server`` (see ``api_server.py``)."""

__version__ = "0.32.0+fake"
