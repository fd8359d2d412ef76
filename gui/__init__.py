"""ProofDesk's Qt GUI: a thin layer over ``backend``. Importing this package does not import Qt."""
