"""`cordon node run` / `cordon node new` as a script sees them: a subprocess, one JSON object."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.cli import main

REPO = Path(__file__).resolve().parents[1]
CLI = "import sys; from core.cli import main; sys.exit(main(sys.argv[1:]))"


def cordon(*args: str, cwd: Path) -> tuple[int, dict | None, str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-c", CLI, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    out = json.loads(proc.stdout) if "--json" in args else None
    if out is not None:
        assert proc.stdout.count("\n") == 1, "nothing but the one JSON object on stdout"
    return proc.returncode, out, proc.stderr


def cordon_here(capsys, *args: str) -> tuple[int, dict]:
    """The same command in this process (for usage errors, which never reach a guest)."""
    code = main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def write(folder: Path, body: str, outputs=("out",), inputs=(), name="n", **extra) -> str:
    doc = {
        "schemaVersion": 1,
        "body": body,
        "outputs": [{"name": h} for h in outputs],
        "inputs": [{"name": i} for i in inputs],
        **extra,
    }
    (folder / f"{name}.node.json").write_text(json.dumps(doc))
    return f"{name}.node.json"


def test_new_writes_a_starter_that_runs_green(tmp_path):
    code, _, err = cordon("node", "new", "starter", cwd=tmp_path)
    assert code == 0, err
    text = (tmp_path / "starter.node.json").read_text()
    assert "await emit(handle, value)" in text and '"schemaVersion": 1' in text
    code, out, _ = cordon("node", "run", "starter.node.json", "--json", cwd=tmp_path)
    assert code == 0 and out["ok"]
    assert out["outputs"] == {"total": 6}
    assert out["emitted"] == [{"handle": "running", "value": v} for v in (1, 3, 6)]
    assert set(out) >= {"ok", "result", "outputs", "emitted", "logs", "error", "timings"}
    code, _, err = cordon("node", "new", "starter", cwd=tmp_path)
    assert code == 2 and "already exists" in err


def test_streams_and_finals_through_the_cli(tmp_path):
    body = (
        "let s = 0;\nfor await (const [h, n] of stream.any()) { s += n; await emit('running', h + s); }\n"
        "await output('total', s);"
    )
    doc = write(tmp_path, body, outputs=("running", "total"), inputs=("a", "b"))
    code, out, _ = cordon("node", "run", doc, "--input-streams", '{"b": [1, 2], "a": [10, 20]}', "--json", cwd=tmp_path)
    assert code == 0, out
    assert [e["value"] for e in out["emitted"]] == ["a10", "b11", "a31", "b33"]
    assert out["outputs"] == {"total": 33}


@pytest.mark.parametrize(
    ("body", "rule", "says"),
    [
        ("await output('out', 1);\nawait output('out', 2);", "output-twice", "output('out') was already called"),
        (
            "await emit('out', 1);\nawait emit('outt', 1);",
            "undeclared-handle",
            "'outt' is not a declared output handle",
        ),
    ],
)
def test_contract_refusals_exit_1_naming_the_rule_and_line(tmp_path, body, rule, says):
    code, out, _ = cordon("node", "run", write(tmp_path, body), "--json", cwd=tmp_path)
    assert code == 1 and not out["ok"]
    assert out["error"]["rule"] == rule and says in out["error"]["message"]
    assert out["error"]["line"] == 2


def test_a_throwing_body_keeps_emitted_and_drops_finals(tmp_path):
    doc = write(
        tmp_path,
        "await emit('e', 'text');\nawait emit('e', new Uint8Array([1, 2]));\n"
        "await output('f', 1);\nthrow new TypeError('late');",
        outputs=("e", "f"),
    )
    code, out, _ = cordon("node", "run", doc, "--json", cwd=tmp_path)
    assert code == 1 and out["error"]["name"] == "TypeError" and out["error"]["line"] == 4
    assert out["emitted"] == [{"handle": "e", "value": "text"}, {"handle": "e", "value": {"$bytes": "AQI="}}]
    assert out["outputs"] == {}


def test_legacy_body_warns_in_the_result_and_on_stderr(tmp_path):
    doc = write(tmp_path, "({ doubled: inputs.x * 2 })", inputs=("x",))
    code, out, _ = cordon("node", "run", doc, "--inputs", '{"x": 21}', "--json", cwd=tmp_path)
    assert code == 0 and out["outputs"] == {"doubled": 42}
    assert any("deprecated" in w for w in out["warnings"])
    code, _, err = cordon("node", "run", doc, "--inputs", '{"x": 1}', cwd=tmp_path)
    assert code == 0 and "deprecated" in err


@pytest.mark.parametrize(
    ("doc", "args", "says"),
    [
        ({"schemaVersion": 1, "body": "", "colour": 1}, (), "unknown field 'colour'"),
        ({"schemaVersion": 9, "body": ""}, (), "schemaVersion 9 was written by a newer Cordon"),
        (
            {"schemaVersion": 1, "body": "", "inputs": [{"name": "a"}]},
            ("--inputs", '{"b": 1}'),
            "input 'b' is not declared by this node (declared: 'a')",
        ),
        (
            {"schemaVersion": 1, "body": "", "inputs": [{"name": "a"}]},
            ("--input-streams", '{"a": 1}'),
            "input stream 'a' must be a list of items",
        ),
    ],
)
def test_usage_errors_exit_2_naming_the_problem(tmp_path, capsys, doc, args, says):
    (tmp_path / "bad.node.json").write_text(json.dumps(doc))
    code, out = cordon_here(capsys, "node", "run", str(tmp_path / "bad.node.json"), *args)
    assert code == 2 and says in out["error"]["message"]


def test_inputs_of_a_connected_stream_in_a_streaming_body_fail_the_node(tmp_path):
    doc = write(tmp_path, "for await (const v of stream('a')) {}\nawait output('out', inputs.a);", inputs=("a",))
    code, out, _ = cordon("node", "run", doc, "--input-streams", '{"a": [1]}', "--json", cwd=tmp_path)
    assert code == 1 and out["error"]["rule"] == "stream-input-read"
    assert 'stream("a")' in out["error"]["message"]
