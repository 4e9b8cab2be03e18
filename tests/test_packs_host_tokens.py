"""@nodetool-ai/sandbox-tokens on the host: js-tiktoken's ids from rank tables shipped in the pack."""

from __future__ import annotations

import hashlib
import json
import random
import re
import string

from core.packs.host.tokens import _WHITE, ENCODINGS, LONG_RUN, MAX_RUN, _ids, encoding
from core.packs.roots import SHIPPED_DIR
from tests.conftest import ok
from tests.hostpacks import next_run_is_served, refused, run_body, stopped_by_deadline

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


# -- long runs: tiktoken's regex crashes on ~999,000 spaces; long words are slow and cannot be interrupted ----------

#: Characters that take every branch of the four encodings' regexes: spaces tiktoken counts as `\s` and Python
#: does not (and the reverse, U+001C), line breaks, letters with marks and contractions, digits of several kinds.
ALPHABET = [" ", " ", " ", "\t", "\n", "\r", "\r\n", "\xa0", "\u3000", "\x0b", "\x0c", "\x85", "\x1c", "\u2028", "a",
            "Z", "é", "ß", "日", "한", "1", "7", "٣", "½", "Ⅻ", "!", "'", "'S", "s", "t", "ll", "/", "\u0301", "-", "🎉",
            ".", "_"]  # fmt: skip


def varied_text(rnd: random.Random) -> str:
    return "".join(
        rnd.choice(ALPHABET) * (rnd.randint(1, 6) if rnd.random() < 0.3 else 1) for _ in range(rnd.randint(0, 60))
    )


def test_encoding_in_segments_and_around_the_regex_gives_tiktokens_own_ids():
    """`_ids` cuts the text where tiktoken's regex ends a piece and BPE-encodes long whitespace runs directly;
    with its thresholds lowered to every run and every cut, the ids are still tiktoken's, for all encodings."""
    enc_prose = TEXT + " The quick brown fox's   jumps\n\n  over 12345 lazy dogs!!\r\n\tdone  "
    for name in ENCODINGS:
        enc = encoding(name)
        rnd = random.Random(name)
        for run_length, segment in ((1, 1), (2, 3), (5, 1), (LONG_RUN, 7)):
            every_run = re.compile(f"(?<![{_WHITE}])[{_WHITE}]{{{run_length},}}")
            for text in [enc_prose] + [varied_text(rnd) for _ in range(400)]:
                assert _ids(enc, text, every_run, segment) == enc.encode_ordinary(text), (name, text)


def test_a_million_spaces_are_counted():
    code = f'''import {{ count, encode }} from "{TOKENS}";
const spaces = " ".repeat(1e6);
return [await count(spaces), await count(spaces + "x\\n" + spaces, "o200k_base"), (await encode(spaces, "r50k_base")).length];'''
    counts = ok(run_body(code))
    # below the run tiktoken's regex cannot take, its own count; 1e6 spaces are one piece of the same BPE
    assert encoding("cl100k_base").encode_ordinary(" " * 990_000) == encoding("cl100k_base")._encode_single_piece(
        " " * 990_000
    )
    o200k = encoding("o200k_base")
    assert counts == [
        len(encoding("cl100k_base")._encode_single_piece(" " * 1_000_000)),
        len(o200k._encode_single_piece(" " * 999_999))
        + 2
        + len(o200k._encode_single_piece(" " * 1_000_000)),  # " x", "\n"
        1_000_000,
    ]


def test_a_run_tiktoken_cannot_stop_in_is_refused_and_the_next_run_is_healthy():
    code = f'import {{ count }} from "{TOKENS}";\nreturn await count(inputs.text);'
    joined = "-".join(["x" * 70_000] * 16)  # long words where nothing cuts the text: one native call
    for text in ("ab " + "x" * (MAX_RUN + 1), "\n" * (MAX_RUN + 1), "!" * (MAX_RUN + 5) + " hi", joined):
        refused(run_body(code, inputs={"text": text}), "tokens-run-too-long", "sandbox-tokens.count", "break them up")
    assert ok(run_body(code, inputs={"text": "hello world"})) == 2


def test_a_long_count_stops_with_its_run_and_frees_the_workers():
    # 5 MB of 256 KiB random words: ~2.5 s of native BPE per call (cl100k; 4.3 s for one word of 5 MB), which
    # nothing can interrupt; the run is checked between segments of ~256 KiB, cut before the next space
    rnd = random.Random(9)
    text = " ".join("".join(rnd.choices(string.ascii_lowercase, k=256 * 1024)) for _ in range(19))
    stopped_by_deadline(TOKENS, "count(inputs.text)", {"text": text})
    assert next_run_is_served(f'import {{ count }} from "{TOKENS}";\nreturn await count("hello world");') == 2
