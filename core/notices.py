"""Telling the person about slow, one-time work while it happens, without Qt.

Core code calls `notice(text)` before work that takes seconds once per machine or install, such as
compiling the sandbox engine for this machine (3.5 s quiet, up to 20 s on a loaded machine or a fresh
install), so nobody stares at a silent command or window. Who hears it is the front end's choice
(`set_notice_sink`): the command line prints it on stderr, the studio shows it in its status bar; a library
user hears nothing unless it sets a sink.
"""

from __future__ import annotations

from collections.abc import Callable

_sink: Callable[[str], None] | None = None


def set_notice_sink(sink: Callable[[str], None] | None) -> None:
    """Where notices go from now on (None: nowhere). Called from any thread; `sink` must be too."""
    global _sink
    _sink = sink


def notice(text: str) -> None:
    """Say `text` (a sentence about work that is starting) to whoever listens."""
    sink = _sink
    if sink is not None:
        sink(text)
