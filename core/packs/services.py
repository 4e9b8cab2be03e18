"""What the service packs (aws, notion, supabase, twilio, apify) share.

They build requests and never send them: each export returns
`{url, method, headers, body?}` for the guest's own `fetch(req.url, req)`, so the
SSRF guard, the fetch caps and the cross-origin header rules apply to service calls
exactly as to any other (there is no second HTTP path out of a run).

A credential is the call's field when the code passes one (the reference's way),
else the run's secret of the pack's documented name, read through the same scope
check `getSecret` has (`core.bridges.secrets.read_in_worker`): a name outside the
node's secrets is `secret-out-of-scope`, an unset one `secret-unset`, whose message
says how to set it or ask for it with `requestSecret`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlsplit

from core.bridges.base import RunScope
from core.errors import SandboxRefusal

#: Largest body a service request may carry (the shared byte cap of host modules).
MAX_BODY = 10 * 1024 * 1024


def fields(value: Any, what: str) -> Mapping[str, Any]:
    """The one object argument every service export takes."""
    if not isinstance(value, dict):
        raise SandboxRefusal(f"{what} takes one object of fields", rule="host-argument-invalid", name="TypeError")
    return value


def text_field(spec: Mapping[str, Any], name: str, default: str | None = None) -> str:
    """A required (or defaulted) non-empty string field."""
    value = spec.get(name)
    if value is None and default is not None:
        return default
    if not isinstance(value, str) or not value:
        raise SandboxRefusal(
            f"field '{name}' must be a non-empty string", rule="host-argument-invalid", name="TypeError"
        )
    return value


def credential(
    scope: RunScope, spec: Mapping[str, Any], field: str, secret: str, *, optional: bool = False
) -> str | None:
    """`spec[field]` when given, else the run's secret `secret` (None if optional and unset)."""
    from core.bridges.secrets import read_in_worker

    given = spec.get(field)
    if given is not None:
        if not isinstance(given, str) or not given:
            raise SandboxRefusal(
                f"field '{field}' must be a non-empty string", rule="host-argument-invalid", name="TypeError"
            )
        return given
    value = read_in_worker(scope, secret, f"secret {secret}")
    if value is None and not optional:
        raise SandboxRefusal(
            f"no '{field}' was passed and the secret {secret!r} is not set; pass '{field}', set "
            f"{secret} on Cordon's secrets page, or ask for it with "
            f"requestSecret({json.dumps(secret)}, reason)",
            rule="secret-unset",
            name="SecretNotFoundError",
        )
    return value


def json_body(value: Any) -> str | None:
    """A JSON request body (None: no body), within MAX_BODY."""
    if value is None:
        return None
    body = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if len(body.encode("utf-8")) > MAX_BODY:
        raise SandboxRefusal(
            f"the request body is over {MAX_BODY} bytes", rule="host-argument-too-large", name="RangeError"
        )
    return body


def method_field(spec: Mapping[str, Any], default: str = "GET") -> str:
    method = text_field(spec, "method", default).upper()
    if method not in ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"):
        raise SandboxRefusal(
            f"field 'method' must be GET, POST, PUT, PATCH, DELETE or HEAD, not {method[:20]!r}",
            rule="host-argument-invalid",
            name="TypeError",
        )
    return method


def path_segment(value: str) -> str:
    """`value` percent-encoded as one URL path segment (an id or name cannot add segments)."""
    if value in (".", ".."):
        raise SandboxRefusal(
            f"{value!r} is not a name: it would move up the URL's path", rule="service-bad-path", name="TypeError"
        )
    return quote(value, safe="~")


def api_path(value: str, name: str = "path") -> str:
    """A relative API path as given ("search", "pages/abc"): never a URL, `..` or `//`."""
    path = value.lstrip("/")
    parts = path.split("?", 1)[0].split("/")
    if urlsplit(path).scheme or "\\" in path or any(p in ("..", ".") for p in parts) or "//" in path:
        raise SandboxRefusal(
            f"field '{name}' must be a path relative to the API ({value[:100]!r} is not)",
            rule="service-bad-path",
            name="TypeError",
        )
    return path


def base_url(value: str, name: str = "url") -> str:
    """An http(s) origin and optional path prefix, without its trailing slash."""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise SandboxRefusal(
            f"field '{name}' must be an http(s) URL without query or fragment, not {value[:100]!r}",
            rule="service-bad-url",
            name="TypeError",
        )
    return value.rstrip("/")


def request(url: str, method: str, headers: Mapping[str, str], body: str | None = None) -> dict[str, Any]:
    """The request object the guest passes to fetch as is: `fetch(req.url, req)`."""
    out: dict[str, Any] = {"url": url, "method": method, "headers": dict(headers)}
    if body is not None:
        out["body"] = body
    return out
