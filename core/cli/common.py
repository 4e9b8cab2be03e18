"""Helpers shared by subcommands: JSON arguments and the machine-readable result object."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import stat
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from core.cancel import CancelHandle
from core.errors import CordonError, UsageError
from core.rules import problem_line
from core.transport import from_public


def json_arg(text: str | bytes | None, what: str) -> Any:
    """Parse a JSON command-line argument, or a file's bytes (UTF-8; public tagging: $bytes/$date/$number)."""
    if text is None:
        return None
    try:
        return from_public(json.loads(text))
    except (ValueError, TypeError) as exc:
        raise UsageError(f"{what} is not valid JSON: {exc}") from None
    except RecursionError:
        raise UsageError(f"{what} is nested too deeply to read", rule="usage-too-deep") from None


def json_input_arg(text: str | None, what: str, *, stdin_used_by: str | None = None) -> Any:
    """`--inputs JSON`, `--inputs @FILE` or `--inputs -` (stdin), as curl's `-d @file` and `-d @-`: a
    shell refuses an argument of 128 KiB or more ("Argument list too long"), a file or a pipe does not.
    Neither `@` nor `-` can begin a JSON object, so inline JSON reads as before. `stdin_used_by` names
    what else of the command reads stdin (the body, another option): then `-` is refused, since one
    stream cannot be both."""
    if text is None:
        return None
    if text == "-":
        if stdin_used_by is not None:
            raise UsageError(
                f"{what} - and {stdin_used_by} both read stdin, which only one of them can; "
                f"pass {what} @FILE (or the other from a file)",
                rule="usage",
            )
        return json_arg(sys.stdin.buffer.read(), f"{what} - (stdin)")
    if text.startswith("@"):
        path = text[1:]
        try:
            _check_source_file(path)
            data = Path(path).read_bytes()
        except UsageError as exc:
            raise UsageError(f"{what} {text}: {exc.message}", rule=exc.rule) from None
        except OSError as exc:
            raise UsageError(
                f"{what} {text}: cannot read {path}: {exc.strerror or exc}", rule="source-unreadable"
            ) from None
        return json_arg(data, f"{what} {text}")
    return json_arg(text, what)


def read_source(path: str | None) -> str:
    """Code from a file, or from stdin for `-`/no path: UTF-8 text, or a usage error saying why not."""
    name = "<stdin>" if path in (None, "-") else path
    try:
        if path in (None, "-"):
            data = sys.stdin.buffer.read()
        else:
            _check_source_file(path)
            data = Path(path).read_bytes()
    except OSError as exc:  # a name too long, a file we may not read, ...
        raise UsageError(f"cannot read {name}: {exc.strerror or exc}", rule="source-unreadable") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{name} is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); save the source as UTF-8",
            rule="source-not-utf8",
        ) from None


def _check_source_file(path: str) -> None:
    """A usage error unless `path` is a regular file: a folder, a FIFO (reading one blocks until some
    other process writes) or a device each say what they are, instead of all being "no such file"."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}", rule="source-not-found") from None
    if stat.S_ISREG(mode):
        return
    what = (
        "a folder"
        if stat.S_ISDIR(mode)
        else "a FIFO (named pipe); pass its text on stdin instead: cordon run - < FIFO"
        if stat.S_ISFIFO(mode)
        else "not a regular file"
    )
    raise UsageError(f"{path} is {what}", rule="source-not-a-file")


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
#: The signals that cancel a run: Ctrl+C, `kill` (and a service manager's stop), a closed terminal.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


class StopSignal(KeyboardInterrupt):
    """SIGTERM or SIGHUP outside a run: ends the command as Ctrl+C does (one object under `--json`)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def stop_signals_interrupt() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP raise `StopSignal` where Ctrl+C raises
    KeyboardInterrupt, so an install or a validation they stop still prints its one object and exits
    128 + the signal. The previous handlers come back after (`main` is also called in-process)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise StopSignal(signum)

    previous = {signum: signal.signal(signum, interrupt) for signum in STOP_SIGNALS if signum != signal.SIGINT}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@dataclass
class Stopped:
    """The run's cancel handle, and which stop signal fired it, if one did."""

    cancel: CancelHandle = field(default_factory=CancelHandle)
    signum: int | None = None

    def exit_status(self, status: int) -> int:
        """128 + the signal, as a shell reports a command it stopped; `status` when none came."""
        return status if self.signum is None else 128 + self.signum


@contextlib.contextmanager
def signals_cancel() -> Iterator[Stopped]:
    """While the block runs, Ctrl+C, SIGTERM and SIGHUP fire the yielded `cancel` handle instead of raising
    KeyboardInterrupt or ending the process, so the run ends as cancelled and `--json` still prints
    its one object (SIGTERM used to exit 143 with nothing on stdout).

    A KeyboardInterrupt raised while the guest computes lands inside a wasm callback, which
    takes the process down (a segfault); while the run awaits, it escapes as a traceback. The
    handle stops either within milliseconds and the run ends as cancelled. A Python signal
    handler only runs between bytecodes of the main thread, and a guest computing on it never
    returns to Python until it stops (the cancel flag lives in guest memory: no host call per
    poll). So the signal is taken from CPython's wakeup fd by a thread of its own, which fires
    the handle; the Python-level handler only has to exist (it keeps SIGINT from raising).
    """
    stopped = Stopped()
    if threading.current_thread() is not threading.main_thread():
        yield stopped
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)

    def watch() -> None:
        while data := reader.recv(64):
            for signum in STOP_SIGNALS:
                if signum in data:
                    if stopped.signum is None:
                        stopped.signum = signum
                    stopped.cancel.cancel()

    previous = {signum: signal.signal(signum, lambda signum, frame: None) for signum in STOP_SIGNALS}
    previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    watcher = threading.Thread(target=watch, name="cordon-signals", daemon=True)
    watcher.start()
    try:
        yield stopped
    finally:
        signal.set_wakeup_fd(previous_fd)
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        writer.close()  # the watcher reads end-of-file and returns
        watcher.join()
        reader.close()
