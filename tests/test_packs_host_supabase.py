"""@nodetool-ai/sandbox-supabase: PostgREST requests built on the host and sent by the guest's fetch to a
real server on 127.0.0.1 that checks their shape; url and key from the scoped secrets."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlsplit

from tests.conftest import ok
from tests.hostpacks import refused, run_body
from tests.http_server import RecordingServer

SUPABASE = "@nodetool-ai/sandbox-supabase"
PRIVATE = {"allowPrivateNetwork": True}


def test_from_and_rpc_as_documented_reach_the_server_with_key_and_query():
    code = f'''import {{ from, rpc }} from "{SUPABASE}";
const {{ url, key }} = inputs;
const req = await from({{ url, key, table: "issues", select: "id,title,status", filters: {{ status: "eq.open" }}, order: "created_at.desc", limit: 20 }});
const call = await rpc({{ url, key, fn: "search_issues", args: {{ term: inputs.term }} }});
return [(await fetch(req.url, req)).status, (await fetch(call.url, call)).status, req.method, call.method];'''
    with RecordingServer() as server:
        got = ok(
            run_body(code, inputs={"url": server.url(""), "key": "anon-key", "term": "crash & burn"}, limits=PRIVATE)
        )
        select, call = server.requests
    assert got == [404, 404, "GET", "POST"]
    parts = urlsplit(select.path)
    assert parts.path == "/rest/v1/issues"
    assert parse_qsl(parts.query) == [
        ("select", "id,title,status"),
        ("status", "eq.open"),
        ("order", "created_at.desc"),
        ("limit", "20"),
    ]
    assert select.method == "GET" and select.body == b""
    for request in (select, call):
        assert request.headers["apikey"] == "anon-key" and request.headers["authorization"] == "Bearer anon-key"
    assert call.path == "/rest/v1/rpc/search_issues" and call.headers["content-type"] == "application/json"
    assert json.loads(call.body) == {"term": "crash & burn"}


def test_url_and_key_from_secrets_and_a_table_name_cannot_add_path(memory_keyring):
    from core import secrets_store

    code = f'''import supabase from "{SUPABASE}";
return await supabase.from({{ table: inputs.table, method: "POST", body: {{ title: "x" }} }});'''
    refused(
        run_body(code, inputs={"table": "issues"}),
        "secret-unset",
        "sandbox-supabase.from",
        "SUPABASE_URL",
        "requestSecret",
    )
    secrets_store.set_secret("SUPABASE_URL", "https://abc.supabase.co/")
    secrets_store.set_secret("SUPABASE_KEY", "service-key")
    req = ok(run_body(code, inputs={"table": "../auth/users"}))
    assert req["url"] == "https://abc.supabase.co/rest/v1/..%2Fauth%2Fusers?select=*"
    assert req["headers"]["Prefer"] == "return=representation" and req["body"] == '{"title":"x"}'
    refused(
        run_body(code, inputs={"table": "issues"}, limits={"secretScope": ["SUPABASE_URL"]}),
        "secret-out-of-scope",
        "SUPABASE_KEY",
    )
    refused(run_body(code, inputs={"table": ".."}), "service-bad-path", "sandbox-supabase.from")
