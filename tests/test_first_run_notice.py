"""The first run on a machine says what it is waiting for: the engine's one-time compile (issue 33, item 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from core import notices
from core.engine import guest_module
from tests.gui_support import home, window

__all__ = ["home", "window"]  # pytest fixtures

CORDON = str(Path(sys.executable).parent / "cordon")


def test_the_first_cordon_run_in_a_new_home_says_it_compiles_the_engine_and_the_next_does_not(tmp_path):
    env = {**os.environ, "CORDON_HOME": str(tmp_path)}

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [CORDON, "run", "--json", "-"], input="return 1 + 1", capture_output=True, text=True, env=env, timeout=300
        )

    first = run()
    assert json.loads(first.stdout)["result"] == 2  # stdout stays one JSON object
    assert "cordon: compiling the sandbox engine for this machine" in first.stderr
    second = run()
    assert json.loads(second.stdout)["result"] == 2 and "compiling" not in second.stderr


def test_a_notice_reaches_the_sink_the_front_end_set_and_nobody_by_default(monkeypatch, tmp_path):
    heard: list[str] = []
    monkeypatch.setenv("CORDON_HOME", str(tmp_path))
    notices.set_notice_sink(heard.append)
    try:
        guest_module.load_precompiled(guest_module.wasmtime.Engine(guest_module.engine_config()), b"\0asm\1\0\0\0")
    finally:
        notices.set_notice_sink(None)
    assert heard == ["compiling the sandbox engine for this machine (once; a few seconds)..."]
    notices.notice("nobody hears this")  # no sink: no error, nothing printed


def test_the_studio_shows_a_notice_in_its_status_bar(qtbot, window, monkeypatch):
    from gui import app

    monkeypatch.setattr(app.core, "warm_engine", lambda: None)  # the warm-up itself is not this test's
    app.warm_engine_later(window)
    try:
        notices.notice("compiling the sandbox engine for this machine (once; a few seconds)...")
        qtbot.waitUntil(lambda: "Compiling the sandbox engine" in window.statusBar().currentMessage(), timeout=3000)
    finally:
        notices.set_notice_sink(None)
