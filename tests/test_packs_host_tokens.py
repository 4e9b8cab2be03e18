"""@nodetool-ai/sandbox-tokens on the host: js-tiktoken's ids from rank tables shipped in the pack."""

from __future__ import annotations

import hashlib
import json

from core.packs.roots import SHIPPED_DIR
from tests.conftest import ok
from tests.hostpacks import refused, run_body

TOKENS = "@nodetool-ai/sandbox-tokens"
RANKS = SHIPPED_DIR / "sandbox-tokens" / "ranks"
#: js-tiktoken 1.0.21's `encode(TEXT, [], [])` for each encoding (taken once from the npm package).
TEXT = "Hello world! Ünïcödé 日本語テキスト 12345 don't  \n\n\tcode: def f(x): return x**2 🎉"


def test_count_the_reference_example():
    code = f'''import {{ count }} from "{TOKENS}";
const tokens = await count(inputs.text, "cl100k_base");
return tokens;'''
    assert ok(run_body(code, inputs={"text": "hello world"})) == 2


def test_encode_decode_the_reference_example():
    code = f'''import {{ encode, decode }} from "{TOKENS}";
const ids = await encode(inputs.text);
return {{ ids, head: await decode(ids.slice(0, 500)), first: await decode(ids.slice(0, 1)) }};'''
    assert ok(run_body(code, inputs={"text": "hello world"})) == {
        "ids": [15339, 1917],
        "head": "hello world",
        "first": "hello",
    }


def test_each_encoding_gives_js_tiktokens_ids():
    code = f'''import tokens from "{TOKENS}";
const out = {{}};
for (const name of ["cl100k_base", "o200k_base", "p50k_base", "r50k_base"]) {{
  const ids = await tokens.encode(inputs.text, name);
  out[name] = [ids.length, ids.slice(0, 8), await tokens.decode(ids, name) === inputs.text];
}}
out.special = await tokens.count("<|endoftext|>");
return out;'''
    assert ok(run_body(code, inputs={"text": TEXT})) == {
        "cl100k_base": [36, [9906, 1917, 0, 31612, 77, 38672, 66, 3029], True],
        "o200k_base": [29, [13225, 2375, 0, 120241, 191375, 43369, 377, 17428], True],
        "p50k_base": [41, [15496, 995, 0, 49363, 77, 26884, 66, 9101], True],
        "r50k_base": [42, [15496, 995, 0, 49363, 77, 26884, 66, 9101], True],
        "special": 7,
    }


def test_the_shipped_tables_are_the_vendored_ones():
    source = json.loads((RANKS / "SOURCE.json").read_text())
    assert source["npm"] == "js-tiktoken@1.0.21"
    for name, meta in source["files"].items():
        assert hashlib.sha256((RANKS / f"{name}.json").read_bytes()).hexdigest() == meta["sha256"], name


def test_bad_input_names_the_pack_and_the_rule():
    refused(
        run_body(f'import {{ count }} from "{TOKENS}";\nreturn await count("x", "gpt5_base");'),
        "host-argument-invalid",
        "sandbox-tokens.count",
        "encoding",
    )
    refused(
        run_body(f'import {{ decode }} from "{TOKENS}";\nreturn await decode([1, 999999999]);'),
        "tokens-invalid-id",
        "sandbox-tokens.decode",
        "ids[1]",
    )
