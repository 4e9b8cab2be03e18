"""Entry points. `cordon` alone opens the studio on the welcome node (Ctrl+C stops it);
`cordon --screenshot PATH` runs the welcome node and saves a PNG of the main window, with no display at all.
Each runs the real `cordon` command in its own process and CORDON_HOME."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import until

ROOT = Path(__file__).resolve().parents[1]


def _cordon(args: list[str]) -> list[str]:
    """The `cordon` command (its console script's target) in a fresh interpreter."""
    return [sys.executable, "-c", "import sys; from core.cli import main; sys.exit(main(sys.argv[1:]))", *args]


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return {**env, "CORDON_HOME": str(home), **extra}


def _studio_offscreen(home: Path) -> subprocess.Popen[str]:
    """Bare `cordon` (the studio) in its own process, offscreen, with its own CORDON_HOME."""
    return subprocess.Popen(
        _cordon([]),
        env=_env(home, QT_QPA_PLATFORM="offscreen"),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_cordon_screenshot_runs_the_welcome_node_and_writes_a_png_offscreen(tmp_path):
    out = tmp_path / "shots" / "studio.png"
    done = subprocess.run(
        _cordon(["--screenshot", str(out)]),
        env=_env(tmp_path / "home"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert f"saved {out}" in done.stdout
    with Image.open(out) as image:
        assert image.format == "PNG" and image.size[0] >= 1000 and image.size[1] >= 600
        assert len(image.convert("L").resize((64, 40)).getcolors(4096)) > 8  # a painted window, not a blank
    log = (tmp_path / "home").rglob("studio.log")
    assert any("started" in p.read_text() for p in log)


def test_cordon_alone_opens_the_studio_on_the_welcome_node_and_ctrl_c_stops_it(tmp_path):
    home = tmp_path / "home"
    proc = _studio_offscreen(home)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            logs = list(home.rglob("studio.log"))
            if logs and "opened the welcome node" in logs[0].read_text():
                break
            assert proc.poll() is None, proc.communicate()[1]
            time.sleep(0.2)
        else:
            pytest.fail("the studio did not open the welcome node within 60 s")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed (./dev.sh installs xvfb)")
def test_the_screenshot_in_a_real_x_window_under_xvfb(tmp_path):
    out = tmp_path / "x11.png"
    env = _env(tmp_path / "home")
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", *_cordon(["--screenshot", str(out)])],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    with Image.open(out) as image:
        assert image.format == "PNG" and image.size[0] >= 1000


@pytest.mark.skipif(
    not os.access(ROOT / ".venv" / "bin" / "cordon-studio", os.X_OK), reason="no .venv/bin/cordon-studio"
)
def test_dev_sh_studio_without_a_display_says_it_runs_offscreen_and_how_to_stop(tmp_path):
    proc = subprocess.Popen(
        [str(ROOT / "dev.sh"), "studio"],
        env=_env(tmp_path / "home"),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = proc.stderr.readline()
        while first and not first.startswith("dev.sh: no display"):  # a first run sets itself up (pip says so)
            first = proc.stderr.readline()
        assert "runs offscreen" in first and "Ctrl+C" in first and f"kill {proc.pid}" in first
        log = tmp_path / "home" / "data" / "logs" / "studio.log"
        until(lambda: log.is_file() and "opened the welcome node" in log.read_text(), "the studio's window")

        def asked_to_quit() -> bool:
            # Ctrl+C once the studio says it is quitting, and no more: one landing after Python's exit restored
            # the default handler would kill the process by the signal instead of letting it end
            proc.send_signal(signal.SIGINT)
            answer_by = time.monotonic() + 0.5
            while time.monotonic() < answer_by:
                if "Ctrl+C: quitting" in log.read_text() or proc.poll() is not None:
                    return True
                time.sleep(0.02)
            return False

        until(asked_to_quit, "the studio to say it quits on Ctrl+C", timeout_s=60)
        assert proc.wait(timeout=120) == 0  # its exit may finish the engine's first compile: seconds
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


#: Run in a real X window (xcb under Xvfb): click Run with the mouse, print what the run produced.
_CLICK_RUN = """
import json, sys, time
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv)
assert app.platformName() == "xcb", app.platformName()
from gui.main_window import MainWindow
from gui.settings import AppSettings
window = MainWindow(AppSettings())
window.show()
QTest.qWaitForWindowExposed(window)
button = window.run_panel.run_button
QTest.mouseClick(button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(8, 8))
deadline = time.monotonic() + 60
while (window.run_panel.last_outcome is None or window.run_panel.running) and time.monotonic() < deadline:
    QTest.qWait(50)
print(json.dumps(window.run_panel.last_outcome.result.outputs))
window.run_panel.shutdown()
"""


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed (./dev.sh installs xvfb)")
def test_clicking_run_with_the_mouse_in_a_real_x_window(tmp_path):
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", sys.executable, "-c", _CLICK_RUN],
        env=_env(tmp_path / "home"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == '{"total": 6}'


def test_the_studio_window_is_up_before_the_engine_is_warm(tmp_path):
    """The window shows first; the engine (guest module, standard template, its
    image) warms afterwards on the task runner. The studio log says both, in order: the core
    warm-up's own line comes after the window's."""
    home = tmp_path / "home"
    proc = _studio_offscreen(home)
    try:
        deadline = time.monotonic() + 120
        text = ""
        while time.monotonic() < deadline:
            logs = list(home.rglob("studio.log"))
            text = logs[0].read_text() if logs else ""
            if "engine warm in" in text:
                break
            assert proc.poll() is None, proc.communicate()[1]
            time.sleep(0.2)
        else:
            pytest.fail(f"the engine did not warm within 120 s; log:\n{text}")
        assert 0 <= text.index("opened the welcome node") < text.index("engine warm in")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_importing_the_studio_does_not_import_the_engine(tmp_path):
    """The window's start does not wait for the engine's import (~0.5 s): it happens in the
    background warm-up, or in the first run."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, gui.app; print(sorted(m for m in ('core.engine.run', 'wasmtime') if m in sys.modules))",
        ],
        env=_env(tmp_path / "home", QT_QPA_PLATFORM="offscreen"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
