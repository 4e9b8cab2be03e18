"""Values at the edge of the transport, on the real guest (the host's side).

A lone surrogate used to fail the whole run with `transport-malformed` (console) or a `HostError`
(result); a BigInt past Python's digit limit was `transport-malformed` once its digits rode the
sidecar; a thrown 20M-character string was printed whole under `--json`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from core import run_in_sandbox
from core.engine.results import TRUNCATED_SUFFIX

ROOT = Path(__file__).resolve().parents[1]
CORDON = [sys.executable, "-c", "import sys; from core.cli import main; sys.exit(main())"]


def test_a_lone_surrogate_in_the_console_and_the_result_reads_as_u_fffd():
    result = run_in_sandbox(
        "console.log('\\u{1F600}'.slice(0, 1), 'ok');"
        "return ['\\u{1F600}'.slice(1), 'a\\ud800b', '\\u{1F600}', {['\\udc00']: 1}, '\\\\ud800' + '\\ud800']"
    )
    assert result.ok, result.error
    assert result.logs == ["\ufffd ok"]
    assert result.result == ["\ufffd", "a\ufffdb", "\U0001f600", {"\ufffd": 1}, "\\ud800\ufffd"]


def test_a_lone_surrogate_in_a_string_carried_beside_the_json_reads_as_u_fffd():
    result = run_in_sandbox(
        "const big = 'x'.repeat(9000);console.log(big + '\\ud800');return [big + '\\udfff', big + '\\u{1F600}']"
    )
    assert result.ok, result.error
    assert result.logs == ["x" * 9000 + "\ufffd"]
    assert result.result == ["x" * 9000 + "\ufffd", "x" * 9000 + "\U0001f600"]


def test_the_cli_prints_a_lone_surrogate_and_exits_0(tmp_path):
    (tmp_path / "body.js").write_text("console.log('\\u{1F600}'.slice(0, 1)); return '\\u{1F600}'.slice(0, 1)")
    proc = subprocess.run(
        [*CORDON, "run", str(tmp_path / "body.js"), "--json"], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    obj = json.loads(proc.stdout)
    assert obj["result"] == "\ufffd" and obj["logs"] == ["\ufffd"]


def test_a_huge_bigint_is_transport_bigint():
    result = run_in_sandbox("return 7n ** 100000n")
    assert not result.ok
    assert result.error.rule == "transport-bigint", result.error


def test_a_thrown_message_and_name_are_capped_by_max_output_size():
    limits = {"maxOutputSize": 1000}
    thrown = run_in_sandbox("throw 'y'.repeat(300000)", limits=limits)
    assert not thrown.ok and thrown.truncated
    assert thrown.error.message == "y" * 1000 + TRUNCATED_SUFFIX
    named = run_in_sandbox("const e = new Error('short'); e.name = 'N'.repeat(5000); throw e", limits=limits)
    assert named.truncated and named.error.name == "N" * 1000 + TRUNCATED_SUFFIX
    assert named.error.message == "short"
    assert any("error truncated" in w for w in named.warnings)
    small = run_in_sandbox("throw new TypeError('fits')", limits=limits)
    assert not small.truncated and small.error.message == "fits"


def test_a_thrown_string_larger_than_what_reporting_can_copy_arrives_cut_not_lost():
    """200M characters: the guest reports at most 40 MiB of a field (guest/cordon_guest.c FIELD_MAX),
    so the host's cap has its characters; before, the copies failed and name and message were empty."""
    thrown = run_in_sandbox("throw 'z'.repeat(200_000_000)", limits={"memoryLimitBytes": 1024 * 1024 * 1024})
    assert not thrown.ok and thrown.truncated and thrown.error.rule is None
    assert thrown.error.name == "Error"
    assert thrown.error.message == "z" * 100 * 1024 + TRUNCATED_SUFFIX  # maxOutputSize's default
