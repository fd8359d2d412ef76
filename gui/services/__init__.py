"""Qt-level services over the backend, shared by the features and knowing none:
the task runner, the open document (``Workspace``), the OCR and review-aid
hubs, the remembered settings, and start-up helpers. No widgets here.
"""
