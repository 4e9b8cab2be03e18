"""Bad input never crashes the host or the CLI.

One regression test per finding: each input used to end in a Python traceback, a bare
`HostError`, `[object Object]` or the wrong error, and now ends in a clear error naming a
rule, with the CLI's exit status as documented (1 a failed run, 2 usage) and, with
`--json`, exactly one object on stdout. All on the real engine, real files, a real CLI.
"""

from __future__ import annotations

import json
import math

import pytest

from core import HostServices, RunServices, run_in_sandbox, transport
from core.cli import main
from core.errors import LimitsError
from core.limits import resolve_limits
from tests.conftest import ok
from tests.http_server import RecordingServer

#: A getter that answers twice: JSON.stringify reads it once, a replacer reading `this[key]`
#: again saw a different value. `make(n)` nests such getters n deep.
TWO_FACED = """
function make(n) {
  if (n === 0) return 1;
  let calls = 0;
  const o = {};
  Object.defineProperty(o, "x", { enumerable: true, get() { calls++; return calls % 2 ? make(n - 1) : "s"; } });
  return o;
}
"""


def cli(capsys, *argv: str) -> tuple[int, dict]:
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    assert out.count("\n") == 1, f"exactly one JSON object on stdout, got {out[:300]!r}"
    return code, json.loads(out)


def depth(v: object) -> int:
    if isinstance(v, dict):
        return 1 + max((depth(x) for x in v.values()), default=0)
    if isinstance(v, list):
        return 1 + max((depth(x) for x in v), default=0)
    return 0


# -- results the guest shapes -------------------------------------------------------------


def test_depth_cap_holds_whatever_getters_do(capsys, tmp_path):
    body = tmp_path / "deep.js"
    body.write_text(TWO_FACED + "return make(300);")
    code, obj = cli(capsys, "run", str(body))
    assert code == 0 and obj["ok"], obj["error"]
    assert depth(obj["result"]) <= transport.MAX_DEPTH
    assert "[MaxDepth]" in json.dumps(obj["result"])


def test_depth_cap_holds_for_bridge_arguments_too(tmp_path):
    result = run_in_sandbox(
        TWO_FACED
        + """
        try { await workspace.write("f.txt", make(300)); return "written"; }
        catch (e) { return e.message; }""",
        services=RunServices(host=HostServices(workspace=tmp_path)),
    )
    assert "transport-depth" in ok(result)


def test_a_getter_cannot_forge_a_transport_marker():
    result = run_in_sandbox("""
        let calls = 0;
        const o = { nan: NaN };
        Object.defineProperty(o, "x", { enumerable: true,
          get() { calls++; return calls === 1 ? { "$cordon": "b", i: 7 } : "plain"; } });
        return o;""")
    assert ok(result)["x"] == {"$cordon": "b", "i": 7}  # the user's data, escaped, not bytes


@pytest.mark.parametrize(
    ("text", "side", "rule"),
    [
        ('{"$cordon": "b", "i": 7}', [], "transport-malformed"),
        ('{"$cordon": "s", "i": 0}', [b"bytes, not text"], "transport-malformed"),
        ('{"$cordon": "i", "v": "12a"}', [], "transport-malformed"),
        ('{"$cordon": "n", "v": "1e999"}', [], "transport-malformed"),
        ('{"$cordon": "zz"}', [], "transport-malformed"),
        ('{"$cordon": "o", "v": [1]}', [], "transport-malformed"),
        ("[[[", [], "transport-malformed"),
        ('{"$cordon": "i", "v": "' + "9" * 5000 + '"}', [], "transport-bigint"),
        ('{"$cordon": "d", "v": "+275760-09-13T00:00:00.000Z"}', [], "transport-date"),
        ("[" * 300 + '{"$cordon": "u"}' + "]" * 300, [], "transport-depth"),
    ],
)
def test_the_host_trusts_no_marker(text, side, rule):
    with pytest.raises(transport.TransportError) as caught:
        transport.decode(text, 1, side)
    assert caught.value.rule == rule


def test_a_huge_integer_in_a_result_is_named(capsys, tmp_path):
    result = run_in_sandbox("return 10n ** 5000n")
    assert not result.ok and result.error.rule == "transport-bigint"
    body = tmp_path / "big.js"
    body.write_text("return [2n ** 64n, -(2n ** 60n), 5n]")
    code, obj = cli(capsys, "run", str(body))
    assert code == 0
    assert obj["result"] == [{"$bigint": str(2**64)}, {"$bigint": str(-(2**60))}, 5]


def test_a_bigint_tag_round_trips_through_inputs(capsys, tmp_path):
    body = tmp_path / "echo.js"
    body.write_text("return [typeof inputs.n, inputs.n + 1n]")
    code, obj = cli(capsys, "run", str(body), "--inputs", json.dumps({"n": {"$bigint": str(2**70)}}))
    assert code == 0 and obj["result"] == ["bigint", {"$bigint": str(2**70 + 1)}]


def test_a_host_integer_past_the_digit_limit_is_refused_not_raised():
    result = run_in_sandbox("return 1", inputs={"n": 10**5000})
    assert not result.ok and result.error.rule == "transport-bigint"


@pytest.mark.parametrize("ms", ["8.64e15", "-8.64e15"])
def test_a_date_outside_the_host_range_is_named(ms):
    result = run_in_sandbox(f"return new Date({ms})")
    assert not result.ok and result.error.rule == "transport-date"
    assert "1-9999" in result.error.message


def test_inputs_nested_past_the_host_depth_are_refused():
    deep: object = 1
    for _ in range(2000):
        deep = [deep]
    result = run_in_sandbox("return 1", inputs={"a": deep})
    assert not result.ok and result.error.rule == "transport-depth"


# -- payloads and messages --------------------------------------------------------------


def test_a_payload_bigger_than_guest_memory_is_a_memory_limit(capfd):
    result = run_in_sandbox("return inputs.a.length", inputs={"a": "x" * (40 << 20)})
    assert not result.ok
    assert (result.error.name, result.error.rule) == ("MemoryLimitError", "memory-limit")
    assert "memoryLimitBytes" in result.error.message
    assert capfd.readouterr().err == ""  # the guest's allocator no longer writes to our stderr


def test_a_bridge_reply_bigger_than_guest_memory_is_catchable(tmp_path, capfd):
    (tmp_path / "big.txt").write_bytes(b"a" * (40 << 20))
    result = run_in_sandbox(
        """
        try { await workspace.read("big.txt"); return "read"; } catch (e) { return [e.name, e.rule]; }""",
        limits={"hostTextInputBytes": 64 << 20},
        services=RunServices(host=HostServices(workspace=tmp_path)),
    )
    assert ok(result) == ["MemoryLimitError", "memory-limit"]
    assert capfd.readouterr().err == ""
    assert ok(run_in_sandbox("return 1 + 1")) == 2  # the next run is healthy


def test_a_refusal_over_8_kb_arrives_as_its_message(tmp_path):
    result = run_in_sandbox(
        """
        try { await workspace.read("a/".repeat(5000)); } catch (e) { return [typeof e.message, e.message]; }""",
        services=RunServices(host=HostServices(workspace=tmp_path)),
    )
    kind, message = ok(result)
    assert kind == "string" and len(message) > transport.BIG_STRING
    assert message.startswith("workspace.read:") and "[object Object]" not in message


# -- fetch names its failures -------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "rule"),
    [
        ('fetch(URL, {headers: {"x-a": "\\u2603"}})', "fetch-bad-option"),
        ('fetch(URL, {headers: {"x-a": "caf\\u00e9"}})', "fetch-bad-option"),
        ('fetch("http://xn--a.com/")', "fetch-bad-url"),
    ],
)
def test_fetch_failures_name_a_fetch_rule(call, rule):
    with RecordingServer() as server:
        result = run_in_sandbox(
            f"""const URL = {json.dumps(server.url())};
            try {{ await {call}; return "fetched"; }} catch (e) {{ return [e.rule, e.message]; }}""",
            limits={"allowPrivateNetwork": True},
        )
    got_rule, message = ok(result)
    assert got_rule == rule, message
    assert "codec" not in message and "host-error" not in message


# -- stopping ---------------------------------------------------------------------------


def test_an_interrupted_guest_is_a_timeout_not_a_deadlock():
    """Which stop lands first (the watchdog's or the binding's own CPU budget) is a race; when
    the binding's landed inside a promise job it reported a deadlock (~1 run in 15 before)."""
    names = set()
    for _ in range(25):
        names.add(run_in_sandbox("await null; for (;;) {}", limits={"timeoutMs": 30}).error.name)
        names.add(run_in_sandbox("let s = 0; for (;;) { s += Math.random(); }", limits={"timeoutMs": 30}).error.name)
    assert names == {"TimeoutError"}


# -- limits -----------------------------------------------------------------------------


@pytest.mark.parametrize("value", [0.5, 0.999, math.inf])
def test_a_limit_never_rounds_to_off(value):
    with pytest.raises(LimitsError):
        resolve_limits({"timeoutMs": value})


def test_a_limit_without_ceiling_stays_in_native_range():
    assert resolve_limits({"timeoutMs": 10**30}).timeoutMs <= 2**40
    assert ok(run_in_sandbox("return 1", limits={"timeoutMs": 10**30})) == 1


def test_the_cli_refuses_a_fractional_timeout(capsys, tmp_path):
    body = tmp_path / "spin.js"
    body.write_text("for (;;) {}")
    code, obj = cli(capsys, "run", str(body), "--limits", '{"timeoutMs": 0.5}')
    assert code == 2 and obj["error"]["rule"] == "invalid-limit"


# -- the command line -------------------------------------------------------------------


def test_inputs_nested_5000_deep_are_a_usage_error(capsys, tmp_path):
    body = tmp_path / "one.js"
    body.write_text("return 1")
    code, obj = cli(capsys, "run", str(body), "--inputs", '{"a": ' + "[" * 5000 + "]" * 5000 + "}")
    assert code == 2 and obj["error"]["rule"] == "usage-too-deep"


def test_a_source_that_is_not_utf8_is_a_usage_error(capsys, tmp_path):
    body = tmp_path / "latin1.js"
    body.write_bytes("return 'caf\u00e9'".encode("latin-1"))
    code, obj = cli(capsys, "run", str(body))
    assert code == 2 and obj["error"]["rule"] == "source-not-utf8"
    assert "offset" in obj["error"]["message"]
    assert main(["validate", str(body), "--json"]) == 2
    capsys.readouterr()


def test_a_file_name_too_long_is_a_usage_error(capsys, tmp_path):
    long_name = str(tmp_path / ("a" * 300 + ".js"))
    code, obj = cli(capsys, "run", long_name)
    assert code == 2 and "too long" in obj["error"]["message"]
    body = tmp_path / "one.js"
    body.write_text("return 1")
    code, obj = cli(capsys, "run", str(body), "--workspace", long_name)
    assert code == 2 and "too long" in obj["error"]["message"]


def test_packs_install_with_a_300_character_file_name(capsys, tmp_path):
    code, obj = cli(capsys, "packs", "install", str(tmp_path / ("a" * 300 + ".tgz")))
    assert code == 1 and obj["ok"] is False and obj["installed"] is False
    assert "too long" in obj["error"]["message"]
