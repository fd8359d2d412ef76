"""The window shell: the main window's layout and state, and the menus made from
every feature's ``ActionSpec`` list. Only the composition root imports it.
"""
