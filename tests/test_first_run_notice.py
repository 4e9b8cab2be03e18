"""The first run on a machine is quick and says what it is waiting for: with no
compiled guest yet, a process runs on Winch while Cranelift compiles in the background (said on
stderr, cached for the next process), and a bundle's guest compiled at build time is used when its
digest holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from core import notices
from core.engine import guest_module
from tests.gui_support import home, window

__all__ = ["home", "window"]  # pytest fixtures

CORDON = str(Path(sys.executable).parent / "cordon")
ROOT = Path(__file__).resolve().parents[1]


def test_the_first_cordon_run_in_a_new_home_says_it_compiles_the_engine_and_the_next_does_not(tmp_path):
    env = {**os.environ, "CORDON_HOME": str(tmp_path)}

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [CORDON, "run", "--json", "-"], input="return 1 + 1", capture_output=True, text=True, env=env, timeout=300
        )

    first = run()
    assert json.loads(first.stdout)["result"] == 2  # stdout stays one JSON object
    assert "cordon: compiling the sandbox engine for this machine in the background" in first.stderr
    second = run()  # the first process finished the compile before it exited, and cached it
    assert json.loads(second.stdout)["result"] == 2 and "compiling" not in second.stderr


SWAP = textwrap.dedent(
    """
    import json
    from core import run_in_sandbox
    from core.engine import driver, templates
    from core.engine.prelude import build_prelude

    first = driver.install()
    before = run_in_sandbox("function f(n) { return f(n + 1) + 1 } try { f(0) } catch (e) { return [e.name, 6 * 7] }")
    pending = driver._compiling
    pending.join(300)  # started when the run ended
    final = driver.install()
    after = [run_in_sandbox("return 6 * 7").result for _ in range(templates.BAKE_AFTER_RUNS + 2)]
    import threading
    for thread in threading.enumerate():
        if thread.name == "cordon-guest-image":
            thread.join(60)
    baked = templates.cached_template(build_prelude(())).module is not None
    print(json.dumps({
        "first_provisional": first.provisional, "before": before.result,
        "final_provisional": final.provisional, "after": sorted(set(after)), "baked": baked,
    }))
    """
)


def test_a_process_with_no_compiled_guest_runs_on_winch_then_on_cranelift_once_compiled(tmp_path):
    env = {**os.environ, "CORDON_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", SWAP], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=True
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["first_provisional"] is True and report["before"] == ["RangeError", 42]
    assert report["final_provisional"] is False and report["after"] == [42]
    assert report["baked"] is True  # the template's image is baked on the final compiler only


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """A bundle's `core/guest/precompiled`, compiled as installer/build.sh compiles it."""
    folder = tmp_path / "precompiled"
    path = guest_module.ship_precompiled(folder)
    monkeypatch.setattr(guest_module, "shipped_folder", lambda: folder)
    monkeypatch.setenv("CORDON_HOME", str(tmp_path / "home"))  # an empty cache
    return path


def test_a_bundles_compiled_guest_is_used_when_its_digest_holds(shipped):
    engine = guest_module.wasmtime.Engine(guest_module.engine_config())
    module = guest_module.load_precompiled(engine, guest_module.guest_wasm_bytes())
    assert module is not None and "cg_run" in {e.name for e in module.exports}
    assert guest_module.precompiled_is_cached()


def test_a_bundles_compiled_guest_that_was_altered_is_never_loaded(shipped):
    data = bytearray(shipped.read_bytes())
    data[len(data) // 2] ^= 0xFF
    shipped.write_bytes(bytes(data))
    engine = guest_module.wasmtime.Engine(guest_module.engine_config())
    assert guest_module.load_precompiled(engine, guest_module.guest_wasm_bytes()) is None
    assert not guest_module.precompiled_is_cached()


def test_a_notice_reaches_the_sink_the_front_end_set_and_nobody_by_default():
    heard: list[str] = []
    notices.set_notice_sink(heard.append)
    try:
        notices.notice("compiling the sandbox engine for this machine in the background (once; a few seconds)...")
    finally:
        notices.set_notice_sink(None)
    assert heard == ["compiling the sandbox engine for this machine in the background (once; a few seconds)..."]
    notices.notice("nobody hears this")  # no sink: no error, nothing printed


def test_the_studio_shows_a_notice_in_its_status_bar(qtbot, window, monkeypatch):
    from gui import app

    monkeypatch.setattr(app.core, "warm_engine", lambda: None)  # the warm-up itself is not this test's
    app.warm_engine_later(window)
    try:
        notices.notice("compiling the sandbox engine for this machine in the background (once; a few seconds)...")
        qtbot.waitUntil(lambda: "Compiling the sandbox engine" in window.statusBar().currentMessage(), timeout=3000)
    finally:
        notices.set_notice_sink(None)
