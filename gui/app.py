"""`cordon-studio`: start the studio.

    cordon-studio [FILE.node.json ...]

Opens each file given (the first in the first window), else a new document,
then offers back any work a previous session lost to a crash.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from core import logs
from gui.main_window import APP_TITLE, MainWindow
from gui.settings import load_settings
from gui.theme import apply_theme

logger = logging.getLogger(__name__)


def start_log() -> Path:
    """The studio's rotating log under the data folder (Help > Open Log Folder): what core and the
    studio log at INFO and above, including the tracebacks of failures shown to the person as one line."""
    path = logs.to_file()
    logger.info("%s started (Python %s)", APP_TITLE, sys.version.split()[0])
    return path


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv if argv is None else argv)
    start_log()
    app = QApplication.instance() or QApplication(args)
    app.setApplicationName("cordon")
    app.setApplicationDisplayName(APP_TITLE)
    app.setOrganizationName("cordon")
    settings = load_settings()
    apply_theme(app, settings.theme)
    windows: list[MainWindow] = []
    for name in args[1:] or [None]:
        window = MainWindow(settings)
        if name is not None and not window.open_path(Path(name), ask=False):
            window.deleteLater()
            continue
        window.show()
        windows.append(window)
    if not windows:
        windows.append(MainWindow(settings))
        windows[0].show()

    def recover() -> None:
        windows.extend(windows[0].offer_recovery())

    QTimer.singleShot(0, recover)
    try:
        return app.exec()
    finally:
        logs.close()


if __name__ == "__main__":
    sys.exit(main())
