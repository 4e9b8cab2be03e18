"""The standard guest surface and the bridge conventions, on the real engine."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import math
import threading
from datetime import UTC, datetime

import pytest

from core import CancelHandle, RunHooks, RunServices, SandboxRefusal, Surface
from core.bridges.base import Op
from tests.conftest import ok


# -- transport ---------------------------------------------------------------------------
def test_inputs_round_trip_with_markers(run):
    value = {
        "b": b"\x00\xffhi",
        "d": datetime(2024, 5, 6, 7, 8, 9, tzinfo=UTC),
        "nan": math.nan,
        "inf": math.inf,
        "ninf": -math.inf,
        "nested": [[{"deep": b"x"}]],
        "$cordon": "user key",
        "s": "ü€😀",
        "n": None,
        "big": 2**53,
    }
    result = ok(
        run(
            """
        const i = inputs;
        return { ...i, types: [i.b instanceof Uint8Array, i.d instanceof Date, Number.isNaN(i.nan),
                               i.nested[0][0].deep instanceof Uint8Array, i.b.length, i.d.getUTCFullYear()] };
    """,
            inputs=value,
        )
    )
    assert result["types"] == [True, True, True, True, 4, 2024]
    for key in ("b", "d", "inf", "ninf", "nested", "$cordon", "s", "n", "big"):
        assert result[key] == value[key], key
    assert math.isnan(result["nan"])


def test_result_special_values(run):
    result = ok(
        run("""
        return { u: undefined, arr: [1, undefined, 3], big: 10n ** 20n, map: new Map([["a", 1]]),
                 set: new Set([1, 2]), bad: new Date(NaN), f: () => 1, i16: new Int16Array([-1]),
                 ab: new Uint8Array([7]).buffer, fake: { "$cordon": "b", i: 0 } };
    """)
    )
    assert "u" not in result and "f" not in result
    assert result["arr"] == [1, None, 3]
    assert result["big"] == 10**20
    assert result["map"] == {"a": 1} and result["set"] == [1, 2]
    assert result["bad"] is None
    assert result["i16"] == b"\xff\xff" and result["ab"] == b"\x07"
    assert result["fake"] == {"$cordon": "b", "i": 0}  # data can never forge a marker


def test_undefined_result_is_none(run):
    assert run("return undefined").result is None
    assert run("const x = 1;").result is None


def test_cyclic_input_fails_by_name(run):
    cyclic: dict = {"a": []}
    cyclic["a"].append(cyclic)
    result = run("return 1", inputs=cyclic)
    assert not result.ok
    assert result.error.rule == "transport-cycle"
    assert "inputs.a[0]" in result.error.message and "globals" not in result.error.message


def test_unsupported_input_type_named(run):
    result = run("return 1", inputs={"x": object()})
    assert not result.ok and result.error.rule == "transport-type" and "inputs.x" in result.error.message


def test_cyclic_result_is_cycle_safe(run):
    assert ok(run("const a = { name: 'a' }; a.self = a; a.list = [a]; return a")) == {
        "name": "a",
        "self": "[Circular]",
        "list": ["[Circular]"],
    }


def test_result_depth_capped_at_32(run):
    result = ok(run("let root = {}; let o = root; for (let i = 0; i < 40; i++) { o.x = {}; o = o.x; } return root"))
    depth = 0
    node = result
    while isinstance(node, dict):
        node = node["x"]
        depth += 1
    assert node == "[MaxDepth]"
    assert depth == 32


def test_object_globals_sync_back_primitives_do_not(run):
    result = run(
        "state.count += 1; state.seen.push(label); label = 'changed'; return null",
        globals={"state": {"count": 1, "seen": []}, "label": "x"},
    )
    assert result.globals == {"state": {"count": 2, "seen": ["x"]}}


def test_inputs_do_not_count_against_output_size_or_sync_back(run):
    result = run("return inputs.b.length", inputs={"b": bytes(300_000)})
    assert result.result == 300_000
    assert result.globals == {}


@pytest.mark.parametrize("name", ["console", "fetch", "crypto", "JSON", "sleep", "progress", "eval"])
def test_reserved_globals_refused(run, name):
    result = run("return 1", globals={name: {}})
    assert not result.ok and result.error.rule == "reserved-global" and name in result.error.message


# -- console -----------------------------------------------------------------------------
def test_console_captures_and_streams(run):
    lines: list[str] = []
    result = run(
        "console.log('a', 1, {x: [1]}, undefined); console.warn('w'); console.error(new TypeError('t'));return 1",
        hooks=RunHooks(on_log=lines.append),
    )
    assert result.logs[:2] == ['a 1 {"x":[1]} undefined', "[warn] w"]
    assert result.logs[2].startswith("[error] TypeError: t")
    assert lines == result.logs


def test_console_caps_with_one_notice(run):
    result = run("for (let i = 0; i < 100; i++) console.log('line', i); return 1", limits={"maxConsoleLines": 10})
    assert len(result.logs) == 11
    assert result.logs[-1].startswith("… console output truncated") and "maxConsoleLines" in result.logs[-1]
    chars = run(
        "for (let i = 0; i < 100; i++) console.log('x'.repeat(100)); return 1", limits={"maxConsoleChars": 1000}
    )
    assert len(chars.logs) == 11 and "maxConsoleChars" in chars.logs[-1]


# -- progress ----------------------------------------------------------------------------
def test_progress_rate_limited_and_delivered(run):
    seen: list = []
    ok(
        run(
            "progress(10, 'start'); progress(20); await sleep(120); progress(150, 'done'); return 1",
            hooks=RunHooks(on_progress=lambda p, m: seen.append((p, m))),
        )
    )
    assert seen == [(10.0, "start"), (100.0, "done")]


def test_progress_capped_per_run(run):
    seen: list = []
    ok(
        run(
            "for (let i = 0; i < 10; i++) { progress(i); await sleep(2); } return 1",
            limits={"maxProgressReports": 3, "progressIntervalMs": 1},
            hooks=RunHooks(on_progress=lambda p, m: seen.append(p)),
        )
    )
    assert len(seen) == 3


# -- crypto ------------------------------------------------------------------------------
def test_crypto(run):
    result = ok(
        run("""
        const u = crypto.randomUUID();
        const r = crypto.getRandomValues(new Uint8Array(32));
        return { u, r, d1: await crypto.digest('SHA-1', 'abc'), d256: await crypto.digest('SHA-256', new Uint8Array([1, 2])),
                 d384: await crypto.digest('SHA-384', 'abc'), d512: await crypto.digest('SHA-512', 'abc'),
                 h: await crypto.hmac('SHA-256', 'key', 'msg') };
    """)
    )
    assert len(result["u"]) == 36 and result["u"][14] == "4"
    assert len(result["r"]) == 32
    assert result["d1"] == hashlib.sha1(b"abc").digest()
    assert result["d256"] == hashlib.sha256(b"\x01\x02").digest()
    assert result["d384"] == hashlib.sha384(b"abc").digest()
    assert result["d512"] == hashlib.sha512(b"abc").digest()
    assert result["h"] == hmac.new(b"key", b"msg", "sha256").digest()


def test_random_bytes_clamp_to_64_kb_per_call_as_the_reference(run):
    """The reference clamps instead of throwing: past 64 KB the rest of the array is left as it was."""
    assert ok(
        run("""
        const big = crypto.getRandomValues(new Uint8Array(65537));
        return [big.length, big[65536], big.subarray(0, 65536).some((b) => b !== 0),
                crypto.getRandomValues(100000).length];
    """)
    ) == [65537, 0, True, 65536]
    assert len(ok(run("return crypto.getRandomValues(new Uint8Array(65536))"))) == 65536


def test_get_random_values_takes_a_length_as_the_reference(run):
    assert ok(
        run("""
        const a = crypto.getRandomValues(16), b = crypto.getRandomValues(16);
        return [a instanceof Uint8Array, a.length, toHex(a) !== toHex(b), crypto.getRandomValues(0).length];
    """)
    ) == [True, 16, True, 0]
    for bad in ("-1", "NaN", "Infinity", "'16'"):
        result = run(f"return crypto.getRandomValues({bad})")
        assert not result.ok and result.error.name == "TypeError", bad


def test_unknown_digest_algorithm_is_a_real_error(run):
    assert ok(
        run("try { await crypto.digest('MD5', 'x'); } catch (e) { return [e instanceof Error, e.name, e.message]; }")
    ) == [
        True,
        "NotSupportedError",
        "unsupported algorithm 'MD5'; use one of SHA-1, SHA-256, SHA-384, SHA-512 (rule: crypto-algorithm)",
    ]


# -- format ------------------------------------------------------------------------------
def test_format(run):
    result = ok(
        run("""
        return [await format.number(1234567.891), await format.number(1234.5, { locale: 'de-DE' }),
                await format.number(0.25, { style: 'percent' }),
                await format.number(9.5, { style: 'currency', currency: 'EUR', locale: 'fr-FR' }),
                await format.date(new Date(Date.UTC(2024, 0, 2)), { dateStyle: 'long' }),
                await format.relativeTime(-3, 'day'), await format.list(['a', 'b', 'c']),
                await format.list(['a', 'b'], { type: 'disjunction' })];
    """)
    )
    assert result[0] == "1,234,567.891"
    assert result[1] == "1.234,5"
    assert result[2] == "25%"
    assert "9,50" in result[3] and "€" in result[3]
    assert result[4] == "January 2, 2024"
    assert result[5] == "3 days ago"
    assert result[6] == "a, b, and c"
    assert result[7] == "a or b"


def test_format_bad_locale_names_rule(run):
    result = run("return await format.number(1, { locale: 'xx-NOPE' })")
    assert not result.ok and result.error.rule == "format-locale"


# -- pure helpers ------------------------------------------------------------------------
def test_base64_hex(run):
    assert ok(
        run("""
        const b = new Uint8Array([0, 1, 254, 255, 10]);
        return [toBase64(b), toHex(b), Array.from(fromBase64(toBase64(b))), Array.from(fromHex('00ff')),
                toBase64('hé'), toBase64(new Uint8Array([1])), Array.from(fromBase64('_-8'))];
    """)
    ) == ["AAH+/wo=", "0001feff0a", [0, 1, 254, 255, 10], [0, 255], "aMOp", "AQ==", [255, 239]]


def test_parallel_map(run):
    assert ok(run("return await parallelMap([3, 1, 2], async (x) => { await sleep(x * 5); return x * 10; }, 2)")) == [
        30,
        10,
        20,
    ]
    result = run("return await parallelMap([1, 2, 3], async (x) => { if (x === 2) throw new Error('two'); return x; })")
    assert not result.ok and result.error.message == "two"


def test_parallel_map_caps_concurrency_at_32(run):
    assert (
        ok(
            run("""
        let active = 0, peak = 0;
        await parallelMap(Array.from({ length: 100 }, (_, i) => i), async () => {
            active++; peak = Math.max(peak, active); await sleep(1); active--;
        }, 1000);
        return peak;
    """)
        )
        == 32
    )


def test_sleep_rejects_bad_argument(run):
    assert not run("await sleep(-1)").ok
    assert not run("await sleep(NaN)").ok


def test_sleep_is_capped_at_5_s_per_call_with_one_warning(run):
    """sleep(60000) sleeps 5 s, as the reference: the 5.8 s deadline would fire if it slept longer."""
    result = run("await sleep(60000); return 'woke'", limits={"timeoutMs": 5_800})
    assert ok(result) == "woke"
    assert result.warnings == [
        "sleep(60000) was capped at 5000 ms: one sleep() lasts at most 5 s (call it again to wait longer)"
    ]


def test_timers_absent_message(run):
    result = run("setTimeout(() => 1, 10)")
    assert not result.ok and result.error.name == "ReferenceError" and "setTimeout" in result.error.message


def test_syntax_error_has_user_line(run):
    result = run("const a = 1;\nconst b = 2;\nlet = = 3;")
    assert result.error.name == "SyntaxError" and result.error.line == 3


def test_runtime_error_has_user_line_after_hoisted_imports(run):
    result = run("// comment\n\nnull.boom;")
    assert result.error.name == "TypeError" and result.error.line == 3


# -- bridge conventions, through a test surface --------------------------------------------
def _rendezvous_surface(log: list[str]) -> Surface:
    gate = asyncio.Event()

    async def first(scope):
        log.append("first started")
        await asyncio.wait_for(gate.wait(), 5)
        return "first"

    async def second(scope):
        log.append("second started")
        gate.set()
        return "second"

    async def failing(scope):
        raise RuntimeError("host exploded")

    async def refusing(scope):
        raise SandboxRefusal("not allowed here", rule="test-rule")

    def counted(scope):
        log.append("counted")
        return len(log)

    guest = """
      C.define("testOps", Object.freeze({
        first: () => C.call("t.first"), second: () => C.call("t.second"),
        failing: () => C.call("t.failing"), refusing: () => C.call("t.refusing"),
        counted: () => C.call("t.counted"),
      }));
    """
    return Surface(
        "test",
        {
            "t.first": Op(first),
            "t.second": Op(second),
            "t.failing": Op(failing),
            "t.refusing": Op(refusing),
            "t.counted": Op(counted),
        },
        guest,
        ("testOps",),
    )


def test_bridge_calls_start_when_invoked(run):
    log: list[str] = []
    # first() waits for second() to start: only possible if both run concurrently.
    result = run(
        "return await Promise.all([testOps.first(), testOps.second()])",
        services=RunServices(surfaces=(_rendezvous_surface(log),)),
    )
    assert ok(result) == ["first", "second"]
    assert log == ["first started", "second started"]


def test_bridge_failures_are_real_errors_never_rejections(run):
    result = ok(
        run(
            """
        const out = [];
        for (const f of [testOps.failing, testOps.refusing]) {
            try { await f(); } catch (e) { out.push([e instanceof Error, e.name, e.message, e.rule ?? null]); }
        }
        return out;
    """,
            services=RunServices(surfaces=(_rendezvous_surface([]),)),
        )
    )
    assert result[0] == [True, "Error", "t.failing failed on the host: host exploded (rule: host-error)", "host-error"]
    assert result[1] == [True, "SandboxError", "not allowed here (rule: test-rule)", "test-rule"]


def test_bridge_calls_after_cancel_fail_fast(run):
    log: list[str] = []
    handle = CancelHandle()
    threading.Timer(0.15, handle.cancel).start()
    result = run(
        """
        try { await sleep(10000); } catch (e) {}
        for (let i = 0; i < 5; i++) { try { await testOps.counted(); } catch (e) {} }
        while (true) {}
    """,
        hooks=RunHooks(cancel=handle),
        services=RunServices(surfaces=(_rendezvous_surface(log),)),
    )
    assert result.error.rule == "cancelled"
    assert log == []


def test_async_bridge_refusal_reports_the_callers_line(run):
    result = run("const a = 1;\nasync function f() {\n  return await crypto.digest('MD5', 'x');\n}\nawait f();")
    assert result.error.rule == "crypto-algorithm" and result.error.line == 3
