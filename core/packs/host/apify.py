"""`@cordon/sandbox-apify`: Apify API requests for the guest's fetch (first-party).

`startRun({token, actor, input, build, memory, timeout})` -> a POST to
`https://api.apify.com/v2/acts/<owner~name>/runs` with the actor's input as JSON;
`runStatus({token, runId, waitForFinish})` -> a GET of `/v2/actor-runs/<id>`;
`datasetItems({token, datasetId, limit, offset, clean, fields})` -> a GET of
`/v2/datasets/<id>/items?format=json`. Each is `{url, method, headers, body?}`; the
guest reads `(await fetch(req.url, req)).json.data` (a run) or the item array. The
token is the field, else the run's secret APIFY_TOKEN (Apify's own name for it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from core.bridges.base import RunScope
from core.errors import SandboxRefusal
from core.packs import services
from core.packs.host_registry import Arg, HostExport, HostModule

API = "https://api.apify.com/v2/"
SECRET = "APIFY_TOKEN"


def _headers(scope: RunScope, spec: Mapping[str, Any]) -> dict[str, str]:
    return {
        "Authorization": f"Bearer {services.credential(scope, spec, 'token', SECRET)}",
        "Accept": "application/json",
    }


def _query(spec: Mapping[str, Any], names: tuple[str, ...], **fixed: str) -> str:
    pairs = dict(fixed)
    for name in names:
        value = spec.get(name)
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, list):
            value = ",".join(str(v) for v in value)
        elif not isinstance(value, str | int):
            raise SandboxRefusal(
                f"field {name!r} must be a string, a whole number or a boolean",
                rule="host-argument-invalid",
                name="TypeError",
            )
        pairs[name] = str(value)
    return "?" + urlencode(pairs) if pairs else ""


def start_run(scope: RunScope, spec: Any) -> dict[str, Any]:
    spec = services.fields(spec, "startRun")
    headers = _headers(scope, spec)
    actor = services.path_segment(services.text_field(spec, "actor").replace("/", "~"))
    headers["Content-Type"] = "application/json"
    body = services.json_body(spec.get("input") or {})
    url = f"{API}acts/{actor}/runs" + _query(spec, ("build", "memory", "timeout", "waitForFinish"))
    return services.request(url, "POST", headers, body)


def run_status(scope: RunScope, spec: Any) -> dict[str, Any]:
    spec = services.fields(spec, "runStatus")
    headers = _headers(scope, spec)
    run_id = services.path_segment(services.text_field(spec, "runId"))
    return services.request(f"{API}actor-runs/{run_id}" + _query(spec, ("waitForFinish",)), "GET", headers)


def dataset_items(scope: RunScope, spec: Any) -> dict[str, Any]:
    spec = services.fields(spec, "datasetItems")
    headers = _headers(scope, spec)
    dataset = services.path_segment(services.text_field(spec, "datasetId"))
    query = _query(spec, ("limit", "offset", "clean", "fields", "desc"), format="json")
    return services.request(f"{API}datasets/{dataset}/items{query}", "GET", headers)


MODULE = HostModule(
    "cordon.apify",
    "@cordon/sandbox-apify",
    "1",
    {
        "startRun": HostExport(start_run, (Arg("run", ("json",)),), scoped=True),
        "runStatus": HostExport(run_status, (Arg("run", ("json",)),), scoped=True),
        "datasetItems": HostExport(dataset_items, (Arg("dataset", ("json",)),), scoped=True),
    },
)
