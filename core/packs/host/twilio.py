"""`@cordon/sandbox-twilio`: Twilio REST requests for the guest's fetch (first-party).

`request({accountSid, authToken, path, method, params, baseUrl})` -> `{url, method,
headers, body?}` for `https://api.twilio.com/2010-04-01/Accounts/<sid>/<path>` with HTTP
Basic auth; `params` are form-encoded (the body of a POST, the query otherwise), an
array repeating its key as Twilio expects. `baseUrl` may name another Twilio API
(`https://messaging.twilio.com/v1`) but only an https `*.twilio.com` host
(`twilio-host`), so the auth token is never built into a request to anyone else.
Credentials are the fields, else the run's secrets TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN.
"""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import urlencode, urlsplit

from core.bridges.base import RunScope
from core.errors import SandboxRefusal
from core.packs import services
from core.packs.host_registry import Arg, HostExport, HostModule

API = "https://api.twilio.com/2010-04-01/Accounts/"


def _params(value: Any) -> list[tuple[str, str]]:
    if value is None:
        return []
    if not isinstance(value, dict):
        raise SandboxRefusal("field 'params' must be an object", rule="host-argument-invalid", name="TypeError")
    pairs = []
    for key, v in value.items():
        for item in v if isinstance(v, list) else [v]:
            if isinstance(item, dict | list) or item is None:
                raise SandboxRefusal(
                    f"param {key!r} must be a string, number, boolean or an array of them",
                    rule="host-argument-invalid",
                    name="TypeError",
                )
            pairs.append((key, ("true" if item else "false") if isinstance(item, bool) else str(item)))
    return pairs


def _base(spec: dict[str, Any], sid: str) -> str:
    given = spec.get("baseUrl")
    if given is None:
        return API + services.path_segment(sid) + "/"
    base = services.base_url(services.text_field(spec, "baseUrl"), "baseUrl")
    host = urlsplit(base).hostname or ""
    if urlsplit(base).scheme != "https" or not (host == "twilio.com" or host.endswith(".twilio.com")):
        raise SandboxRefusal(
            f"baseUrl must be an https URL on a *.twilio.com host, not {base[:100]!r}: the auth "
            "token goes only to Twilio",
            rule="twilio-host",
            name="TypeError",
        )
    return base + "/"


def request(scope: RunScope, spec: Any) -> dict[str, Any]:
    spec = dict(services.fields(spec, "request"))
    sid = str(services.credential(scope, spec, "accountSid", "TWILIO_ACCOUNT_SID"))
    token = services.credential(scope, spec, "authToken", "TWILIO_AUTH_TOKEN")
    url = _base(spec, sid) + services.api_path(services.text_field(spec, "path"))
    method = services.method_field(spec, "GET")
    params = _params(spec.get("params"))
    basic = base64.b64encode(f"{sid}:{token}".encode()).decode("ascii")
    headers = {"Authorization": f"Basic {basic}", "Accept": "application/json"}
    body = None
    if method in ("POST", "PUT", "PATCH"):
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        body = urlencode(params)
    elif params:
        url += ("&" if "?" in url else "?") + urlencode(params)
    return services.request(url, method, headers, body)


MODULE = HostModule(
    "cordon.twilio",
    "@cordon/sandbox-twilio",
    "1",
    {
        "request": HostExport(request, (Arg("request", ("json",)),), scoped=True),
    },
)
