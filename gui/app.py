"""`cordon-studio` (or `cordon` alone): start the studio.

    cordon-studio [FILE.node.json ...]
    cordon-studio --screenshot PATH

Opens each file given (the first in the first window), else the welcome
node, then offers back any work a previous session lost to a crash.
`--screenshot PATH` runs the welcome node, saves a PNG of the main window and
exits (without a display it runs offscreen). Ctrl+C in the terminal quits.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow

import core
from core import logs
from gui.garbage import collect_on_gui_thread
from gui.main_window import APP_TITLE, MainWindow
from gui.settings import load_settings
from gui.tasks import task_manager
from gui.theme import apply_theme

logger = logging.getLogger(__name__)


def start_log() -> Path:
    """The studio's rotating log under the data folder (Help > Open Log Folder): what core and the
    studio log at INFO and above, including the tracebacks of failures shown to the person as one line."""
    path = logs.to_file()
    logger.info("%s started (Python %s)", APP_TITLE, sys.version.split()[0])
    return path


#: How long `--screenshot` waits for the welcome node's run before it saves the window anyway.
SCREENSHOT_RUN_MS = 60_000


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cordon-studio", description=f"Open {APP_TITLE}.")
    parser.add_argument("files", nargs="*", metavar="FILE.node.json", help="documents to open")
    parser.add_argument(
        "--screenshot",
        metavar="PATH",
        type=Path,
        help="run the welcome node, save a PNG of the main window to PATH and exit",
    )
    return parser.parse_args(argv)


def screenshot(window: MainWindow, path: Path) -> None:
    """Run the window's node; when the run ends (or after SCREENSHOT_RUN_MS), save the window as a PNG and quit.

    The exit status (read by `main`) is 0 once the PNG is written, else 1.
    """
    app = QGuiApplication.instance()
    assert app is not None

    def save() -> None:
        if window.property("screenshotDone"):
            return
        window.setProperty("screenshotDone", True)
        window.run_panel.shutdown()
        path.parent.mkdir(parents=True, exist_ok=True)
        saved = window.grab().save(str(path), "PNG")
        if saved:
            print(f"saved {path}")
        else:
            print(f"cordon: could not write {path}", file=sys.stderr)
        app.exit(0 if saved else 1)

    window.run_panel.runFinished.connect(lambda _outcome: QTimer.singleShot(200, save))  # outputs painted
    QTimer.singleShot(SCREENSHOT_RUN_MS, save)
    QTimer.singleShot(0, window.run)


def warm_engine_later(window: QMainWindow) -> None:
    """Once the event loop runs (the windows are up), warm the engine on the work pool: importing
    it, the guest module and the standard template take ~0.5-1 s the window need not wait for. A run
    started meanwhile waits for the template being built instead of building its own. What slow,
    one-time work is happening (the engine's first compile on this machine) shows in `window`'s
    status bar (`core.set_notice_sink`)."""

    def show(text: str) -> None:
        task_manager().run_on_main(lambda: window.statusBar().showMessage(text[:1].upper() + text[1:], 20000))

    core.set_notice_sink(show)
    QTimer.singleShot(0, lambda: task_manager().run_in_background(lambda: core.warm_engine(), kind="work"))


def _quit_on_ctrl_c(app: QApplication) -> None:
    """Ctrl+C in the terminal quits (Python handles signals only between Qt events: a timer lets it in).
    The quit is posted to the event loop, so one pressed before the loop runs is not lost (a `quit()`
    before `exec()` does nothing), and the log says so: the exit may then take seconds (a background
    compile of the engine is finished and cached)."""

    def quit_now(*_: object) -> None:
        logger.info("Ctrl+C: quitting")
        QTimer.singleShot(0, app.quit)

    signal.signal(signal.SIGINT, quit_now)
    ticker = QTimer(app, interval=250)
    ticker.timeout.connect(lambda: None)
    ticker.start()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv if argv is None else argv)
    options = parse_args(args[1:])
    if options.screenshot is not None and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # a picture needs no screen
    start_log()
    app = QApplication.instance() or QApplication(args[:1])
    collect_on_gui_thread(app)
    app.setApplicationName("cordon")
    app.setApplicationDisplayName(APP_TITLE)
    app.setOrganizationName("cordon")
    settings = load_settings()
    apply_theme(app, settings.theme)
    if options.screenshot is not None:
        window = MainWindow(settings)
        window.show()
        screenshot(window, options.screenshot.resolve())
        try:
            return app.exec()
        finally:
            logs.close()
    _quit_on_ctrl_c(app)
    windows: list[MainWindow] = []
    for name in options.files or [None]:
        window = MainWindow(settings)
        if name is not None and not window.open_path(Path(name), ask=False):
            window.deleteLater()
            continue
        window.show()
        windows.append(window)
        logger.info("opened %s", name or "the welcome node")
    if not windows:
        windows.append(MainWindow(settings))
        windows[0].show()
        logger.info("opened the welcome node")

    def recover() -> None:
        windows.extend(windows[0].offer_recovery())

    QTimer.singleShot(0, recover)
    warm_engine_later(windows[0])
    try:
        return app.exec()
    finally:
        logs.close()


if __name__ == "__main__":
    sys.exit(main())
