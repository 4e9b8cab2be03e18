"""Ctrl+C in `cordon run`: a real `cordon` process sent SIGINT mid-run.

The run is cancelled through the engine's cancel handle, the process exits 130 and, with
`--json`, still prints exactly one object. Before, a CPU-bound body could die of a segfault
(the KeyboardInterrupt landed inside a wasm callback) and an awaiting one printed a traceback.
"""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import pytest

from tests.cli_support import body_started, stopped

BODIES = {
    "cpu-bound": 'await workspace.write("started", ""); for (;;) {}',
    "awaiting": 'await workspace.write("started", ""); await sleep(60000); return "slept"',
}


def interrupted_run(tmp_path: Path, body: str, *flags: str) -> subprocess.CompletedProcess[str]:
    """Start `cordon run`, wait until the body is running, send SIGINT, collect the outcome."""
    (tmp_path / "body.js").write_text(body)
    workspace = tmp_path / "ws"
    workspace.mkdir()
    argv = ["run", str(tmp_path / "body.js"), "--workspace", str(workspace), "--limits", '{"timeoutMs": 0}', *flags]
    return stopped(argv, signal.SIGINT, ready=body_started(workspace), cwd=tmp_path)


@pytest.mark.parametrize("kind", ["cpu-bound", "awaiting"])
def test_ctrl_c_cancels_and_prints_one_object(tmp_path, kind):
    done = interrupted_run(tmp_path, BODIES[kind], "--json")
    assert done.returncode == 130, done.stderr[-2000:]
    assert done.stdout.count("\n") == 1, done.stdout
    obj = json.loads(done.stdout)
    assert obj["ok"] is False
    assert (obj["error"]["name"], obj["error"]["rule"]) == ("CancelledError", "cancelled")
    assert "Traceback" not in done.stderr


def test_ctrl_c_in_human_mode(tmp_path):
    done = interrupted_run(tmp_path, BODIES["cpu-bound"])
    assert done.returncode == 130
    assert "CancelledError" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""
