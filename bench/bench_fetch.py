"""What the SSRF guard costs per request, against plain httpx, on loopback.

    python bench/bench_fetch.py            # 300 requests per variant
    BENCH_SCALE=0.3 python bench/bench_fetch.py

Every variant talks to the same threaded HTTP/1.0 server on 127.0.0.1 (a new
connection per request for all of them, so the comparison isolates the guard):

  plain-reused   httpx.AsyncClient reused across requests (the fastest httpx can do here)
  plain-fresh    a new httpx.AsyncClient per request (builds an SSL context each time)
  plain-ctx      a new httpx.AsyncClient per request sharing one SSL context
  plain-transport a new httpx.AsyncHTTPTransport (shared SSL context) per request, driven like the
                 guard variants: the exact baseline the guard's overhead is measured against
  guard-literal  a new GuardedTransport per request, URL host 127.0.0.1 (vet, pin, connect)
  guard-name     the same, URL host a name answered by the resolver seam
  guarded_fetch  the host entry point: guard + redirect loop + capped, decoded body
  sandbox fetch  fetch() from guest code, per call (a run of 20 calls minus an empty run, / 20)

Variants are interleaved round-robin so machine noise spreads evenly. Numbers,
not assertions.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CORDON_HOME", tempfile.mkdtemp(prefix="cordon-bench-"))

import httpx

from core import HostServices, RunServices, run_in_sandbox
from core.bridges.base import RunScope, WallClock
from core.bridges.fetch_http import guarded_fetch
from core.bridges.netguard import (
    TREAT_AS_PUBLIC,
    Guard,
    GuardedTransport,
    GuardPolicy,
    address_refusal,
    default_ssl_context,
)
from core.cancel import CancelHandle
from core.limits import resolve_limits
from tests.http_server import RecordingServer

SCALE = float(os.environ.get("BENCH_SCALE", "1"))
N = max(20, int(300 * SCALE))


def ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    return f"median {statistics.median(ordered) * 1000:7.3f} ms   p90 {ordered[int(len(ordered) * 0.9)] * 1000:7.3f} ms"


async def network_variants(port: int) -> dict[str, list[float]]:
    literal = f"http://127.0.0.1:{port}/json"
    named = f"http://api.example.test:{port}/json"
    policy = GuardPolicy(treat_as_public=frozenset({("127.0.0.1", port)}))
    seam = lambda host, p: ["127.0.0.1"]  # noqa: E731
    scope = RunScope(
        limits=resolve_limits(),
        cancel=CancelHandle(),
        clock=WallClock(None),
        services=HostServices(resolve_host=seam, extra={TREAT_AS_PUBLIC: {("127.0.0.1", port)}}),
    )

    async with httpx.AsyncClient() as reused:

        async def plain_reused() -> None:
            (await reused.get(literal)).raise_for_status()

        async def plain_fresh() -> None:
            async with httpx.AsyncClient() as client:
                (await client.get(literal)).raise_for_status()

        async def plain_ctx() -> None:
            async with httpx.AsyncClient(verify=default_ssl_context()) as client:
                (await client.get(literal)).raise_for_status()

        async def plain_transport() -> None:
            await drive(httpx.AsyncHTTPTransport(verify=default_ssl_context()), literal)

        async def guarded(url: str, resolver: Callable | None) -> None:
            await drive(GuardedTransport(Guard(policy, resolver)), url)

        async def drive(transport: httpx.AsyncHTTPTransport, url: str) -> None:
            async with transport:
                response = await transport.handle_async_request(httpx.Request("GET", url))
                await response.aread()

        async def entry_point() -> None:
            await guarded_fetch(scope, named)

        variants: dict[str, Callable[[], Awaitable[None]]] = {
            "plain-reused": plain_reused,
            "plain-fresh": plain_fresh,
            "plain-ctx": plain_ctx,
            "plain-transport": plain_transport,
            "guard-literal": lambda: guarded(literal, None),
            "guard-name": lambda: guarded(named, seam),
            "guarded_fetch": entry_point,
        }
        samples: dict[str, list[float]] = {name: [] for name in variants}
        for fn in variants.values():  # warm up: imports, the SSL context, the server's thread pool
            await fn()
        for _ in range(N):
            for name, fn in variants.items():
                started = time.perf_counter()
                await fn()
                samples[name].append(time.perf_counter() - started)
        return samples


def vet_only() -> dict[str, list[float]]:
    guard = Guard(GuardPolicy())
    url = httpx.URL("http://93.184.215.14/x")
    addr = ipaddress.ip_address("2606:4700::1111")
    out: dict[str, list[float]] = {"vet a literal URL": [], "address_refusal (IPv6)": []}
    loop = asyncio.new_event_loop()
    try:
        for _ in range(N):
            started = time.perf_counter()
            loop.run_until_complete(guard.vet(url))
            out["vet a literal URL"].append(time.perf_counter() - started)
            started = time.perf_counter()
            address_refusal(addr)
            out["address_refusal (IPv6)"].append(time.perf_counter() - started)
    finally:
        loop.close()
    return out


def sandbox_per_call(server: RecordingServer, calls: int = 20) -> list[float]:
    body = f"for (let i = 0; i < {calls}; i++) (await fetch({server.url()!r})).status; return 1"
    services = HostServices().provide(TREAT_AS_PUBLIC, {("127.0.0.1", server.port)})
    per_call = []
    run_in_sandbox(body, services=RunServices(host=services))
    for _ in range(max(5, N // 20)):
        started = time.perf_counter()
        run_in_sandbox("return 1")
        empty = time.perf_counter() - started
        started = time.perf_counter()
        result = run_in_sandbox(body, services=RunServices(host=services))
        assert result.ok, result.error
        per_call.append((time.perf_counter() - started - empty) / calls)
    return per_call


def main() -> None:
    with RecordingServer() as server:
        samples = asyncio.run(network_variants(server.port))
        samples["sandbox fetch (per call)"] = sandbox_per_call(server)
    samples.update(vet_only())
    print(f"fetch guard overhead on loopback ({N} requests per variant, {os.cpu_count()} CPUs)")
    for name, values in samples.items():
        print(f"  {name:26s} {ms(values)}")
    base = statistics.median(samples["plain-transport"])
    for name in ("guard-literal", "guard-name", "guarded_fetch"):
        print(f"  overhead {name:17s} {(statistics.median(samples[name]) - base) * 1000:+7.3f} ms vs plain-transport")


if __name__ == "__main__":
    main()
