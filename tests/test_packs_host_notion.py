"""@nodetool-ai/sandbox-notion: request built on the host, sent by the guest's fetch to a real server on
127.0.0.1 that checks it; plainText and toMarkdown on real Notion block shapes; the token's secret."""

from __future__ import annotations

import json

from tests.conftest import ok
from tests.hostpacks import refused, run_body
from tests.http_server import RecordingServer

NOTION = "@nodetool-ai/sandbox-notion"
PRIVATE = {"allowPrivateNetwork": True}


def rich(text: str, **annotations: bool) -> dict:
    return {
        "type": "text",
        "text": {"content": text, "link": None},
        "plain_text": text,
        "href": None,
        "annotations": {"bold": False, "italic": False, "code": False, "strikethrough": False, **annotations},
    }


def block(kind: str, *texts: dict, **extra: object) -> dict:
    return {"object": "block", "type": kind, kind: {"rich_text": list(texts), **extra}}


def test_request_goes_out_through_fetch_with_the_token_and_version():
    code = f'''import {{ request }} from "{NOTION}";
const token = inputs.token;
const req = await request({{ token, path: "search", method: "POST", body: {{ query: inputs.query, page_size: 10 }} }});
const res = await fetch(req.url.replace("https://api.notion.com", inputs.base), req);
return [req.url, req.method, res.status];'''
    with RecordingServer() as server:
        url, method, status = ok(
            run_body(code, inputs={"token": "secret_abc", "query": "roadmap", "base": server.url("")}, limits=PRIVATE)
        )
        got = server.requests[-1]
    assert (url, method, status) == ("https://api.notion.com/v1/search", "POST", 404)
    assert got.method == "POST" and got.path == "/v1/search"
    assert got.headers["authorization"] == "Bearer secret_abc" and got.headers["notion-version"] == "2022-06-28"
    assert got.headers["content-type"] == "application/json"
    assert json.loads(got.body) == {"query": "roadmap", "page_size": 10}


def test_plain_text_and_markdown_of_a_page():
    code = f'''import {{ plainText, toMarkdown }} from "{NOTION}";
const page = inputs.page, blocks = inputs.blocks;
const title = await plainText(page.properties.Name.title);
return {{ title, markdown: await toMarkdown(blocks) }};'''
    page = {"properties": {"Name": {"id": "title", "type": "title", "title": [rich("Q3 "), rich("plan", bold=True)]}}}
    link = rich("docs")
    link["href"] = "https://example.com/docs"
    blocks = [
        block("heading_1", rich("Plan")),
        block(
            "paragraph",
            rich("Ship "),
            rich("fast", italic=True),
            rich(" and "),
            rich("safe", bold=True),
            rich(", see "),
            link,
            rich("."),
        ),
        block("bulleted_list_item", rich("one")),
        {**block("bulleted_list_item", rich("two")), "children": [block("bulleted_list_item", rich("two.a"))]},
        block("numbered_list_item", rich("first")),
        block("numbered_list_item", rich("second")),
        block("to_do", rich("done"), checked=True),
        block("code", rich("print(1)"), language="python"),
        {"type": "divider", "divider": {}},
        block("quote", rich("Be kind")),
        {"type": "unsupported", "unsupported": {}},
    ]
    got = ok(run_body(code, inputs={"page": page, "blocks": blocks}))
    assert got["title"] == "Q3 plan"
    assert got["markdown"] == (
        "# Plan\n\nShip _fast_ and **safe**, see [docs](https://example.com/docs).\n\n- one\n- two\n  - two.a\n"
        "1. first\n2. second\n- [x] done\n\n```python\nprint(1)\n```\n\n---\n\n> Be kind"
    )


def test_the_token_comes_from_the_scoped_secret_or_the_error_offers_request_secret(memory_keyring):
    from core import secrets_store

    code = f'''import {{ request }} from "{NOTION}";
const req = await request({{ path: "users/me" }});
return req.headers.Authorization;'''
    refused(
        run_body(code),
        "secret-unset",
        "sandbox-notion.request",
        "NOTION_API_KEY",
        'requestSecret("NOTION_API_KEY", reason)',
    )
    secrets_store.set_secret("NOTION_API_KEY", "secret_from_store")
    assert ok(run_body(code, limits={"secretScope": ["NOTION_API_KEY"]})) == "Bearer secret_from_store"
    refused(run_body(code, limits={"secretScope": []}), "secret-out-of-scope", "NOTION_API_KEY")
    escape = f'import {{ request }} from "{NOTION}";\nreturn await request({{ token: "t", path: "../../evil" }});'
    refused(run_body(escape), "service-bad-path", "sandbox-notion.request")
