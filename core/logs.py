"""Where Cordon's log records go: nowhere by default, to stderr under `cordon -v`, to a rotating file in the studio.

Every module logs through `logging.getLogger(__name__)`, so its records sit under
the `core` or `gui` logger; this module only attaches handlers to those two.
A broad `except` that turns a failure into a message logs the traceback here,
so a bug swallowed for the person's sake is still on record for whoever fixes it.
"""

from __future__ import annotations

import logging
from pathlib import Path

from core import paths

#: The loggers Cordon's own modules log under.
ROOTS = ("core", "gui")
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s]: %(message)s"
#: The studio's log file and how much of it is kept (studio.log plus this many rotated copies of 1 MB).
LOG_FILE = "studio.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3


#: The handler each destination attached last: configuring again replaces it (one CLI call after another
#: in a test process, a second studio window), so no record is written twice.
_attached: dict[str, logging.Handler] = {}


def _attach(key: str, handler: logging.Handler, level: int) -> logging.Handler:
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(level)
    old = _attached.pop(key, None)
    for name in ROOTS:
        logger = logging.getLogger(name)
        if old is not None:
            logger.removeHandler(old)
        logger.addHandler(handler)
        logger.setLevel(min(level, logger.level or logging.WARNING))
    if old is not None:
        old.close()
    _attached[key] = handler
    return handler


def to_stderr(level: int = logging.DEBUG) -> logging.Handler:
    """`cordon -v`: records at `level` and above on stderr (stdout stays the command's output)."""
    return _attach("stderr", logging.StreamHandler(), level)


def to_file(level: int = logging.INFO) -> Path:
    """The studio: a rotating log under the data folder (`paths.log_dir()`); returns the file's path."""
    import logging.handlers  # here: its import (socket, pickle, queue) is ~7 ms every command would pay

    path = paths.log_dir() / LOG_FILE
    _attach(
        "file",
        logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"),
        level,
    )
    return path


def close() -> None:
    """Detach and close every handler attached here (the studio on exit, tests after their checks)."""
    for handler in _attached.values():
        for name in ROOTS:
            logging.getLogger(name).removeHandler(handler)
        handler.close()
    _attached.clear()
