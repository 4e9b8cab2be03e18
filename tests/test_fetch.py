"""fetch() from guest code, on the real engine, against real HTTP servers on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import socket
import threading

import pytest

from core import CancelHandle, HostServices, RunHooks, RunServices, SandboxRefusal, resolve_limits, run_in_sandbox
from core.bridges.base import RunScope, WallClock
from core.bridges.fetch_http import _CALLS, guarded_fetch
from core.bridges.netguard import TREAT_AS_PUBLIC
from tests.conftest import ok
from tests.http_server import RecordingServer

PRIVATE = {"allowPrivateNetwork": True}
#: Every spelling of a non-public address the guard must refuse (the port is appended).
ADDRESS_FORMS = [
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0x7f000001",
    "017700000001",
    "0",
    "0.0.0.0",
    "127.0.0.1.",
    "localhost",
    "[::1]",
    "[::]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[64:ff9b::7f00:1]",
    "[64:ff9b:1::7f00:1]",
    "[2002:7f00:1::]",
    "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
    "[::7f00:1]",
    "169.254.169.254",
    "[::ffff:a9fe:a9fe]",
    "[64:ff9b::a9fe:a9fe]",
    "10.0.0.1",
    "172.16.0.1",
    "192.168.0.1",
    "100.64.0.1",
    "224.0.0.1",
    "198.18.0.1",
    "192.0.2.1",
    "[fd00::1]",
    "[fe80::1]",
    "[ff02::1]",
]
#: The forms above that really reach the test server when the guard is lifted.
LOOPBACK_FORMS = [
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0x7f000001",
    "017700000001",
    "0",
    "0.0.0.0",
    "127.0.0.1.",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
]


@pytest.fixture
def server():
    with RecordingServer() as s:
        yield s


def seam(public: RecordingServer | None = None, **names: str) -> HostServices:
    """Host services for a test: names resolve through the seam; `public`'s address counts as public."""
    services = HostServices(resolve_host=lambda host, port: [names.get(host, "127.0.0.1")])
    return services.provide(TREAT_AS_PUBLIC, {("127.0.0.1", public.port)}) if public is not None else services


def settle_all(urls: list[str], options: str = "{}") -> str:
    """Guest code fetching every URL at once, returning [{ok, status | rule, message}]."""
    return (
        f"const urls = {json.dumps(urls)};"
        f"const got = await Promise.allSettled(urls.map((u) => fetch(u, {options})));"
        "return got.map((g) => g.status === 'fulfilled' ? {ok: true, status: g.value.status}"
        "                                   : {ok: false, rule: g.reason.rule, message: g.reason.message});"
    )


def test_every_private_address_form_is_refused_and_the_server_sees_nothing(run, server):
    urls = [f"http://{form}:{server.port}/json" for form in ADDRESS_FORMS]
    outcomes = ok(run(settle_all(urls), limits={"fetchMaxCalls": 100}))
    for form, outcome in zip(ADDRESS_FORMS, outcomes, strict=True):
        assert outcome["ok"] is False, form
        assert outcome["rule"] == "ssrf-private-address", (form, outcome)
        assert form.strip("[]").rstrip(".") in outcome["message"]
    assert server.count == 0


def test_with_allow_private_network_the_same_spellings_reach_the_server(run, server):
    urls = [f"http://{form}:{server.port}/json" for form in LOOPBACK_FORMS]
    outcomes = ok(run(settle_all(urls), limits={**PRIVATE, "fetchMaxCalls": 100}))
    assert outcomes == [{"ok": True, "status": 200}] * len(LOOPBACK_FORMS)
    assert server.count == len(LOOPBACK_FORMS)


def test_a_response_round_trips_status_headers_json_and_bytes(run, server):
    value = ok(
        run(
            f"""
        const r = await fetch({json.dumps(server.url("/json"))});
        const b = await fetch({json.dumps(server.url("/bytes?n=300"))});
        const bytes = await b.bytes();
        return {{ok: r.ok, status: r.status, statusText: r.statusText, url: r.url, redirected: r.redirected,
                 truncated: r.truncated, xtest: r.headers["x-test"], ctype: r.headers.get("Content-Type"),
                 has: r.headers.has("X-TEST"), json: r.json, body: r.body, text: await r.text(),
                 headerKeys: Object.keys(r.headers).includes("get"),
                 isU8: bytes instanceof Uint8Array, bytes: Array.from(bytes).slice(250, 260), n: bytes.length,
                 ab: (await b.arrayBuffer()).byteLength, binJson: b.json}};""",
            limits=PRIVATE,
        )
    )
    assert value["ok"] is True and value["status"] == 200 and value["statusText"] == "OK"
    assert value["url"] == server.url("/json") and value["redirected"] is False and value["truncated"] is False
    assert value["xtest"] == "yes" and value["ctype"] == "application/json" and value["has"] is True
    assert value["json"] == {"hello": "world", "n": 42} and json.loads(value["body"]) == value["json"]
    assert value["text"] == value["body"] and value["headerKeys"] is False
    assert value["isU8"] is True and value["n"] == 300 and value["ab"] == 300
    assert value["bytes"] == [250, 251, 252, 253, 254, 255, 0, 1, 2, 3]
    assert "binJson" not in value  # undefined: not JSON


def test_request_bodies_uint8array_raw_string_and_object_as_json(run, server):
    value = ok(
        run(
            f"""
        const raw = new Uint8Array(256).map((_, i) => i);
        const a = await fetch({json.dumps(server.url("/echo"))}, {{method: "POST", body: raw}});
        const back = await a.bytes();
        const b = await fetch({json.dumps(server.url("/echo"))}, {{method: "put", body: "héllo"}});
        const c = await fetch({json.dumps(server.url("/echo"))}, {{method: "PATCH", body: {{x: [1, 2]}},
                                                                  headers: [["X-Extra", "1"]]}});
        const d = await fetch({json.dumps(server.url("/echo"))}, {{method: "POST", body: raw.subarray(10, 12).buffer}});
        return {{same: back.length === 256 && back.every((v, i) => v === i), method: a.headers["x-method"],
                 b: b.body, bMethod: b.headers["x-method"], c: c.json, cType: c.headers["content-type"]}};""",
            limits=PRIVATE,
        )
    )
    assert value == {
        "same": True,
        "method": "POST",
        "b": "héllo",
        "bMethod": "PUT",
        "c": {"x": [1, 2]},
        "cType": "application/json",
    }
    raw, text, obj, buffer = server.requests
    assert raw.body == bytes(range(256)) and "content-type" not in raw.headers
    assert text.body == "héllo".encode() and text.headers["content-type"] == "text/plain;charset=UTF-8"
    assert obj.headers["x-extra"] == "1" and json.loads(obj.body) == {"x": [1, 2]}
    assert buffer.body == bytes(range(256))  # the whole ArrayBuffer behind the view, as the guest passed it


def test_guest_options_cannot_lift_the_guard(run, server):
    options = (
        "{allowPrivateNetwork: true, limits: {allowPrivateNetwork: true}, mode: 'no-cors', "
        f"services: {{extra: {{'netguard.treat_as_public': [['127.0.0.1', {server.port}]]}}}}}}"
    )
    outcomes = ok(run(settle_all([server.url()], options)))
    assert outcomes[0]["rule"] == "ssrf-private-address" and server.count == 0


def test_a_public_looking_name_that_resolves_private_is_refused(run, server):
    result = run(f"return await fetch('http://api.example.test:{server.port}/json')", services=RunServices(host=seam()))
    assert result.error.rule == "ssrf-private-address"
    assert "api.example.test resolves to 127.0.0.1" in result.error.message and server.count == 0


def test_a_redirect_from_an_allowed_origin_to_a_private_address_is_refused_at_the_hop(run):
    with RecordingServer() as origin, RecordingServer() as internal:
        hops = [
            internal.url("/json"),
            internal.url("/json", host="2130706433"),
            f"http://[::ffff:127.0.0.1]:{internal.port}/json",
            "http://169.254.169.254/latest/meta-data/",
            f"http://metadata.example.test:{internal.port}/json",
            "file:///etc/passwd",
        ]
        urls = [f"http://api.example.test:{origin.port}/redirect?to={h}" for h in hops]
        outcomes = ok(run(settle_all(urls), services=RunServices(host=seam(public=origin))))
        assert [o.get("rule") for o in outcomes] == ["ssrf-private-address"] * 5 + ["ssrf-scheme"]
        assert "127.0.0.1" in outcomes[0]["message"] and str(internal.port) in outcomes[0]["message"]
        assert origin.count == len(hops) and internal.count == 0
        # The allowed origin itself still works, through a followed same-origin redirect.
        value = ok(
            run(
                f"const r = await fetch('http://api.example.test:{origin.port}/redirect?to=/json');"
                "return [r.status, r.redirected, r.url, r.json.n]",
                services=RunServices(host=seam(public=origin)),
            )
        )
        assert value == [200, True, f"http://api.example.test:{origin.port}/json", 42]


def test_cross_origin_redirects_drop_credentials_same_origin_keeps_them(run, server):
    headers = "{headers: {Authorization: 'Bearer s3cret', Cookie: 'sid=1', 'X-Keep': 'yes'}}"
    value = ok(
        run(
            f"""
        const cross = await fetch('http://a.test:{server.port}/redirect?to=http://b.test:{server.port}/headers', {headers});
        const same = await fetch('http://a.test:{server.port}/redirect?to=/headers', {headers});
        return [cross.json, same.json];""",
            limits=PRIVATE,
            services=RunServices(host=seam()),
        )
    )
    cross, same = value
    assert "authorization" not in cross and "cookie" not in cross and "x-keep" not in cross  # only the safe list
    assert same["authorization"] == "Bearer s3cret" and same["cookie"] == "sid=1"


def test_redirect_method_rewriting(run, server):
    value = ok(
        run(
            f"""
        const see = await fetch({json.dumps(server.url("/redirect?status=303&to=/echo"))}, {{method: "POST", body: "x"}});
        const keep = await fetch({json.dumps(server.url("/redirect?status=307&to=/echo"))}, {{method: "POST", body: "kept"}});
        return [see.headers["x-method"], see.body, keep.headers["x-method"], keep.body];""",
            limits=PRIVATE,
        )
    )
    assert value == ["GET", "", "POST", "kept"]
    assert "content-type" not in server.requests[1].headers


def test_redirect_modes_and_the_hop_limit(run, server):
    value = ok(
        run(
            f"""
        const manual = await fetch({json.dumps(server.url("/redirect?to=/json"))}, {{redirect: "manual"}});
        const errored = await fetch({json.dumps(server.url("/redirect?to=/json"))}, {{redirect: "error"}}).catch((e) => e.rule);
        const looped = await fetch({json.dumps(server.url("/loop"))}).catch((e) => e.message);
        return [manual.status, manual.ok, manual.redirected, manual.headers.location, errored, looped];""",
            limits=PRIVATE,
        )
    )
    assert value[:5] == [302, False, False, "/json", "fetch-redirect"]
    assert "fetchMaxRedirects" in value[5] and "(rule: fetch-max-redirects)" in value[5]
    assert server.count == 1 + 1 + 6  # manual, error, then the original request and five followed hops
    no_hops = run(
        f"return await fetch({json.dumps(server.url('/redirect?to=/json'))})",
        limits={**PRIVATE, "fetchMaxRedirects": 0},
    )
    assert no_hops.error.rule == "fetch-max-redirects"


def test_the_body_cap_truncates_says_so_and_warns(run, server):
    result = run(
        f"""const r = await fetch({json.dumps(server.url("/bytes?n=5000"))});
                     return [r.truncated, (await r.bytes()).length, r.json === undefined];""",
        limits={**PRIVATE, "fetchMaxBodyBytes": 1000},
    )
    assert ok(result) == [True, 1000, True]
    assert any("truncated at 1000 bytes" in w and "fetchMaxBodyBytes" in w for w in result.warnings)
    exact = run(
        f"const r = await fetch({json.dumps(server.url('/bytes?n=1000'))}); return r.truncated",
        limits={**PRIVATE, "fetchMaxBodyBytes": 1000},
    )
    assert ok(exact) is False and exact.warnings == []


def test_the_body_cap_stops_reading_a_long_stream(run, server):
    total = 256 * 1024 * 1024
    value = ok(
        run(
            f"const r = await fetch({json.dumps(server.url(f'/stream?n={total}'))});"
            "return [r.truncated, r.body.length]",
            limits={**PRIVATE, "fetchMaxBodyBytes": 1000},
        )
    )
    assert value == [True, 1000]
    assert server.client_gone.wait(30), "the server kept sending: the client read on past the cap"
    assert server.sent < total


def test_a_gzip_bomb_stops_at_the_cap(run, server):
    value = ok(
        run(
            f"const r = await fetch({json.dumps(server.url('/gzip-bomb?n=20000000'))});"
            "const b = await r.bytes(); return [r.truncated, b.length, b.every((x) => x === 0)]",
            limits={**PRIVATE, "fetchMaxBodyBytes": 100_000},
        )
    )
    assert value == [True, 100_000, True]


def test_the_call_cap_counts_promise_all_and_parallel_map_like_serial_calls(run, server):
    outcomes = ok(run(settle_all([server.url()] * 5), limits={**PRIVATE, "fetchMaxCalls": 3}))
    assert [o["ok"] for o in outcomes] == [True, True, True, False, False]
    assert {o.get("rule") for o in outcomes[3:]} == {"fetch-max-calls"}
    assert "fetchMaxCalls" in outcomes[3]["message"] and server.count == 3
    mapped = ok(
        run(
            f"await fetch({json.dumps(server.url())});"
            f"return await parallelMap([1, 2, 3, 4], () => fetch({json.dumps(server.url())})"
            ".then((r) => r.status, (e) => e.rule), 4)",
            limits={**PRIVATE, "fetchMaxCalls": 3},
        )
    )
    assert mapped == [200, 200, "fetch-max-calls", "fetch-max-calls"] and server.count == 3 + 3


def test_the_call_cap_of_zero_refuses_every_call(run, server):
    assert (
        run(f"return await fetch({json.dumps(server.url())})", limits={**PRIVATE, "fetchMaxCalls": 0}).error.rule
        == "fetch-max-calls"
    )
    assert server.count == 0


def test_the_timeout_aborts_the_request_and_the_next_run_works(run, server):
    result = run(f"return await fetch({json.dumps(server.url('/slow'))})", limits={**PRIVATE, "fetchTimeoutMs": 300})
    assert result.error.rule == "fetch-timeout" and "fetchTimeoutMs" in result.error.message
    assert result.error.name == "TimeoutError"
    assert server.client_gone.wait(30)
    assert ok(run(f"return (await fetch({json.dumps(server.url())})).status", limits=PRIVATE)) == 200


def test_cancelling_the_run_aborts_the_request_in_flight(server):
    cancel = CancelHandle()
    results = []
    worker = threading.Thread(
        target=lambda: results.append(
            run_in_sandbox(
                f"return await fetch({json.dumps(server.url('/slow'))})", limits=PRIVATE, hooks=RunHooks(cancel=cancel)
            )
        )
    )
    worker.start()
    assert server.slow_received.wait(30)
    cancel.cancel()
    worker.join(30)
    assert results and results[0].error.rule == "cancelled"
    assert server.client_gone.wait(30), "the request stayed open after the run was cancelled"


def test_bad_options_are_refused_by_rule_before_anything_is_sent(run, server):
    url = json.dumps(server.url("/echo"))
    value = ok(
        run(
            f"""
        const tries = [
          {{body: "x"}}, {{method: "HEAD", body: "x"}}, {{method: "TRACE"}}, {{method: "GE T"}},
          {{redirect: "sometimes"}}, {{headers: {{Host: "internal"}}}}, {{headers: {{"Content-Length": "1"}}}},
          {{headers: {{"Transfer-Encoding": "chunked"}}}}, {{headers: {{"X-A": "1\\r\\nX-Injected: 1"}}}},
          {{headers: {{"bad name": "1"}}}}, {{headers: {{"Proxy-Authorization": "x"}}}},
        ];
        const out = [];
        for (const o of tries) out.push(await fetch({url}, o).then(() => "sent", (e) => e.rule));
        out.push(await fetch({url}, {{body: () => 1}}).catch((e) => e.name));
        return out;""",
            limits={**PRIVATE, "fetchMaxCalls": 100},
        )
    )
    assert value == ["fetch-bad-option"] * 5 + ["fetch-forbidden-header"] * 3 + ["fetch-bad-option"] * 2 + [
        "fetch-forbidden-header",
        "TypeError",
    ]
    assert server.count == 0


def test_status_errors_are_responses_not_exceptions_and_charsets_are_honoured(run, server):
    value = ok(
        run(
            f"""
        const missing = await fetch({json.dumps(server.url("/status?code=404"))});
        const head = await fetch({json.dumps(server.url("/json"))}, {{method: "HEAD"}});
        const latin = await fetch({json.dumps(server.url("/latin1"))});
        return [missing.ok, missing.status, missing.statusText, head.status, head.body, head.json === undefined,
                latin.body];""",
            limits=PRIVATE,
        )
    )
    assert value == [False, 404, "Not Found", 200, "", True, "café"]


def test_network_failures_are_named(run):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    result = run(f"return await fetch('http://127.0.0.1:{closed_port}/')", limits=PRIVATE)
    assert result.error.rule == "fetch-failed" and result.error.name == "TypeError"
    dns = run(
        "return await fetch('http://nowhere.example.test/')",
        services=RunServices(host=HostServices(resolve_host=lambda host, port: [])),
    )
    assert dns.error.rule == "fetch-dns"


def test_invalid_and_relative_urls_are_refused_by_rule(run, server):
    value = ok(
        run("""
        const out = [];
        for (const u of ["http://１２７.0.0.1/", "/relative", "not a url", "http://[::1/", "https://"])
          out.push(await fetch(u).then(() => "sent", (e) => e.rule));
        return out;""")
    )
    assert value == ["fetch-bad-url", "ssrf-scheme", "ssrf-scheme", "fetch-bad-url", "fetch-bad-url"]


def test_a_response_returned_whole_serialises_cleanly(run, server):
    value = ok(run(f"return await fetch({json.dumps(server.url())})", limits=PRIVATE))
    assert value["status"] == 200 and value["json"] == {"hello": "world", "n": 42}
    assert set(value["headers"]) >= {"content-type", "x-test"} and "get" not in value["headers"]


def test_host_code_reuses_the_guarded_fetch_without_spending_guest_calls(server):
    def scope(**limits) -> RunScope:
        return RunScope(
            limits=resolve_limits(limits), cancel=CancelHandle(), clock=WallClock(None), services=HostServices()
        )

    with pytest.raises(SandboxRefusal) as info:
        asyncio.run(guarded_fetch(scope(), server.url()))
    assert info.value.rule == "ssrf-private-address" and server.count == 0
    allowed = scope(allowPrivateNetwork=True, fetchMaxCalls=0)
    result = asyncio.run(guarded_fetch(allowed, server.url("/bytes?n=100"), max_bytes=10))
    assert result.content == bytes(range(10)) and result.truncated
    assert _CALLS.of(allowed).used == 0  # fetchMaxCalls counts the guest's calls only
    assert allowed.warnings and "truncated at 10 bytes" in allowed.warnings[0]
