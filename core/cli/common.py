"""Helpers shared by subcommands: JSON arguments and the machine-readable result object."""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from core.cancel import CancelHandle
from core.errors import CordonError, UsageError
from core.rules import problem_line
from core.transport import from_public


def json_arg(text: str | None, what: str) -> Any:
    """Parse a JSON command-line argument (public tagging: $bytes/$date/$number)."""
    if text is None:
        return None
    try:
        return from_public(json.loads(text))
    except (ValueError, TypeError) as exc:
        raise UsageError(f"{what} is not valid JSON: {exc}") from None
    except RecursionError:
        raise UsageError(f"{what} is nested too deeply to read", rule="usage-too-deep") from None


def read_source(path: str | None) -> str:
    """Code from a file, or from stdin for `-`/no path: UTF-8 text, or a usage error saying why not."""
    name = "<stdin>" if path in (None, "-") else path
    try:
        if path in (None, "-"):
            data = sys.stdin.buffer.read()
        elif not Path(path).is_file():
            raise UsageError(f"no such file: {path}")
        else:
            data = Path(path).read_bytes()
    except OSError as exc:  # a name too long, a folder we may not read, ...
        raise UsageError(f"cannot read {name}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{name} is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); save the source as UTF-8",
            rule="source-not-utf8",
        ) from None


def workspace_arg(value: str | None) -> Path | None:
    """`--workspace DIR`: an existing folder, resolved (the root the workspace bridge contains)."""
    if not value:
        return None
    folder = Path(value)
    try:
        is_dir = folder.is_dir()
    except OSError as exc:  # a name too long, ...
        raise UsageError(f"--workspace {value}: {exc.strerror or exc}") from None
    if not is_dir:
        raise UsageError(f"--workspace {value}: not a folder")
    return folder.resolve()


def print_json(obj: Any) -> None:
    sys.stdout.write(orjson.dumps(obj, option=orjson.OPT_SERIALIZE_NUMPY).decode() + "\n")


def usage_error(exc: UsageError, as_json: bool) -> int:
    return fail(exc, as_json, 2)


def fail(exc: CordonError, as_json: bool, status: int) -> int:
    """Report an error that stopped a command before any result: one result-shaped object on
    stdout with `--json`, a line on stderr without. Returns the exit status to use."""
    if as_json:
        print_json(
            {
                "ok": False,
                "result": None,
                "outputs": {},
                "emitted": [],
                "logs": [],
                "error": {"name": exc.name, "message": exc.message, "line": None, "rule": exc.rule},
                "timings": {"setup_ms": 0.0, "run_ms": 0.0},
            }
        )
    else:
        print(f"cordon: {problem_line(exc.message, exc.rule)}", file=sys.stderr)
    return status


#: 128 + SIGINT: the status shells report for a command stopped by Ctrl+C.
INTERRUPTED = 130


@contextlib.contextmanager
def sigint_cancels(cancel: CancelHandle) -> Iterator[None]:
    """While the block runs, Ctrl+C fires `cancel` instead of raising KeyboardInterrupt.

    A KeyboardInterrupt raised while the guest computes lands inside a wasm callback, which
    takes the process down (a segfault); while the run awaits, it escapes as a traceback. The
    handle stops either within milliseconds and the run ends as cancelled. A Python signal
    handler only runs between bytecodes of the main thread, and a guest computing on it never
    returns to Python until it stops (the cancel flag lives in guest memory: no host call per
    poll). So the signal is taken from CPython's wakeup fd by a thread of its own, which fires
    the handle; the Python-level handler only has to exist (it keeps SIGINT from raising).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)

    def watch() -> None:
        while data := reader.recv(64):
            if signal.SIGINT in data:
                cancel.cancel()

    previous = signal.signal(signal.SIGINT, lambda signum, frame: None)
    previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    watcher = threading.Thread(target=watch, name="cordon-sigint", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous_fd)
        signal.signal(signal.SIGINT, previous)
        writer.close()  # the watcher reads end-of-file and returns
        watcher.join()
        reader.close()
