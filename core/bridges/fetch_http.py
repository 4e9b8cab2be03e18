"""fetch(url, options?): HTTP for guest code, through the SSRF guard (core/bridges/netguard.py).

What the guest gets back (the reference's shape plus what code usually needs):

    {ok, status, statusText, url, redirected, truncated, headers, body, json,
     text(), arrayBuffer(), bytes()}

* `body` is the response decoded as text (the Content-Type charset, else
  UTF-8; undecodable bytes become U+FFFD). `text()` resolves to the same string.
* `json` is the body parsed as JSON when it is valid JSON and not truncated,
  else `undefined`. It is a value, not a method (the reference's contract):
  write `res.json`, not `await res.json()`.
* `bytes()` / `arrayBuffer()` resolve to fresh copies of the raw body
  (after gzip/deflate decoding), so binary downloads survive intact.
* `headers` is a plain object of lower-cased names (repeated headers joined
  with ", ") with non-enumerable `get(name)` / `has(name)` for WHATWG-style code.
* `truncated` is true when the body was cut at `fetchMaxBodyBytes`; the run's
  warnings say so too. Bytes are counted while streaming (decompressed bytes
  included, so a gzip bomb stops at the cap) and nothing past the cap is read.

Options: `method`, `headers` (object, [name, value] pairs or Map), `body`
(string; Uint8Array/ArrayBuffer sent as raw bytes; any other object sent as
JSON with `content-type: application/json` unless set), `redirect`
("follow" | "manual" | "error"). Anything else is ignored; in particular no
option can touch the guard, which only host-set limits and services configure.

Limits: `fetchMaxCalls` counts every fetch() call (refused ones too, and
parallel ones exactly like serial ones, because the count is taken when the
call starts); `fetchTimeoutMs` bounds the whole call (all hops and the body);
`fetchMaxRedirects` bounds hops, each re-vetted by the guard. When a hop
changes origin, every header the run set is dropped except the short
`CROSS_ORIGIN_SAFE_HEADERS` list: a credential travels under any name
(`x-api-key`, `private-token`...), so a list of what to drop would always miss one.

`guarded_fetch()` is the host-side entry for other capabilities (media
`https:` refs): same guard, same limits, no call counting.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import zlib
from collections.abc import Sequence
from contextlib import aclosing
from dataclasses import dataclass
from typing import Any

import httpx

from core.bridges import encoding
from core.bridges.base import RunLocal, RunScope, in_worker_thread
from core.bridges.netguard import RULE_BAD_URL, GuardedTransport, guard_for
from core.errors import SandboxRefusal

RULE_MAX_CALLS = "fetch-max-calls"
RULE_MAX_REDIRECTS = "fetch-max-redirects"
RULE_REDIRECT = "fetch-redirect"
RULE_TIMEOUT = "fetch-timeout"
RULE_FAILED = "fetch-failed"
RULE_OPTION = "fetch-bad-option"
RULE_HEADER = "fetch-forbidden-header"

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
REDIRECT_MODES = ("follow", "manual", "error")
#: Headers the transport owns: letting code set them invites request smuggling or Host confusion.
FORBIDDEN_HEADERS = frozenset(
    {"host", "content-length", "transfer-encoding", "te", "trailer", "upgrade", "expect", "connection", "keep-alive"}
)
#: The only headers kept when a redirect changes origin: the Fetch standard's CORS-safelisted request
#: headers (which carry no credentials) and the ones the sandbox sets itself (`_DEFAULT_HEADERS`).
CROSS_ORIGIN_SAFE_HEADERS = frozenset(
    {"accept", "accept-language", "content-language", "content-type", "accept-encoding", "user-agent"}
)
#: Dropped when a redirect turns the request into a body-less GET.
BODY_HEADERS = frozenset({"content-type", "content-encoding", "content-language", "content-location"})
FORBIDDEN_METHODS = frozenset({"CONNECT", "TRACE", "TRACK"})
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_DEFAULT_HEADERS = (("accept", "*/*"), ("accept-encoding", "gzip, deflate"), ("user-agent", "Cordon-sandbox-fetch/1"))
_CONTENT_TYPES = {"text": "text/plain;charset=UTF-8", "json": "application/json"}

Headers = list[tuple[str, str]]


@dataclass
class FetchResult:
    """One fetched response, body already capped."""

    status: int
    status_text: str
    url: str
    redirected: bool
    headers: dict[str, str]
    content: bytes
    text: str
    truncated: bool

    def to_guest(self) -> dict[str, Any]:
        return {
            "ok": 200 <= self.status < 300,
            "status": self.status,
            "statusText": self.status_text,
            "url": self.url,
            "redirected": self.redirected,
            "headers": self.headers,
            "bytes": self.content,
            "text": self.text,
            "truncated": self.truncated,
        }


def _refuse(message: str, rule: str, name: str = "TypeError") -> SandboxRefusal:
    return SandboxRefusal(message, rule=rule, name=name)


# -- the op ---------------------------------------------------------------------------


async def fetch_op(scope: RunScope, url: Any, options: Any) -> dict[str, Any]:
    count_call(scope)
    if not isinstance(url, str) or not isinstance(options, dict):
        raise _refuse("fetch(url, options): url must be a string and options an object", RULE_OPTION)
    method = _method(options.get("method", "GET"))
    headers = _headers(options.get("headers", []))
    body = _body(options.get("body"), options.get("bodyType"), method, headers)
    redirect = options.get("redirect", "follow")
    if redirect not in REDIRECT_MODES:
        raise _refuse(
            f"fetch: options.redirect must be one of {', '.join(REDIRECT_MODES)}, got {redirect!r}", RULE_OPTION
        )
    result = await guarded_fetch(scope, url, method=method, headers=headers, body=body, redirect=redirect)
    return result.to_guest()


@dataclass
class _Calls:
    """fetch() calls the run started."""

    used: int = 0


_CALLS = RunLocal(lambda scope: _Calls())


def count_call(scope: RunScope) -> None:
    """Taken synchronously when the call starts, so Promise.all cannot outrun it."""
    limit = scope.limits.fetchMaxCalls
    calls = _CALLS.of(scope)
    if calls.used + 1 > limit:
        raise _refuse(
            f"fetch refused: at most {limit} fetch() calls per run (limit fetchMaxCalls)",
            RULE_MAX_CALLS,
            "QuotaExceededError",
        )
    calls.used += 1


def _method(value: Any) -> str:
    if not isinstance(value, str) or not _TOKEN.fullmatch(value):
        raise _refuse(f"fetch: invalid method {value!r}", RULE_OPTION)
    upper = value.upper()
    if upper in FORBIDDEN_METHODS:
        raise _refuse(f"fetch: method {upper} is not allowed", RULE_OPTION)
    return upper if upper in {"DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"} else value


def _headers(pairs: Any) -> Headers:
    if not isinstance(pairs, list):
        raise _refuse("fetch: options.headers must be name/value pairs", RULE_OPTION)
    out: Headers = []
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            raise _refuse("fetch: each header must be a [name, value] pair of strings", RULE_OPTION)
        name, value = pair[0].lower(), pair[1].strip(" \t")
        if not _TOKEN.fullmatch(name) or any(c in value for c in "\r\n\0") or not value.isascii():
            raise _refuse(
                f"fetch: invalid header {pair[0][:80]!r} (names are tokens; values are ASCII, without "
                "CR, LF or NUL: percent-encode anything else)",
                RULE_OPTION,
            )
        if name in FORBIDDEN_HEADERS or name.startswith("proxy-"):
            raise _refuse(f"fetch: header {pair[0]!r} is set by the sandbox, not by code", RULE_HEADER)
        out.append((name, value))
    return out


def _body(body: Any, kind: Any, method: str, headers: Headers) -> bytes | None:
    if body is None:
        return None
    if method in ("GET", "HEAD"):
        raise _refuse(f"fetch: a {method} request cannot have a body", RULE_OPTION)
    if kind in _CONTENT_TYPES and isinstance(body, str):
        if not any(name == "content-type" for name, _ in headers):
            headers.append(("content-type", _CONTENT_TYPES[kind]))
        return body.encode("utf-8")
    if kind == "bytes" and isinstance(body, bytes):
        return body
    raise _refuse("fetch: options.body must be a string, bytes or a JSON-serialisable object", RULE_OPTION)


# -- the request, for every host caller -----------------------------------------------


async def guarded_fetch(
    scope: RunScope,
    url: str,
    *,
    method: str = "GET",
    headers: Sequence[tuple[str, str]] = (),
    body: bytes | None = None,
    redirect: str = "follow",
    max_bytes: int | None = None,
) -> FetchResult:
    """Fetch `url` for the run behind the SSRF guard (limits from `scope.limits`).

    Raises `SandboxRefusal` naming the rule for every refusal and failure. The
    caller counts calls if it should; `max_bytes` overrides `fetchMaxBodyBytes`.
    """
    limits = scope.limits
    try:
        target = httpx.URL(url)
    except (httpx.InvalidURL, TypeError) as exc:
        raise _refuse(f"fetch: invalid URL {url!r}: {exc}", RULE_BAD_URL) from None
    hop = _Hop(method, target, _with_defaults(list(headers)), body)
    too_slow = f"fetch: {url} took longer than {limits.fetchTimeoutMs} ms (limit fetchTimeoutMs)"
    try:
        async with asyncio.timeout(limits.fetchTimeoutMs / 1000), GuardedTransport(guard_for(scope)) as transport:
            result = await _exchange(
                scope, transport, hop, redirect, limits.fetchMaxBodyBytes if max_bytes is None else max_bytes
            )
    except (TimeoutError, httpx.TimeoutException):
        raise _refuse(too_slow, RULE_TIMEOUT, "TimeoutError") from None
    except UnicodeError as exc:  # a host name that is not valid IDNA ("xn--a"), here or in a redirect
        raise _refuse(f"fetch: invalid URL {url[:200]!r}: {exc}", RULE_BAD_URL) from None
    except (httpx.TransportError, httpx.DecodingError, zlib.error) as exc:
        raise _refuse(f"fetch failed: {hop.url}: {exc or type(exc).__name__}", RULE_FAILED) from None
    if result.truncated:
        limit = "limit fetchMaxBodyBytes" if max_bytes is None else "the host's cap for this fetch"
        scope.warnings.append(f"fetch {result.url}: body truncated at {len(result.content)} bytes ({limit})")
    return result


@dataclass
class _Hop:
    """The request as it stands at the current redirect hop."""

    method: str
    url: httpx.URL
    headers: Headers
    body: bytes | None

    def follow(self, status: int, location: str) -> None:
        """Move to the redirect target, rewriting method, body and credentials as browsers do."""
        following = _join(self.url, location)
        if (status == 303 and self.method != "HEAD") or (status in (301, 302) and self.method == "POST"):
            self.method, self.body = "GET", None
            self.headers = [(n, v) for n, v in self.headers if n not in BODY_HEADERS]
        if _origin(following) != _origin(self.url):
            self.headers = [(n, v) for n, v in self.headers if n in CROSS_ORIGIN_SAFE_HEADERS]
        self.url = following


async def _exchange(scope: RunScope, transport: GuardedTransport, hop: _Hop, redirect: str, cap: int) -> FetchResult:
    """Send, following redirects by hand so the transport vets every hop."""
    max_hops = scope.limits.fetchMaxRedirects
    timeout = httpx.Timeout(scope.limits.fetchTimeoutMs / 1000).as_dict()
    for hops in itertools.count():
        request = httpx.Request(
            hop.method, hop.url, headers=hop.headers, content=hop.body, extensions={"timeout": timeout}
        )
        response = await transport.handle_async_request(request)
        try:
            location = response.headers.get("location")
            if response.status_code in REDIRECT_STATUSES and location is not None and redirect != "manual":
                if redirect == "error":
                    raise _refuse(
                        f"fetch: {hop.url} redirected to {location} and options.redirect is 'error'", RULE_REDIRECT
                    )
                if hops >= max_hops:
                    raise _refuse(
                        f"fetch: {hop.url} redirected more than {max_hops} times (limit fetchMaxRedirects)",
                        RULE_MAX_REDIRECTS,
                    )
                hop.follow(response.status_code, location)
                continue
            content, truncated = await _read_capped(response, cap)
        finally:
            await response.aclose()
        text = await in_worker_thread(scope, _decode, content, response.charset_encoding)  # up to 50 MB
        return FetchResult(
            status=response.status_code,
            status_text=response.reason_phrase,
            url=str(hop.url),
            redirected=hops > 0,
            headers=_joined(response.headers),
            content=content,
            text=text,
            truncated=truncated,
        )
    raise AssertionError("unreachable")


def _with_defaults(headers: Headers) -> Headers:
    present = {name for name, _ in headers}
    return [*headers, *((n, v) for n, v in _DEFAULT_HEADERS if n not in present)]


def _join(base: httpx.URL, location: str) -> httpx.URL:
    try:
        return base.join(location)
    except httpx.InvalidURL as exc:
        raise _refuse(f"fetch: {base} redirected to an invalid URL {location!r}: {exc}", RULE_BAD_URL) from None


def _origin(url: httpx.URL) -> tuple[str, str, int | None]:
    return url.scheme, url.host, url.port


def _joined(headers: httpx.Headers) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in headers.multi_items():
        out[name] = f"{out[name]}, {value}" if name in out else value
    return out


def _decode(content: bytes, charset: str | None) -> str:
    """The body as text: the charset when it names a WHATWG encoding, else UTF-8 (as browsers do)."""
    return encoding.decode(content, encoding.lookup(charset) if charset else None)


# -- the body, counted while it streams -----------------------------------------------


class _Inflater:
    """gzip/deflate decoding that never produces more than asked for (bomb-safe)."""

    def __init__(self, encoding: str) -> None:
        self._deflate = encoding == "deflate"
        self._z = zlib.decompressobj(zlib.MAX_WBITS if self._deflate else 16 + zlib.MAX_WBITS)

    def feed(self, data: bytes, room: int) -> bytes:
        try:
            return self._z.decompress(data, room)
        except zlib.error:
            if not self._deflate:  # some servers send raw deflate without the zlib header
                raise
            self._deflate = False
            self._z = zlib.decompressobj(-zlib.MAX_WBITS)
            return self._z.decompress(data, room)
        finally:
            self._deflate = False


async def _read_capped(response: httpx.Response, cap: int) -> tuple[bytes, bool]:
    """Read at most `cap` decoded bytes (+1 to know there was more); True if cut."""
    encoding = response.headers.get("content-encoding", "").strip().lower()
    inflater = _Inflater(encoding) if encoding in ("gzip", "x-gzip", "deflate") else None
    out = bytearray()
    async with aclosing(response.aiter_raw()) as chunks:
        async for chunk in chunks:
            room = cap + 1 - len(out)
            out += inflater.feed(chunk, room) if inflater is not None else chunk[:room]
            if len(out) > cap:
                return bytes(out[:cap]), True
    return bytes(out), False
