"""`@cordon/sandbox-aws`: AWS Signature Version 4, signing only (the guest's fetch sends).

First-party (the reference's own signer, stdlib hmac/hashlib), checked against AWS's
published SigV4 test suite. `sigv4(spec)` -> `{method, url, headers, body?}` with
`authorization`, `x-amz-date` (and `x-amz-content-sha256` for S3,
`x-amz-security-token` with a session token); `host` is signed but not returned,
because the fetch transport sets it from the URL (and refuses it as a header).
`presign(spec)` -> a URL with the signature in its query (`X-Amz-*`).

Canonical URI as the AWS SDKs build it: for S3 the path is encoded once and never
normalized (keys may hold `//` or `..`); for every other service dot segments and
empty segments are removed and the path as written in the URL is encoded again
(AWS's "encode twice": write the URL as it goes on the wire). Region and service
come from the fields, or from an `*.amazonaws.com` host (`bucket.s3.us-east-1...`).
Credentials: the fields `accessKeyId` / `secretAccessKey` (`sessionToken`), else the
run's secrets AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (core.packs.services).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from core.bridges.base import RunScope
from core.errors import SandboxRefusal
from core.packs import services
from core.packs.host_registry import Arg, HostExport, HostModule

ALGORITHM = "AWS4-HMAC-SHA256"
#: Longest a presigned URL may live (AWS's own limit, 7 days); the default is 15 minutes.
MAX_EXPIRES = 604_800
DEFAULT_EXPIRES = 900
_REGION = re.compile(r"^[a-z]{2}(-gov|-iso[a-z]?)?-[a-z]+-\d$")
_SPACES = re.compile(r"\s+")
_BASIC_DATE = re.compile(r"^\d{8}T\d{6}Z$")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _hmac(key: bytes, text: str) -> bytes:
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).digest()


def _encode(text: str) -> str:
    """RFC 3986 encoding as SigV4 wants it: everything but unreserved characters."""
    return quote(text, safe="-_.~")


def _canonical_path(path: str, service: str) -> str:
    if service == "s3":
        return quote(unquote(path or "/"), safe="/~")
    segments: list[str] = []
    for segment in path.split("/"):
        if segment in ("", "."):
            continue
        if segment == "..":
            if segments:
                segments.pop()
        else:
            segments.append(segment)
    normalized = "/" + "/".join(segments) + ("/" if segments and path.endswith("/") else "")
    return quote(normalized, safe="/~")


def _canonical_query(pairs: list[tuple[str, str]]) -> str:
    return "&".join(f"{k}={v}" for k, v in sorted((_encode(k), _encode(v)) for k, v in pairs))


def _query_pairs(query: str) -> list[tuple[str, str]]:
    pairs = []
    for part in query.split("&"):
        if part:
            key, _, value = part.partition("=")
            pairs.append((unquote(key), unquote(value)))
    return pairs


def _amz_date(value: Any) -> dt.datetime:
    if value is None:
        return dt.datetime.now(dt.UTC).replace(microsecond=0)
    if isinstance(value, str):
        try:
            if _BASIC_DATE.match(value):
                return dt.datetime.strptime(value, "%Y%m%dT%H%M%SZ").replace(tzinfo=dt.UTC)
            parsed = dt.datetime.fromisoformat(value)
            if parsed.tzinfo is not None:
                return parsed.astimezone(dt.UTC)
        except ValueError:
            pass
    raise SandboxRefusal(
        "field 'date' must be an ISO 8601 time with its offset ('2015-08-30T12:36:00Z') or '20150830T123600Z'",
        rule="host-argument-invalid",
        name="TypeError",
    )


def _region_service(spec: Mapping[str, Any], host: str) -> tuple[str, str]:
    region, service = spec.get("region"), spec.get("service")
    labels = host.split(".")
    if labels[-2:] == ["amazonaws", "com"] and len(labels) >= 3:
        found = labels[:-2]
        guess_region = found[-1] if _REGION.match(found[-1]) else "us-east-1"
        named = found[-2] if _REGION.match(found[-1]) and len(found) >= 2 else found[-1]
        guess_service = "s3" if named.startswith("s3") else named
        region, service = region or guess_region, service or guess_service
    if not isinstance(region, str) or not region or not isinstance(service, str) or not service:
        raise SandboxRefusal(
            f"fields 'region' and 'service' are needed: {host[:100]!r} is not an "
            "*.amazonaws.com host they can be read from",
            rule="aws-region-unknown",
            name="TypeError",
        )
    return region, service


class _Request:
    """One request being signed: its parts, credentials and scope."""

    def __init__(self, scope: RunScope, spec: Mapping[str, Any]) -> None:
        url = services.text_field(spec, "url")
        self.parts = urlsplit(url)
        if self.parts.scheme not in ("http", "https") or not self.parts.hostname:
            raise SandboxRefusal(
                f"field 'url' must be an http(s) URL, not {url[:100]!r}", rule="service-bad-url", name="TypeError"
            )
        self.method = services.method_field(spec)
        self.region, self.service = _region_service(spec, self.parts.hostname)
        self.key_id = services.credential(scope, spec, "accessKeyId", "AWS_ACCESS_KEY_ID")
        self.secret = services.credential(scope, spec, "secretAccessKey", "AWS_SECRET_ACCESS_KEY")
        token = spec.get("sessionToken")
        if token is not None and not isinstance(token, str):
            raise SandboxRefusal(
                "field 'sessionToken' must be a string", rule="host-argument-invalid", name="TypeError"
            )
        self.token = token
        self.when = _amz_date(spec.get("date"))
        self.amz_date = self.when.strftime("%Y%m%dT%H%M%SZ")
        self.scope = f"{self.when:%Y%m%d}/{self.region}/{self.service}/aws4_request"
        default_port = {"http": 80, "https": 443}[self.parts.scheme]
        port = self.parts.port
        self.host = self.parts.hostname + (f":{port}" if port and port != default_port else "")

    def sign(self, headers: Mapping[str, str], query: list[tuple[str, str]], payload_hash: str) -> tuple[str, str]:
        """(signed header names, signature) over these headers (host included) and query."""
        canonical_headers = {"host": self.host}
        for name, value in headers.items():
            canonical_headers[name.lower()] = _SPACES.sub(" ", str(value).strip())
        names = sorted(canonical_headers)
        signed = ";".join(names)
        canonical = "\n".join(
            [
                self.method,
                _canonical_path(self.parts.path, self.service),
                _canonical_query(query),
                "".join(f"{n}:{canonical_headers[n]}\n" for n in names),
                signed,
                payload_hash,
            ]
        )
        to_sign = "\n".join([ALGORITHM, self.amz_date, self.scope, _sha256(canonical.encode("utf-8"))])
        assert self.secret is not None
        key = _hmac(("AWS4" + self.secret).encode("utf-8"), f"{self.when:%Y%m%d}")
        for part in (self.region, self.service, "aws4_request"):
            key = _hmac(key, part)
        return signed, hmac.new(key, to_sign.encode("utf-8"), hashlib.sha256).hexdigest()


def _headers_field(spec: Mapping[str, Any]) -> dict[str, str]:
    given = spec.get("headers") or {}
    if not isinstance(given, dict) or not all(isinstance(v, str | int | float) for v in given.values()):
        raise SandboxRefusal(
            "field 'headers' must be an object of header values", rule="host-argument-invalid", name="TypeError"
        )
    out = {str(k).lower(): str(v) for k, v in given.items()}
    if "host" in out or "authorization" in out:
        raise SandboxRefusal(
            "field 'headers' may not set host or authorization: the signer does",
            rule="host-argument-invalid",
            name="TypeError",
        )
    return out


def sigv4(scope: RunScope, spec: Any) -> dict[str, Any]:
    spec = services.fields(spec, "sigv4")
    request = _Request(scope, spec)
    body = spec.get("body")
    if body is not None and not isinstance(body, str | bytes):
        raise SandboxRefusal(
            "field 'body' must be a string or a Uint8Array", rule="host-argument-invalid", name="TypeError"
        )
    payload = body.encode("utf-8") if isinstance(body, str) else body or b""
    if len(payload) > services.MAX_BODY:
        raise SandboxRefusal(
            f"field 'body' is over {services.MAX_BODY} bytes", rule="host-argument-too-large", name="RangeError"
        )
    payload_hash = _sha256(payload)
    headers = _headers_field(spec)
    headers["x-amz-date"] = request.amz_date
    if request.service == "s3":
        headers["x-amz-content-sha256"] = payload_hash
    if request.token:
        headers["x-amz-security-token"] = request.token
    signed, signature = request.sign(headers, _query_pairs(request.parts.query), payload_hash)
    headers["authorization"] = (
        f"{ALGORITHM} Credential={request.key_id}/{request.scope}, SignedHeaders={signed}, Signature={signature}"
    )
    out: dict[str, Any] = {"method": request.method, "url": urlunsplit(request.parts), "headers": headers}
    if body is not None:
        out["body"] = body
    return out


def presign(scope: RunScope, spec: Any) -> str:
    spec = services.fields(spec, "presign")
    request = _Request(scope, spec)
    expires = spec.get("expiresIn", DEFAULT_EXPIRES)
    if isinstance(expires, bool) or not isinstance(expires, int) or not 1 <= expires <= MAX_EXPIRES:
        raise SandboxRefusal(
            f"field 'expiresIn' must be whole seconds from 1 to {MAX_EXPIRES} (7 days)",
            rule="host-argument-invalid",
            name="RangeError",
        )
    query = [
        *_query_pairs(request.parts.query),
        ("X-Amz-Algorithm", ALGORITHM),
        ("X-Amz-Credential", f"{request.key_id}/{request.scope}"),
        ("X-Amz-Date", request.amz_date),
        ("X-Amz-Expires", str(expires)),
        ("X-Amz-SignedHeaders", "host"),
    ]
    if request.token:
        query.append(("X-Amz-Security-Token", request.token))
    payload = "UNSIGNED-PAYLOAD" if request.service == "s3" else _sha256(b"")
    _, signature = request.sign({}, query, payload)
    final = _canonical_query(query) + f"&X-Amz-Signature={signature}"
    return urlunsplit(request.parts._replace(query=final))


MODULE = HostModule(
    "cordon.aws",
    "@cordon/sandbox-aws",
    "1",
    {
        "sigv4": HostExport(sigv4, (Arg("request", ("json", "bytes")),), scoped=True),
        "presign": HostExport(presign, (Arg("request", ("json",)),), scoped=True),
    },
)
