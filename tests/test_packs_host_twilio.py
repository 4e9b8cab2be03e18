"""@nodetool-ai/sandbox-twilio: a Basic-auth, form-encoded request built on the host, sent by the guest's
fetch to a real server on 127.0.0.1 that checks it; only Twilio hosts; credentials from the secrets."""

from __future__ import annotations

import base64
from urllib.parse import parse_qsl

from tests.conftest import ok
from tests.hostpacks import refused, run_body
from tests.http_server import RecordingServer

TWILIO = "@nodetool-ai/sandbox-twilio"
PRIVATE = {"allowPrivateNetwork": True}


def test_the_documented_message_request_reaches_the_server_as_twilio_expects():
    code = f'''import {{ request }} from "{TWILIO}";
const {{ accountSid, authToken }} = inputs;
const req = await request({{ accountSid, authToken, path: "Messages.json", method: "POST", params: {{ To: inputs.to, From: inputs.from, Body: inputs.text }} }});
const res = await fetch(req.url.replace("https://api.twilio.com", inputs.base), req);
return [req.url, res.status];'''
    with RecordingServer() as server:
        url, status = ok(
            run_body(
                code,
                inputs={
                    "accountSid": "AC123",
                    "authToken": "tok",
                    "to": "+15550001",
                    "from": "+15550002",
                    "text": "Hi & bye",
                    "base": server.url(""),
                },
                limits=PRIVATE,
            )
        )
        got = server.requests[-1]
    assert (url, status) == ("https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json", 404)
    assert got.method == "POST" and got.path == "/2010-04-01/Accounts/AC123/Messages.json"
    assert got.headers["authorization"] == "Basic " + base64.b64encode(b"AC123:tok").decode()
    assert got.headers["content-type"] == "application/x-www-form-urlencoded"
    assert parse_qsl(got.body.decode()) == [("To", "+15550001"), ("From", "+15550002"), ("Body", "Hi & bye")]


def test_credentials_from_secrets_get_params_and_only_twilio_hosts(memory_keyring):
    from core import secrets_store

    code = f'''import twilio from "{TWILIO}";
return await twilio.request(inputs.req);'''
    listing = {"path": "Messages.json", "params": {"To": "+1", "PageSize": 20}}
    refused(
        run_body(code, inputs={"req": listing}),
        "secret-unset",
        "sandbox-twilio.request",
        "TWILIO_ACCOUNT_SID",
        "requestSecret",
    )
    secrets_store.set_secret("TWILIO_ACCOUNT_SID", "AC9")
    secrets_store.set_secret("TWILIO_AUTH_TOKEN", "t9")
    req = ok(run_body(code, inputs={"req": listing}))
    assert req == {
        "url": "https://api.twilio.com/2010-04-01/Accounts/AC9/Messages.json?To=%2B1&PageSize=20",
        "method": "GET",
        "headers": {"Authorization": "Basic " + base64.b64encode(b"AC9:t9").decode(), "Accept": "application/json"},
    }
    other = {"path": "Services", "baseUrl": "https://messaging.twilio.com/v1"}
    assert ok(run_body(code, inputs={"req": other}))["url"] == "https://messaging.twilio.com/v1/Services"
    for base in ("https://evil.example/v1", "http://api.twilio.com", "https://twilio.com.evil.example"):
        refused(run_body(code, inputs={"req": dict(other, baseUrl=base)}), "twilio-host", "*.twilio.com")
