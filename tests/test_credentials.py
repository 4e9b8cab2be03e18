"""Credentials stay separate, on the real engine, a real keyring backend isolated
to the test, and real HTTP servers on 127.0.0.1.

* The installer's registry token lives under a keyring service no run can
  name; one stored the old way (beside the user's secrets) is neither listed
  nor readable by an unscoped run, and moves over on its first read.
* A cross-origin redirect keeps only a short safe list of the headers a run
  set, whatever the credential header is called.
* The asset store answers a run only for assets it, its node, or its host
  inputs put in front of it.
"""

from __future__ import annotations

import json

import pytest

from core import run_in_sandbox
from core import secrets_store as store
from core.codenode import CodeNodeDocument, InputHandle, NodeRunRequest, OutputHandle, run_node
from core.media_store import AssetStore
from core.packs.install import registry_token
from core.paths import data_dir
from tests.conftest import ok
from tests.http_server import RecordingServer
from tests.install_support import home, memory_keyring

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home", "memory_keyring"]

LOCAL = {"allowPrivateNetwork": True}


def failed(result, rule: str) -> str:
    assert not result.ok and result.error.rule == rule, result.error
    return result.error.message


def old_style_token(backend, name: str, value: str) -> None:
    """What an older Cordon left behind: the token beside the user's secrets, listed in the index."""
    backend.set_password(store.SERVICE, name, value)
    (data_dir() / store.INDEX_NAME).write_text(json.dumps({"names": [name, "API_KEY"]}))


# -- the registry token ---------------------------------------------------------------------


def test_an_unscoped_run_can_neither_list_nor_read_the_registry_token(memory_keyring):
    store.set_secret("API_KEY", "user-secret")
    old_style_token(memory_keyring, "npm-token:registry.npmjs.org", "npm_s3cret")
    result = ok(
        run_in_sandbox("""
        const names = await nodetool.secrets.list();
        const read = await getSecret("npm-token:registry.npmjs.org").catch((e) => e.message);
        const asked = await nodetool.secrets.get("npm-token:registry.npmjs.org").catch((e) => e.message);
        return {names, read, asked, user: await getSecret("API_KEY")};
    """)
    )
    assert result["names"] == ["API_KEY"] and result["user"] == "user-secret"
    for message in (result["read"], result["asked"]):
        assert "npm_s3cret" not in message and "secret-reserved" in message


def test_a_scope_naming_the_token_does_not_reach_it_either(memory_keyring):
    store.set_secret("npm-token:registry.npmjs.org", "npm_s3cret")
    failed(
        run_in_sandbox(
            'return await getSecret("npm-token:registry.npmjs.org")',
            limits={"secretScope": ["npm-token:registry.npmjs.org"]},
        ),
        "secret-reserved",
    )


def test_the_token_is_kept_under_cordons_own_service(memory_keyring):
    store.set_secret("npm-token:127.0.0.1:4873", "tok")  # the secrets page, typed by the person
    assert memory_keyring.store == {(store.CREDENTIALS_SERVICE, "npm-token:127.0.0.1:4873"): "tok"}
    assert store.list_names() == []
    assert registry_token("http://127.0.0.1:4873/") == "tok"
    store.delete_secret("npm-token:127.0.0.1:4873")
    assert memory_keyring.store == {}


def test_an_old_token_migrates_on_first_read(memory_keyring):
    old_style_token(memory_keyring, "npm-token:127.0.0.1:4873", "old-tok")
    store.set_secret("API_KEY", "v")
    assert registry_token("http://127.0.0.1:4873/") == "old-tok"
    assert memory_keyring.store == {
        (store.CREDENTIALS_SERVICE, "npm-token:127.0.0.1:4873"): "old-tok",
        (store.SERVICE, "API_KEY"): "v",
    }
    assert json.loads((data_dir() / store.INDEX_NAME).read_text())["names"] == ["API_KEY"]
    assert registry_token("http://127.0.0.1:4873/") == "old-tok"  # and is read from there afterwards


# -- cross-origin redirects -----------------------------------------------------------------


def test_a_cross_origin_redirect_keeps_only_the_safe_headers():
    headers = {
        "Authorization": "Bearer a",
        "Cookie": "sid=1",
        "X-Api-Key": "k",
        "Private-Token": "t",
        "X-Custom": "c",
        "Accept": "application/json",
        "Accept-Language": "fr",
        "Content-Type": "text/plain",
    }
    with RecordingServer() as origin, RecordingServer() as other:
        code = f"""
            const h = {json.dumps(headers)};
            const cross = await fetch({json.dumps(origin.url("/redirect?status=307&to=" + other.url("/headers")))},
                                      {{method: "POST", body: "x", headers: h}});
            const same = await fetch({json.dumps(origin.url("/redirect?status=307&to=/headers"))},
                                     {{method: "POST", body: "x", headers: h}});
            return [cross.json, same.json];"""
        cross, same = ok(run_in_sandbox(code, limits=LOCAL))
    sent = {k.lower(): v for k, v in headers.items()}
    assert {k: v for k, v in cross.items() if k in sent} == {
        "accept": "application/json",
        "accept-language": "fr",
        "content-type": "text/plain",
    }
    assert cross["user-agent"].startswith("Cordon")
    assert all(same[name] == value for name, value in sent.items())  # same origin: everything kept


# -- the asset store ------------------------------------------------------------------------

PUT = "const ref = await media.toDocument(new TextEncoder().encode(inputs.text)); return ref.uri;"


def test_a_run_reads_only_assets_it_put_or_was_handed():
    uri = ok(run_in_sandbox(PUT, inputs={"text": "another document's report"}))
    read = f'return new TextDecoder().decode(await media.bytes({{type: "document", uri: {json.dumps(uri)}}}));'
    message = failed(run_in_sandbox(read), "asset-not-granted")
    assert "report" not in message
    # Not even whether it exists: an id nobody stored is refused the same way.
    failed(run_in_sandbox(read.replace(uri[8:], "0" * 64)), "asset-not-granted")
    handed = "return new TextDecoder().decode(await media.bytes(inputs.ref));"
    assert ok(run_in_sandbox(handed, inputs={"ref": {"type": "document", "uri": uri}})) == "another document's report"
    own = PUT.replace("return ref.uri;", "return new TextDecoder().decode(await media.bytes(ref));")
    assert ok(run_in_sandbox(own, inputs={"text": "mine"})) == "mine"


def test_a_node_reads_back_what_its_earlier_invocations_put():
    uri = AssetStore().put(b"someone else's")
    body = f"""
        if (state.uri === undefined) {{
          state.uri = (await media.toDocument(new TextEncoder().encode("from the first item"))).uri;
          state.other = {json.dumps(uri)};
          return;
        }}
        const text = new TextDecoder().decode(await media.bytes({{type: "document", uri: state.uri}}));
        const other = await media.bytes({{type: "document", uri: state.other}}).then(() => "read", (e) => e.rule);
        await output("out", [text, other]);
    """
    doc = CodeNodeDocument(body=body, inputs=(InputHandle(name="item"),), outputs=(OutputHandle(name="out"),))
    result = run_node(NodeRunRequest(doc, streams={"item": [1, 2]}))
    assert result.ok, result.error
    assert result.outputs == {"out": ["from the first item", "asset-not-granted"]}
