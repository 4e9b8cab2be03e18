"""`cordon` as a process among others: real subprocesses, real signals, real pipes.

SIGTERM used to exit 143 with no JSON object, `cordon node run` ignored Ctrl+C's cancel handle, a
closed stdout ended in `internal error: BrokenPipeError`, and a folder, a FIFO or an unreadable body
file were all "no such file".
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

from tests.cli_support import CORDON, ENV, body_started, reading_stdin, stopped

#: Tells the test it is running, then computes until stopped (well inside the default 30 s timeout).
BODY = 'await workspace.write("started", ""); for (;;) {}'


def signalled(tmp_path: Path, argv: list[str], signum: int) -> subprocess.CompletedProcess[str]:
    """`cordon argv --workspace WS` sent `signum` once its body runs."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    return stopped([*argv, "--workspace", str(workspace)], signum, ready=body_started(workspace), cwd=tmp_path)


def one_cancelled_object(done: subprocess.CompletedProcess[str]) -> dict:
    assert done.stdout.count("\n") == 1, (done.stdout, done.stderr[-2000:])
    obj = json.loads(done.stdout)
    assert obj["ok"] is False and obj["error"]["rule"] == "cancelled"
    assert "Traceback" not in done.stderr
    return obj


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_cancel_a_run_and_json_prints_one_object(tmp_path, signum, status):
    (tmp_path / "body.js").write_text(BODY)
    done = signalled(tmp_path, ["run", "body.js", "--json"], signum)
    assert done.returncode == status, done.stderr[-2000:]
    one_cancelled_object(done)


def test_ctrl_c_cancels_cordon_node_run(tmp_path):
    doc = {"schemaVersion": 1, "body": BODY, "outputs": [{"name": "out"}], "inputs": []}
    (tmp_path / "n.node.json").write_text(json.dumps(doc))
    done = signalled(tmp_path, ["node", "run", "n.node.json", "--json"], signal.SIGINT)
    assert done.returncode == 130, done.stderr[-2000:]
    one_cancelled_object(done)


@pytest.mark.parametrize("flags", [[], ["--json"]])
def test_a_closed_stdout_ends_quietly(tmp_path, flags):
    (tmp_path / "body.js").write_text("return Array.from({length: 5000}, (_, i) => i)")
    read, write = os.pipe()
    os.close(read)  # the reader is gone before cordon writes a byte (as `| head -0`)
    try:
        proc = subprocess.run(
            [*CORDON, "run", "body.js", *flags], stdout=write, stderr=subprocess.PIPE, cwd=tmp_path, env=ENV, timeout=60
        )
    finally:
        os.close(write)
    err = proc.stderr.decode()
    assert proc.returncode == 141, err
    assert "Traceback" not in err and "BrokenPipe" not in err and "internal error" not in err


def source_problem(tmp_path: Path, name: str) -> tuple[int, dict]:
    proc = subprocess.run(
        [*CORDON, "run", name, "--json"], capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=60
    )
    return proc.returncode, json.loads(proc.stdout)["error"]


def test_a_folder_a_fifo_and_a_missing_file_say_what_they_are(tmp_path):
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    code, error = source_problem(tmp_path, "folder")
    assert (code, error["rule"], error["message"]) == (2, "source-not-a-file", "folder is a folder")
    code, error = source_problem(tmp_path, "fifo")
    assert (code, error["rule"]) == (2, "source-not-a-file") and "FIFO" in error["message"]
    code, error = source_problem(tmp_path, "missing.js")
    assert (code, error["rule"], error["message"]) == (2, "source-not-found", "no such file: missing.js")


def test_a_file_that_fails_to_read_says_why(tmp_path):
    """`/proc/self/mem` is a regular file whose first page no process may read (EIO, even for root)."""
    code, error = source_problem(tmp_path, "/proc/self/mem")
    assert (code, error["rule"]) == (2, "source-unreadable")
    assert error["message"] == "cannot read /proc/self/mem: Input/output error"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_says_so(tmp_path):
    (tmp_path / "secret.js").write_text("return 1")
    (tmp_path / "secret.js").chmod(0)
    code, error = source_problem(tmp_path, "secret.js")
    assert (code, error["rule"]) == (2, "source-unreadable") and "ermission denied" in error["message"]


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_stop_signal_outside_a_run_prints_one_object(tmp_path, signum, status):
    """`cordon run -` waiting for its body on stdin (before any run): stopped, it still answers."""
    done = stopped(["run", "-", "--json"], signum, ready=reading_stdin, cwd=tmp_path, stdin=True)
    assert done.returncode == status, done.stderr[-2000:]
    one_cancelled_object(done)
