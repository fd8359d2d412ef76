"""The review aids feature: the Compare dock (an alternate reading beside the
transcript, its differences stepped through with F8), the review queue of
legal-critical disagreements, text-to-image linking, run comparison and the
marker patterns. Works on ``gui.services.aids_hub.AidsHub``.
"""
