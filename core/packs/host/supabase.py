"""`@cordon/sandbox-supabase`: Supabase (PostgREST) requests for the guest's fetch (first-party).

`from({url, key, table, select, filters, order, limit, offset, method, body, prefer})`
-> `{url, method, headers, body?}` for `<url>/rest/v1/<table>?select=...&<column>=<op>.<value>`;
`rpc({url, key, fn, args})` -> a POST to `<url>/rest/v1/rpc/<fn>` with the arguments as
JSON. Filters are PostgREST's own syntax (`{status: "eq.open"}`; an array repeats the
column), passed through encoded. `url` and `key` are the fields, else the run's
secrets SUPABASE_URL and SUPABASE_KEY; the key goes in `apikey` and as the Bearer token.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from core.bridges.base import RunScope
from core.errors import SandboxRefusal
from core.packs import services
from core.packs.host_registry import Arg, HostExport, HostModule

#: Characters PostgREST reads literally in a query value (operators, lists, JSON paths).
_QUERY_SAFE = ",.:()*!>-"


def _base(scope: RunScope, spec: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    url = services.base_url(str(services.credential(scope, spec, "url", "SUPABASE_URL")))
    key = services.credential(scope, spec, "key", "SUPABASE_KEY")
    return url + "/rest/v1/", {"apikey": str(key), "Authorization": f"Bearer {key}", "Accept": "application/json"}


def _param(name: str, value: Any) -> list[str]:
    values = value if isinstance(value, list) else [value]
    out = []
    for v in values:
        if isinstance(v, bool):
            v = "true" if v else "false"
        if not isinstance(v, str | int | float) or isinstance(v, bool):
            raise SandboxRefusal(
                f"filter {name!r} must be a string, a number or an array of them",
                rule="host-argument-invalid",
                name="TypeError",
            )
        out.append(f"{quote(name, safe='')}={quote(str(v), safe=_QUERY_SAFE)}")
    return out


def from_(scope: RunScope, spec: Any) -> dict[str, Any]:
    spec = services.fields(spec, "from")
    base, headers = _base(scope, spec)
    table = services.path_segment(services.text_field(spec, "table"))
    query = _param("select", services.text_field(spec, "select", "*"))
    filters = spec.get("filters") or {}
    if not isinstance(filters, dict):
        raise SandboxRefusal(
            "field 'filters' must be an object of column -> 'op.value'", rule="host-argument-invalid", name="TypeError"
        )
    for column, value in filters.items():
        query += _param(column, value)
    for name in ("order", "limit", "offset"):
        if spec.get(name) is not None:
            query += _param(name, spec[name])
    method = services.method_field(spec, "GET")
    body = services.json_body(spec.get("body"))
    if body is not None:
        headers["Content-Type"] = "application/json"
    prefer = spec.get("prefer", "return=representation" if method in ("POST", "PATCH") else None)
    if prefer is not None:
        headers["Prefer"] = str(prefer)
    return services.request(f"{base}{table}?{'&'.join(query)}", method, headers, body)


def rpc(scope: RunScope, spec: Any) -> dict[str, Any]:
    spec = services.fields(spec, "rpc")
    base, headers = _base(scope, spec)
    fn = services.path_segment(services.text_field(spec, "fn"))
    args = spec.get("args") or {}
    if not isinstance(args, dict):
        raise SandboxRefusal(
            "field 'args' must be an object of argument -> value", rule="host-argument-invalid", name="TypeError"
        )
    headers["Content-Type"] = "application/json"
    return services.request(f"{base}rpc/{fn}", "POST", headers, services.json_body(args))


MODULE = HostModule(
    "cordon.supabase",
    "@cordon/sandbox-supabase",
    "1",
    {
        "from": HostExport(from_, (Arg("query", ("json",)),), scoped=True),
        "rpc": HostExport(rpc, (Arg("call", ("json",)),), scoped=True),
    },
)
