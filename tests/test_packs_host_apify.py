"""@nodetool-ai/sandbox-apify: run, poll and dataset requests built on the host, sent by the guest's fetch
to a real server on 127.0.0.1 that checks them; the token from the scoped secret."""

from __future__ import annotations

import json

from tests.conftest import ok
from tests.hostpacks import refused, run_body
from tests.http_server import RecordingServer

APIFY = "@nodetool-ai/sandbox-apify"
PRIVATE = {"allowPrivateNetwork": True}


def test_documented_run_poll_and_items_requests_reach_the_server():
    code = f'''import {{ startRun, runStatus, datasetItems }} from "{APIFY}";
const token = inputs.token, run = {{ id: "run 1", defaultDatasetId: "ds1" }};
const send = (req) => fetch(req.url.replace("https://api.apify.com", inputs.base), req);
const start = await startRun({{ token, actor: "apify/web-scraper", input: {{ startUrls: inputs.urls.map((url) => ({{ url }})) }} }});
const poll = await runStatus({{ token, runId: run.id }});
const items = await datasetItems({{ token, datasetId: run.defaultDatasetId, limit: 1000 }});
for (const req of [start, poll, items]) await send(req);
return [start.url, poll.url, items.url];'''
    with RecordingServer() as server:
        urls = ok(
            run_body(
                code,
                inputs={
                    "token": "apify_api_x",
                    "urls": ["https://a.example/", "https://b.example/"],
                    "base": server.url(""),
                },
                limits=PRIVATE,
            )
        )
        start, poll, items = server.requests
    assert urls == [
        "https://api.apify.com/v2/acts/apify~web-scraper/runs",
        "https://api.apify.com/v2/actor-runs/run%201",
        "https://api.apify.com/v2/datasets/ds1/items?format=json&limit=1000",
    ]
    assert [r.method for r in (start, poll, items)] == ["POST", "GET", "GET"]
    assert all(r.headers["authorization"] == "Bearer apify_api_x" for r in (start, poll, items))
    assert start.headers["content-type"] == "application/json"
    assert json.loads(start.body) == {"startUrls": [{"url": "https://a.example/"}, {"url": "https://b.example/"}]}
    assert poll.path == "/v2/actor-runs/run%201" and items.path == "/v2/datasets/ds1/items?format=json&limit=1000"


def test_the_token_comes_from_the_secret_or_the_error_says_how_to_get_it(memory_keyring):
    from core import secrets_store

    code = f'import {{ runStatus }} from "{APIFY}";\nreturn (await runStatus({{ runId: "r1" }})).headers;'
    refused(
        run_body(code), "secret-unset", "sandbox-apify.runStatus", "APIFY_TOKEN", 'requestSecret("APIFY_TOKEN", reason)'
    )
    secrets_store.set_secret("APIFY_TOKEN", "from-store")
    assert ok(run_body(code))["Authorization"] == "Bearer from-store"
    refused(run_body(code, limits={"secretScope": ["NOTION_API_KEY"]}), "secret-out-of-scope", "APIFY_TOKEN")
