"""The SSRF guard: which addresses a sandboxed request may reach, and a transport that keeps to them.

Why this is more than `ipaddress.ip_address(host).is_private`:

* a URL host is not an address. The resolver reads `127.1`, `2130706433`,
  `0x7f000001`, `017700000001` and `0` as loopback (inet_aton/WHATWG rules),
  so literals are parsed with those rules, and names are *resolved* and every
  answer is vetted (one private answer refuses the name: a mixed answer is how
  DNS rebinding picks its moment);
* Python's own flags are wrong for this purpose (3.11: `224.0.0.1`,
  `::7f00:1`, `64:ff9b::7f00:1` and `2002:7f00:1::` are all "global"), so the
  ranges are an explicit table, IPv6 must be global unicast (2000::/3), and
  addresses that embed an IPv4 one (mapped, NAT64, 6to4) are judged by the
  IPv4 address they carry; `is_global` is only the last belt;
* checking and connecting must see the same address. The guard resolves once
  and pins the vetted addresses; `GuardedTransport`'s network backend connects
  only to pinned addresses (never resolving again), while the URL keeps the
  name, so the Host header and TLS SNI/certificate checks use the name.

Everything here is host-side: the policy comes from host-set limits and host
services, never from guest arguments. Reusable by any host code that fetches a
URL on a guest's behalf (media `https:` refs): build a `Guard` with
`guard_for(scope)` and send through `GuardedTransport(guard)`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
import ssl
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

import httpcore
import httpx

from core.bridges.base import ServiceKey
from core.errors import SandboxRefusal

if TYPE_CHECKING:
    from core.bridges.base import RunScope

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
#: host -> IP strings; may block (it runs in a worker thread).
Resolver = Callable[[str, int], Iterable[str]]

RULE_PRIVATE = "ssrf-private-address"
RULE_SCHEME = "ssrf-scheme"
RULE_PORT = "ssrf-blocked-port"
RULE_UNVETTED = "ssrf-unvetted-connection"
RULE_BAD_URL = "fetch-bad-url"
RULE_CREDENTIALS = "fetch-url-credentials"
RULE_DNS = "fetch-dns"

#: A host service (host-only, tests): (ip, port) pairs the guard treats as public,
#: so a test can stand a local server in for "the internet" and still see every other
#: loopback address refused. Never derived from guest input.
TREAT_AS_PUBLIC: ServiceKey[Collection[tuple[str, int]]] = ServiceKey("netguard.treat_as_public")

SCHEMES = {"http": 80, "https": 443}

#: The Fetch standard's "bad ports" (as browsers and Node's fetch enforce them): plain
#: text protocols an HTTP request could be smuggled into. Refused whatever the address.
BAD_PORTS = frozenset(
    {
        1,
        7,
        9,
        11,
        13,
        15,
        17,
        19,
        20,
        21,
        22,
        23,
        25,
        37,
        42,
        43,
        53,
        69,
        77,
        79,
        87,
        95,
        101,
        102,
        103,
        104,
        109,
        110,
        111,
        113,
        115,
        117,
        119,
        123,
        135,
        137,
        139,
        143,
        161,
        179,
        389,
        427,
        465,
        512,
        513,
        514,
        515,
        526,
        530,
        531,
        532,
        540,
        548,
        554,
        556,
        563,
        587,
        601,
        636,
        989,
        990,
        993,
        995,
        1719,
        1720,
        1723,
        2049,
        3659,
        4045,
        4190,
        5060,
        5061,
        6000,
        6566,
        6665,
        6666,
        6667,
        6668,
        6669,
        6679,
        6697,
        10080,
    }
)

_V4 = ipaddress.IPv4Network
_V6 = ipaddress.IPv6Network

#: IPv4 ranges no sandboxed request may reach (IANA special-purpose registry + cloud metadata).
V4_BLOCKED: tuple[tuple[ipaddress.IPv4Network, str], ...] = (
    (_V4("0.0.0.0/8"), "'this network' (0.0.0.0/8; 0.0.0.0 reaches the local host)"),
    (_V4("10.0.0.0/8"), "private (10.0.0.0/8)"),
    (_V4("100.64.0.0/10"), "carrier-grade NAT shared space (100.64.0.0/10)"),
    (_V4("127.0.0.0/8"), "loopback (127.0.0.0/8)"),
    (_V4("169.254.0.0/16"), "link-local (169.254.0.0/16, where cloud metadata services live)"),
    (_V4("172.16.0.0/12"), "private (172.16.0.0/12)"),
    (_V4("192.0.0.0/24"), "IETF protocol assignments (192.0.0.0/24)"),
    (_V4("192.0.2.0/24"), "documentation (192.0.2.0/24)"),
    (_V4("192.88.99.0/24"), "6to4 relay anycast (192.88.99.0/24)"),
    (_V4("192.168.0.0/16"), "private (192.168.0.0/16)"),
    (_V4("198.18.0.0/15"), "benchmarking (198.18.0.0/15)"),
    (_V4("198.51.100.0/24"), "documentation (198.51.100.0/24)"),
    (_V4("203.0.113.0/24"), "documentation (203.0.113.0/24)"),
    (_V4("224.0.0.0/4"), "multicast (224.0.0.0/4)"),
    (_V4("240.0.0.0/4"), "reserved (240.0.0.0/4, incl. broadcast)"),
    (_V4("168.63.129.16/32"), "the Azure platform endpoint (168.63.129.16)"),
)

#: IPv6 ranges refused outright (checked before unwrapping embedded IPv4 addresses).
V6_BLOCKED: tuple[tuple[ipaddress.IPv6Network, str], ...] = (
    (_V6("::/128"), "unspecified (::)"),
    (_V6("::1/128"), "loopback (::1)"),
    (_V6("64:ff9b:1::/48"), "local-use NAT64 (64:ff9b:1::/48)"),
    (_V6("100::/64"), "discard-only (100::/64)"),
    (_V6("2001::/32"), "a Teredo tunnel (2001::/32)"),
    (_V6("2001:db8::/32"), "documentation (2001:db8::/32)"),
    (_V6("2001::/23"), "IETF protocol assignments (2001::/23)"),
    (_V6("3fff::/20"), "documentation (3fff::/20)"),
    (_V6("fc00::/7"), "unique-local / private (fc00::/7)"),
    (_V6("fe80::/10"), "link-local (fe80::/10)"),
    (_V6("fec0::/10"), "site-local (fec0::/10)"),
    (_V6("ff00::/8"), "multicast (ff00::/8)"),
)
_GLOBAL_UNICAST = _V6("2000::/3")
_NAT64 = _V6("64:ff9b::/96")

_LABEL = re.compile(r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?")


class NetworkRefusal(SandboxRefusal):
    """The guard refused a request; the message names the URL, the address and the range."""

    rule = RULE_PRIVATE
    name = "SecurityError"


# -- addresses ------------------------------------------------------------------------


def address_refusal(ip: IPAddress) -> str | None:
    """Why `ip` is not a public address (a phrase naming the range), or None if it is.

    IPv6 forms that carry an IPv4 address (IPv4-mapped, NAT64 64:ff9b::/96, 6to4
    2002::/16) are judged by the address they carry, so `::ffff:7f00:1` is loopback.
    """
    if isinstance(ip, ipaddress.IPv4Address):
        for net, why in V4_BLOCKED:
            if ip in net:
                return why
        return None if ip.is_global else "not globally routable"
    if ip.scope_id:
        return "a scoped (zone-qualified) IPv6 address"
    for net6, why in V6_BLOCKED:
        if ip in net6:
            return why
    embedded = _embedded_ipv4(ip)
    if embedded is not None:
        inner = address_refusal(embedded)
        return None if inner is None else f"an IPv6 form of {embedded}, which is {inner}"
    if ip not in _GLOBAL_UNICAST:
        return "not IPv6 global unicast (outside 2000::/3)"
    return None if ip.is_global else "not globally routable"


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip.sixtofour


def parse_ipv4_literal(host: str) -> ipaddress.IPv4Address | None:
    """The IPv4 address a host spells in any form the resolver accepts, else None.

    WHATWG/inet_aton rules: 1-4 dot-separated parts, each decimal, octal
    (leading 0) or hex (0x); the last part fills the remaining bytes; one
    trailing dot is allowed. A host whose last label is a number but that is
    no valid address is refused (browsers refuse it too).
    """
    parts = host.split(".")
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()
    last = parts[-1]
    if not (last.isascii() and last.isdigit()) and _ipv4_number(last) is None:
        return None
    numbers = [_ipv4_number(p) for p in parts]
    if len(parts) > 4 or any(n is None for n in numbers):
        raise ValueError("the host ends in a number but is not an IPv4 address")
    nums = [n for n in numbers if n is not None]
    if any(n > 255 for n in nums[:-1]) or nums[-1] >= 256 ** (5 - len(nums)):
        raise ValueError("an IPv4 address part is out of range")
    value = nums[-1] + sum(n << (8 * (3 - i)) for i, n in enumerate(nums[:-1]))
    return ipaddress.IPv4Address(value)


def _ipv4_number(part: str) -> int | None:
    try:
        if part[:2] in ("0x", "0X"):
            return int(part[2:], 16) if part[2:] else 0
        if len(part) > 1 and part.startswith("0"):
            return int(part[1:], 8)
        return int(part, 10) if part.isascii() and part.isdigit() else None
    except ValueError:
        return None


def is_hostname(host: str) -> bool:
    """A DNS name of plain ASCII labels (httpx has already IDNA-encoded the rest)."""
    name = host[:-1] if host.endswith(".") else host
    return 0 < len(name) <= 253 and all(_LABEL.fullmatch(label) for label in name.split("."))


def parse_host_literal(host: str) -> IPAddress | None:
    """The address a URL host (as httpx exposes `raw_host`) spells literally, else None."""
    if ":" in host:
        return ipaddress.IPv6Address(host.replace("%25", "%", 1))
    return parse_ipv4_literal(host)


# -- URLs -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """Where one request may go: the URL's host and port, and the vetted addresses."""

    host: str
    port: int
    addresses: tuple[str, ...]


def check_url(url: httpx.URL) -> tuple[str, int, IPAddress | None]:
    """Static checks (no resolution): scheme, credentials, port, host syntax.

    Returns (host, port, literal address or None for a name).
    """
    shown = str(url)
    if url.scheme not in SCHEMES:
        got = f"not {url.scheme}:" if url.scheme else "and this one is relative (there is no base URL)"
        raise NetworkRefusal(
            f"fetch refused: {shown}: only http: and https: URLs may be fetched, {got}", rule=RULE_SCHEME
        )
    if url.userinfo:
        raise NetworkRefusal(
            f"fetch refused: {shown}: URLs with credentials (user:pass@) are not "
            "allowed; send an Authorization header instead",
            rule=RULE_CREDENTIALS,
            name="TypeError",
        )
    host = url.raw_host.decode("ascii").lower()
    port = url.port or SCHEMES[url.scheme]
    if not 0 < port < 65536:
        raise NetworkRefusal(
            f"fetch refused: {shown}: port {port} is out of range", rule=RULE_BAD_URL, name="TypeError"
        )
    if port in BAD_PORTS:
        raise NetworkRefusal(
            f"fetch refused: {shown}: port {port} belongs to a non-HTTP protocol (the Fetch standard's blocked ports)",
            rule=RULE_PORT,
        )
    try:
        literal = parse_host_literal(host)
    except ValueError as exc:
        raise NetworkRefusal(
            f"fetch refused: {shown}: invalid host {host!r}: {exc}", rule=RULE_BAD_URL, name="TypeError"
        ) from None
    if literal is None and not is_hostname(host):
        raise NetworkRefusal(f"fetch refused: {shown}: invalid host {host!r}", rule=RULE_BAD_URL, name="TypeError")
    return host, port, literal


# -- the guard ------------------------------------------------------------------------


@dataclass(frozen=True)
class GuardPolicy:
    """Host-set: `allow_private` is `limits.allowPrivateNetwork`; the rest is a test seam."""

    allow_private: bool = False
    treat_as_public: frozenset[tuple[str, int]] = field(default_factory=frozenset)


class Guard:
    """Vets a URL and resolves its host once, returning the addresses a connection may use."""

    def __init__(self, policy: GuardPolicy, resolver: Resolver | None = None) -> None:
        self.policy = policy
        self._resolver = resolver

    async def vet(self, url: httpx.URL) -> Target:
        host, port, literal = check_url(url)
        if not self.policy.allow_private and (
            host.rstrip(".") == "localhost" or host.rstrip(".").endswith(".localhost")
        ):
            raise NetworkRefusal(
                f"fetch refused: {url}: {host} is loopback by definition (RFC 6761), whatever a resolver says",
                rule=RULE_PRIVATE,
            )
        if literal is not None:
            addresses: list[IPAddress] = [literal]
        else:
            addresses = await self._resolve(url, host, port)
        for ip in addresses:
            self._vet_address(url, host, ip, port, "means" if literal is not None else "resolves to")
        return Target(host, port, tuple(dict.fromkeys(str(ip) for ip in addresses)))

    def _vet_address(self, url: httpx.URL, host: str, ip: IPAddress, port: int, verb: str) -> None:
        if self.policy.allow_private or (str(ip), port) in self.policy.treat_as_public:
            return
        why = address_refusal(ip)
        if why is not None:
            what = f"{ip} is" if host == str(ip) else f"{host} {verb} {ip}, which is"
            raise NetworkRefusal(
                f"fetch refused: {url}: {what} {why}; private and local networks are "
                "off for sandboxed code (host setting allowPrivateNetwork)",
                rule=RULE_PRIVATE,
            )

    async def _resolve(self, url: httpx.URL, host: str, port: int) -> list[IPAddress]:
        try:
            if self._resolver is not None:
                answers = list(await asyncio.to_thread(self._resolver, host, port))
            else:
                infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
                answers = [info[4][0] for info in infos]
            addresses = [ipaddress.ip_address(a) for a in answers]
        except (OSError, ValueError) as exc:
            raise NetworkRefusal(
                f"fetch failed: {url}: cannot resolve {host!r} ({exc})", rule=RULE_DNS, name="TypeError"
            ) from None
        if not addresses:
            raise NetworkRefusal(f"fetch failed: {url}: {host!r} has no addresses", rule=RULE_DNS, name="TypeError")
        return addresses


def guard_for(scope: RunScope) -> Guard:
    """The run's guard: the host's limits and services decide, never guest arguments."""
    pairs = TREAT_AS_PUBLIC.of(scope) or ()
    policy = GuardPolicy(
        allow_private=scope.limits.allowPrivateNetwork,
        treat_as_public=frozenset((str(ip), int(port)) for ip, port in pairs),
    )
    return Guard(policy, scope.services.resolve_host)


# -- the transport --------------------------------------------------------------------


class _PinnedBackend(httpcore.AsyncNetworkBackend):
    """Connects only to addresses the guard pinned for (host, port); never resolves."""

    def __init__(self) -> None:
        self._inner = httpcore.AnyIOBackend()
        self.pins: dict[tuple[str, int], tuple[str, ...]] = {}

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        addresses = self.pins.get((host.lower(), port))
        if not addresses:
            raise NetworkRefusal(f"connection to {host}:{port} was not vetted by the SSRF guard", rule=RULE_UNVETTED)
        failure: Exception | None = None
        for address in addresses:  # every one was vetted; try them in the resolver's order
            try:
                return await self._inner.connect_tcp(address, port, timeout, local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
        assert failure is not None
        raise failure

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.AsyncNetworkStream:
        raise NetworkRefusal("unix sockets are not reachable from the sandbox", rule=RULE_UNVETTED)

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


@cache
def default_ssl_context() -> ssl.SSLContext:
    """certifi's trust store, built once per process (building one costs milliseconds)."""
    return httpx.create_ssl_context(trust_env=False)


class GuardedTransport(httpx.AsyncHTTPTransport):
    """An httpx transport that vets every request it sends and connects only where it vetted.

    Each `handle_async_request` (so each redirect hop a caller follows) is vetted
    afresh. No proxies, no environment, no unix sockets. The one httpx internal
    touched: the connection pool is rebuilt with the pinning network backend,
    because httpx's constructor does not take one.
    """

    def __init__(self, guard: Guard, *, verify: ssl.SSLContext | None = None) -> None:
        context = verify or default_ssl_context()
        super().__init__(verify=context, trust_env=False)
        if not isinstance(getattr(self, "_pool", None), httpcore.AsyncConnectionPool):
            raise RuntimeError("httpx internals changed: AsyncHTTPTransport._pool is gone")
        self._guard = guard
        self._backend = _PinnedBackend()
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=context, network_backend=self._backend, http1=True, http2=False
        )

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        target = await self._guard.vet(request.url)
        self._backend.pins[(target.host, target.port)] = target.addresses
        return await super().handle_async_request(request)
