"""A real `cordon` process stopped by a real signal, for the CLI's signal tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: `cordon` from this checkout, whichever checkout the tests run in.
CORDON = [sys.executable, "-c", "import sys; from core.cli import main; sys.exit(main())"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def stopped(
    argv: list[str], signum: int, *, ready: Callable[[subprocess.Popen[str]], bool], cwd: Path, stdin: bool = False
) -> subprocess.CompletedProcess[str]:
    """Start `cordon argv`, wait until `ready(proc)`, send `signum`, collect the outcome (20 s at most)."""
    proc = subprocess.Popen(
        [*CORDON, *argv],
        stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=ENV,
    )
    try:
        deadline = time.monotonic() + 30
        while not ready(proc):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "cordon never got ready"
            time.sleep(0.02)
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def body_started(workspace: Path) -> Callable[[subprocess.Popen[str]], bool]:
    """Ready once the body wrote `started` into its workspace (then 0.1 s more, well inside its loop)."""

    def ready(proc: subprocess.Popen[str]) -> bool:
        if not (workspace / "started").exists():
            return False
        time.sleep(0.1)
        return True

    return ready


def reading_stdin(proc: subprocess.Popen[str]) -> bool:
    """Ready once the process is blocked in read(0, ...)."""
    return Path(f"/proc/{proc.pid}/syscall").read_text().split()[:2] == ["0", "0x0"]
