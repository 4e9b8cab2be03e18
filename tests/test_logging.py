"""Logging: `cordon -v` debug on stderr (stdout untouched), the studio's rotating log and Help > Open Log Folder."""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices

from core import logs, paths
from gui.app import start_log
from tests.gui_support import home, window

__all__ = ["home", "window"]

ROOT = Path(__file__).resolve().parents[1]


def cordon(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    """The installed entry point in a real process (a -v handler never leaks into the test process)."""
    env = {**os.environ, "CORDON_HOME": str(home)}
    return subprocess.run(
        [str(Path(sys.executable).parent / "cordon"), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def test_verbose_prints_debug_lines_on_stderr_and_json_stdout_stays_one_object(tmp_path):
    body = tmp_path / "body.js"
    body.write_text("return 6 * 7")
    proc = cordon("-v", "run", str(body), "--json", home=tmp_path / "home")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["result"] == 42  # exactly one JSON object: nothing else on stdout
    assert "DEBUG core.engine.run" in proc.stderr and "run ok" in proc.stderr

    quiet = cordon("run", str(body), "--json", home=tmp_path / "home")
    assert json.loads(quiet.stdout)["result"] == 42 and "DEBUG" not in quiet.stderr


def test_a_refused_run_logs_why_under_verbose(tmp_path):
    body = tmp_path / "body.js"
    body.write_text("while (true) {}")
    proc = cordon("-v", "run", str(body), "--json", "--limits", '{"timeoutMs": 50}', home=tmp_path / "home")
    assert json.loads(proc.stdout)["error"]["rule"] == "timeout"
    assert "run failed: timeout (TimeoutError)" in proc.stderr


class _UrlCatcher(QObject):
    """Takes file:// URLs in place of the desktop's file manager (Qt's own hook for this)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url)


def test_the_studio_writes_a_rotating_log_and_help_opens_its_folder(window):
    try:
        path = start_log()
        logging.getLogger("core.packs.catalog").warning("a line for the log")
        assert path.parent == paths.log_dir() and path.is_file()
        text = path.read_text(encoding="utf-8")
        assert "Cordon Studio started" in text and "WARNING core.packs.catalog" in text
        handler = logs._attached["file"]
        assert isinstance(handler, logging.handlers.RotatingFileHandler) and handler.maxBytes == logs.LOG_BYTES
    finally:
        logs.close()

    catcher = _UrlCatcher()
    QDesktopServices.setUrlHandler("file", catcher, "open")
    try:
        help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
        assert window.log_folder_action in help_menu.actions()
        window.log_folder_action.trigger()
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert [Path(u.toLocalFile()) for u in catcher.urls] == [paths.log_dir()]
