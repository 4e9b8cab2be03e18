"""`cordon run`: the machine interface of docs/design.md, exit codes 0/1/2, and the human mode."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.cli import main

KEYS = {"ok", "result", "outputs", "emitted", "logs", "error", "timings"}


def cli_json(capsys, *argv: str) -> tuple[int, dict]:
    code = main(["run", *argv, "--json"])
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "exactly one JSON object on stdout"
    return code, json.loads(out)


def test_ok_result_with_tagged_values(capsys, body):
    code, obj = cli_json(
        capsys,
        body("console.log('hi'); return {b: inputs.b, d: inputs.d, n: NaN, x: inputs.x * 2}"),
        "--inputs",
        '{"b": {"$bytes": "AAE="}, "d": {"$date": "2024-01-02T03:04:05.000Z"}, "x": 21}',
    )
    assert code == 0
    assert set(obj) >= KEYS
    assert obj["ok"] is True and obj["error"] is None
    assert obj["result"] == {
        "b": {"$bytes": "AAE="},
        "d": {"$date": "2024-01-02T03:04:05.000Z"},
        "n": {"$number": "NaN"},
        "x": 42,
    }
    assert obj["logs"] == ["hi"]
    assert set(obj["timings"]) == {"setup_ms", "run_ms"}


def test_guest_failure_exits_1_with_line(capsys, body):
    code, obj = cli_json(capsys, body("const a = 1;\nthrow new TypeError('nope');"))
    assert code == 1
    assert obj["ok"] is False
    assert obj["error"]["name"] == "TypeError" and obj["error"]["message"] == "nope" and obj["error"]["line"] == 2


def test_limit_stop_exits_1_naming_the_limit(capsys, body):
    code, obj = cli_json(capsys, body("while (true) {}"), "--limits", '{"timeoutMs": 200}')
    assert code == 1 and obj["error"]["name"] == "TimeoutError" and "timeoutMs" in obj["error"]["message"]


def test_undefined_result_is_null(capsys, body):
    assert cli_json(capsys, body("const x = 1;"))[1]["result"] is None


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--limits", '{"noSuch": 1}'], "noSuch"),
        (["--limits", '{"timeoutMs": -1}'], "timeoutMs"),
        (["--inputs", "{not json"], "--inputs"),
        (["--workspace", "/no/such/folder"], "--workspace"),
    ],
)
def test_usage_errors_exit_2(capsys, body, argv, words):
    code, obj = cli_json(capsys, body("return 1"), *argv)
    assert code == 2 and obj["ok"] is False and words in obj["error"]["message"]


def test_missing_file_exits_2(capsys):
    code, obj = cli_json(capsys, "/no/such/body.js")
    assert code == 2 and "no such file" in obj["error"]["message"]


def test_workspace_is_granted(capsys, body, tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "note.txt").write_text("hello")
    code, obj = cli_json(capsys, body("return await workspace.read('note.txt')"), "--workspace", str(ws))
    assert (code, obj["result"]) == (0, "hello")


def test_human_mode(capsys, body):
    assert main(["run", body("console.log('line'); return {a: 1}")]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"a": 1}
    assert "line" in captured.err and "setup" in captured.err
    assert main(["run", body("null.x")]) == 1
    assert "TypeError (line 1)" in capsys.readouterr().err


def test_console_script_reads_stdin(tmp_path):
    """The installed entry point, in a real process, reading the body from stdin."""
    env = {**os.environ, "CORDON_HOME": str(tmp_path)}
    script = Path(sys.executable).parent / "cordon"
    proc = subprocess.run(
        [str(script), "run", "-", "--json"],
        input="return 6 * 7",
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).parents[1],
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["result"] == 42
