"""Host work a guest can make expensive stays bounded: capped inputs, named encodings, flat memory.

Real engine, real Babel, a real HTTP server on 127.0.0.1. The time bounds are the runs' own
deadlines, set generously (they prove the host did not grind for minutes, not how fast it is):
the old slow paths meet them as a `timeout` instead of the result or the rule asserted.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import threading
import time

import psutil
from babel import localedata

from core import CancelHandle, RunHooks, RunServices, Surface, run_in_sandbox
from core.bridges.base import _HOST_WORKERS, Op, _pool, in_worker_thread
from tests.conftest import WAIT_S, ok, until
from tests.http_server import RecordingServer

PRIVATE = {"allowPrivateNetwork": True}


def healthy() -> None:
    assert ok(run_in_sandbox("return await format.list(['a', 'b'])")) == "a and b"


def test_a_huge_format_list_is_refused_promptly_and_the_next_run_is_healthy():
    # refused before any formatting: were the 20,000 items formatted, the run would meet its deadline
    result = run_in_sandbox(
        "return await format.list(Array.from({length: 20000}, (_, i) => 'item' + i))", limits={"timeoutMs": 10_000}
    )
    assert not result.ok and result.error.rule == "format-too-large" and result.error.name == "RangeError"
    assert "10000" in result.error.message
    healthy()


def test_format_list_at_the_cap_is_linear_not_quadratic():
    """10,000 items of 400 characters: Babel's nested patterns copy the growing 4 MB text per item (40 GB
    of copying, minutes); joined in one pass it is milliseconds. The run's deadline is the bound."""
    result = run_in_sandbox(
        "const s = await format.list(Array.from({length: 10000}, () => 'x'.repeat(400)));"
        "return [s.length, s.slice(-409)]",
        limits={"timeoutMs": 20_000},
    )
    assert ok(result) == [400 * 10000 + len(", ") * 9998 + len(", and "), "xxx, and " + "x" * 400]
    healthy()


def test_maximum_fraction_digits_past_100_is_a_range_error_naming_the_option():
    result = run_in_sandbox("return await format.number(1.5, {maximumFractionDigits: 1e8})")
    assert not result.ok and result.error.name == "RangeError" and result.error.rule == "format-bad-option"
    assert "maximumFractionDigits must be a number from 0 to 100" in result.error.message
    assert ok(run_in_sandbox("return await format.number(1.5, {maximumFractionDigits: 100})")) == "1.5"


def test_a_custom_pattern_cannot_pass_as_a_date_style():
    """dateStyle is one of four names: an arbitrary string was parsed and cached as a Babel pattern."""
    result = run_in_sandbox("return await format.date(new Date(0), {dateStyle: 'y'.repeat(100000)})")
    assert not result.ok and result.error.rule == "format-bad-option"


def test_media_text_refuses_an_encoding_outside_the_whatwg_standard():
    data = base64.b64encode(b"a" * 4096).decode()
    for name in ("punycode", "utf-7", "idna", "rot13", "hex"):
        result = run_in_sandbox(
            f'return await media.text({{type: "document", uri: "data:;base64,{data}"}}, {{encoding: "{name}"}})',
            limits={"timeoutMs": 10_000},
        )
        assert not result.ok and result.error.rule == "text-encoding" and result.error.name == "RangeError", name
    labels = ok(
        run_in_sandbox(f"""
        const ref = {{type: "document", uri: "data:;base64,{base64.b64encode("café".encode("cp1252")).decode()}"}};
        return [await media.text(ref, {{encoding: "latin1"}}), await media.text(ref, {{encoding: "windows-1252"}}),
                await media.text(ref, {{encoding: " ISO-8859-1 "}})];""")
    )
    assert labels == ["café"] * 3


def test_media_text_decodes_an_unknown_charset_as_utf8():
    data = base64.b64encode("héllo".encode()).decode()
    assert (
        ok(
            run_in_sandbox(
                f'return await media.text({{type: "document", uri: "data:text/plain;charset=punycode;base64,{data}"}})'
            )
        )
        == "héllo"
    )


def test_fetch_decodes_only_whatwg_charsets_else_utf8():
    """charset=punycode took 20 s for a few MB on the run's loop; now it is not a charset at all."""
    body = "héllo wörld " * 20000
    with RecordingServer() as server:
        url = json.dumps(server.url("/echo"))
        value = ok(
            run_in_sandbox(
                f"""
            const body = {json.dumps(body)}, out = [];
            for (const charset of ["punycode", "hex", "idna", "utf-7", "shift_jis", "utf-16le"]) {{
              const r = await fetch({url}, {{method: "POST", body,
                                             headers: {{"content-type": "text/plain; charset=" + charset}}}});
              out.push(r.body === body ? "utf-8" : r.body.slice(0, 12));
            }}
            return out;""",
                limits={**PRIVATE, "fetchMaxBodyBytes": 1 << 20, "timeoutMs": 20_000},  # punycode took 20 s per MB
            )
        )
    assert value[:4] == ["utf-8"] * 4  # not a WHATWG encoding: UTF-8, as browsers do
    assert value[4:] == [body.encode()[:24].decode("cp932")[:12], body.encode()[:24].decode("utf-16-le")]


def test_host_memory_stays_flat_over_1000_mixed_runs():
    """Every run formats in a locale no earlier run used: Babel kept each one (~0.2 MB) for good."""
    locales = sorted(localedata.locale_identifiers())
    process = psutil.Process()
    doc = base64.b64encode("naïve text".encode("cp1252")).decode()
    code = f"""
        const [n, locale] = inputs;
        switch (n % 5) {{
          case 0: return await format.number(n * 1.5, {{locale, maximumFractionDigits: 2}});
          case 1: return await format.date(new Date(n * 86400000), {{locale, dateStyle: "medium"}});
          case 2: return await format.list(["a", "b", String(n)], {{locale}});
          case 3: return await format.relativeTime(-n, "day", {{locale, style: "short"}});
          default: return [await media.text({{type: "document", uri: "data:;base64,{doc}"}}, {{encoding: "latin1"}}),
                           toHex(await crypto.digest("SHA-256", String(n))), crypto.getRandomValues(16)];
        }}
    """
    baseline = None
    for n in range(1000):
        if n == 300:  # after the hot prelude's image is baked and compiled in the background
            baseline = process.memory_info().rss
        result = run_in_sandbox(code, inputs=[n, locales[n % len(locales)].replace("_", "-")])
        assert result.ok or result.error.rule == "format-locale", result.error
    assert baseline is not None
    grown = (process.memory_info().rss - baseline) / 2**20
    assert grown < 40, f"host RSS grew {grown:.0f} MiB over 700 runs"
    assert len(localedata._cache) <= 33


def test_large_digests_are_hashed_off_the_loop_and_still_right():
    value = ok(
        run_in_sandbox("""
        const big = new Uint8Array(2 << 20).fill(7);
        return [await crypto.digest("SHA-256", big), await crypto.hmac("SHA-512", "key", big)];""")
    )
    assert value == [
        hashlib.sha256(b"\x07" * (2 << 20)).digest(),
        hmac.new(b"key", b"\x07" * (2 << 20), "sha512").digest(),
    ]


class _Spins:
    """What `spin.run` calls did: how many started, how many finished; `release` ends them all."""

    def __init__(self) -> None:
        self.started: list[int] = []
        self.finished: list[int] = []
        self.release = threading.Event()


def _spinning_surface(spins: _Spins) -> Surface:
    """`spin.run()`: pure-Python CPU work through base.in_worker_thread (holds no lock) until the test
    sets `spins.release` (or WAIT_S passes), so "the run ended while it spun" needs no clock."""

    def spin() -> int:
        spins.started.append(1)
        end, count = time.monotonic() + WAIT_S, 0
        while not spins.release.is_set() and time.monotonic() < end:
            count += 1
        spins.finished.append(1)
        return count

    async def run(scope):
        return await in_worker_thread(scope, spin)

    return Surface(
        "spin", {"spin.run": Op(run)}, 'C.define("spin", {run() { return C.call("spin.run"); }});', ("spin",)
    )


def _host_pool_drained() -> None:
    """Return once every host worker has left what it was doing: each of them waits at one barrier, which
    they can only all reach after the work queued before them was taken and ended."""
    barrier = threading.Barrier(_HOST_WORKERS)
    pool = _pool("host", _HOST_WORKERS)
    for waiting in [pool.submit(barrier.wait, WAIT_S) for _ in range(_HOST_WORKERS)]:
        waiting.result(WAIT_S)


def test_cpu_heavy_host_work_is_abandoned_at_the_deadline_and_queued_work_never_starts():
    spins = _Spins()
    surface = _spinning_surface(spins)
    healthy()
    result = run_in_sandbox(
        f"return await Promise.all(Array.from({{length: {2 * _HOST_WORKERS}}}, () => spin.run()))",
        limits={"timeoutMs": 300},
        services=RunServices(surfaces=(surface,)),
    )
    assert not spins.finished  # the run ended while every started call was still spinning
    assert not result.ok and result.error.rule == "timeout"
    spins.release.set()  # the running calls finish and are discarded; the queued ones see a stopped run
    _host_pool_drained()
    # At most one call per worker ever started (fewer on a loaded machine that reached the
    # deadline before every worker picked one up): the queued calls never ran.
    assert 1 <= len(spins.started) <= _HOST_WORKERS
    healthy()


def test_cancel_returns_while_host_work_still_runs():
    spins = _Spins()
    handle = CancelHandle()
    canceller = threading.Thread(target=lambda: (until(lambda: spins.started, "the spin to start"), handle.cancel()))
    canceller.start()
    result = run_in_sandbox(
        "return await spin.run()",
        hooks=RunHooks(cancel=handle),
        services=RunServices(surfaces=(_spinning_surface(spins),)),
    )
    assert not spins.finished  # returned while the host work still spun
    assert not result.ok and result.error.rule == "cancelled"
    spins.release.set()
    canceller.join(WAIT_S)
    healthy()
