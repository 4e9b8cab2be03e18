"""Code node inputs are JSON copies, as the reference's Code node makes them.

Reference: inputs are "deep-copied through JSON before entering the guest". The
expected values below are what `JSON.parse(JSON.stringify(v))` gives in V8.
"""

from __future__ import annotations

import datetime as dt

import pytest

from core.codenode.document import parse_document
from core.codenode.runner import NodeRunRequest, run_node


def _node(body: str, inputs: list[dict]) -> object:
    return parse_document({"schemaVersion": 1, "name": "t", "body": body, "inputs": inputs})


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (dt.datetime(2024, 1, 2, 3, 4, 5, 678000, tzinfo=dt.UTC), "2024-01-02T03:04:05.678Z"),
        (dt.datetime(2024, 1, 2, 5, 4, 5, tzinfo=dt.timezone(dt.timedelta(hours=2))), "2024-01-02T03:04:05.000Z"),
        (float("nan"), None),
        (float("-inf"), None),
        (b"\x01\xff", {"0": 1, "1": 255}),
        ((1, (2, 3)), [1, [2, 3]]),
        (
            {"when": dt.datetime(2000, 1, 1, tzinfo=dt.UTC), "n": [float("inf")]},
            {"when": "2000-01-01T00:00:00.000Z", "n": [None]},
        ),
    ],
)
def test_an_input_arrives_as_its_json_copy(value, expected):
    result = run_node(
        NodeRunRequest(_node("return { v: inputs.v, t: typeof inputs.v }", [{"name": "v"}]), inputs={"v": value})
    )
    assert result.ok, result.error
    assert result.outputs["v"] == expected
    assert result.outputs["t"] == (
        "object"
        if isinstance(expected, (dict, list)) or expected is None
        else type(expected).__name__.replace("str", "string")
    )


def test_a_declared_bytes_input_and_a_media_ref_pass_unchanged():
    ref = {"type": "image", "uri": "data:image/png;base64,AA==", "mimeType": "image/png"}
    body = "return { raw: inputs.raw instanceof Uint8Array, n: inputs.raw.length, ref: inputs.pic }"
    result = run_node(
        NodeRunRequest(
            _node(body, [{"name": "raw", "type": "bytes"}, {"name": "pic"}]),
            inputs={"raw": b"\x00\x01\x02", "pic": ref},
        )
    )
    assert result.ok, result.error
    assert result.outputs == {"raw": True, "n": 3, "ref": ref}


def test_a_value_json_cannot_hold_fails_the_node_by_name():
    result = run_node(NodeRunRequest(_node("return 1", [{"name": "v"}]), inputs={"v": {1, 2}}))
    assert not result.ok and result.error.rule == "input-type", result.error
    assert "input 'v'" in result.error.message


@pytest.mark.parametrize(
    ("body", "outputs"),
    [
        ("return new Map([['a', 1]])", {}),  # JSON.stringify(new Map(...)) === "{}"
        ("return new Set([1, 2])", {}),
        ("return new Date(86400000)", {"output": "1970-01-02T00:00:00.000Z"}),
        (
            "return { when: new Date(0), tags: new Set(['x']), n: NaN, gone: undefined, f: () => 1 }",
            {"when": "1970-01-01T00:00:00.000Z", "tags": {}, "n": None},
        ),
        ("return { list: [undefined, () => 1, Infinity, 2] }", {"list": [None, None, None, 2]}),
        ("return { at: { toJSON() { return 'custom'; } } }", {"at": "custom"}),
        ("return { bytes: new Uint8Array([1, 2]) }", {"bytes": b"\x01\x02"}),  # the reference keeps typed arrays
        ("const o = { a: [1] }; o.self = o; o.again = o.a; return o", {"a": [1], "self": "[Circular]", "again": [1]}),
    ],
)
def test_a_legacy_return_is_its_json_copy(body, outputs):
    result = run_node(NodeRunRequest(_node(body, [])))
    assert result.ok, result.error
    assert result.outputs == outputs


def test_run_in_sandbox_keeps_its_tagged_transport():
    """Only the Code node narrows to JSON: the raw API still returns dates and bytes."""
    from core import run_in_sandbox

    result = run_in_sandbox("return [new Date(0), new Uint8Array([1])]")
    assert result.result == [dt.datetime(1970, 1, 1, tzinfo=dt.UTC), b"\x01"]
