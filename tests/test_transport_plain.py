"""The guest's native fast path for plain data (guest/cordon_guest.c `plain_json`).

Plain objects and arrays leave the guest through a native check and JSON.stringify instead of
the prelude's replacer (one JS call per value). The two paths must write the same text, and
every shape that needs a marker, or could run guest code while it is written, must still go
through the encoder. Differential tests: a value alone may take the fast path; the same value
beside a Date (which needs a marker, so the whole tree takes the encoder) may not; the host must
receive the same thing both ways.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import RunServices, Surface, run_in_sandbox
from core.bridges.base import Op
from tests.conftest import ok

#: Plain values whose JSON text is easy to get wrong: escapes, number forms, keys, edges of the caps.
TRICKY = [
    "{}",
    "[]",
    "[[], {}, [[]]]",
    "{a: -0, b: 1e21, c: 5e-324, d: 2 ** 53, e: -(2 ** 53), f: 0.1 + 0.2, g: 1e-7}",
    "{q: 'quote \" back \\\\ slash', c: '\\u0000\\u001f\\t\\n', u: 'ü€😀', l: '\\u2028'}",
    "{['__proto__']: 1, constructor: 2, '': 3, '0': 4, '1e3': 5}",
    'JSON.parse(\'{"__proto__": {"x": 1}}\')',
    "{u: undefined, f: null, t: true, n: false}",
    "{s: 'x'.repeat(8192)}",
    "Object.assign(Object.create(null), {a: [1, {b: Object.create(null)}]})",
    "(() => { let v = 1; for (let i = 0; i < 31; i++) v = [v]; return v; })()",
    "(() => { const o = {b: 1, a: 2}; o[2] = 3; o[1] = 4; return o; })()",
    "Array.from({length: 300}, (_, i) => ({id: i, name: 'row' + i, tags: ['a', 'b']}))",
]


def _pair(expr: str) -> tuple[Any, Any]:
    """The host's value for `expr` alone, and for it beside a Date (the encoder's path)."""
    alone = ok(run_in_sandbox(f"return {expr};", limits={"maxOutputSize": 10 << 20}))
    beside = ok(run_in_sandbox(f"return {{v: {expr}, d: new Date(0)}};", limits={"maxOutputSize": 10 << 20}))
    assert beside["d"] == datetime(1970, 1, 1, tzinfo=UTC)
    return alone, beside["v"]


@pytest.mark.parametrize("expr", TRICKY)
def test_plain_values_arrive_as_the_encoder_writes_them(expr):
    alone, encoded = _pair(expr)
    assert json.dumps(alone) == json.dumps(encoded)


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**53), max_value=2**53),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values.filter(lambda v: isinstance(v, (list, dict))))
def test_generated_json_arrives_the_same_both_ways(value):
    alone, encoded = _pair(json.dumps(value))
    assert json.dumps(alone) == json.dumps(encoded)


#: Shapes that must take the encoder: each expression's host value is one only the encoder gives
#: (a marker revived, a sidecar string, a placeholder), or the text a run of guest code decided.
NOT_PLAIN = [
    ("{x: NaN}", lambda r: math.isnan(r["x"])),
    ("[Infinity]", lambda r: r == [math.inf]),
    ("{x: 10n ** 20n}", lambda r: r == {"x": 10**20}),
    ("{x: new Date(0)}", lambda r: r == {"x": datetime(1970, 1, 1, tzinfo=UTC)}),
    ("[new Uint8Array([1, 2])]", lambda r: r == [b"\x01\x02"]),
    ("{m: new Map([['a', 1]])}", lambda r: r == {"m": {"a": 1}}),
    # A big string rides beside the JSON, whole; a lone surrogate in it reads as U+FFFD, as in JSON text.
    ("{s: '\\ud800' + 'x'.repeat(9000)}", lambda r: r["s"][0] == "\ufffd" and len(r["s"]) == 9001),
    ("(() => { let v = 1; for (let i = 0; i < 40; i++) v = [v]; return v; })()", lambda r: "[MaxDepth]" in str(r)),
    ("(() => { const a = {}; a.self = a; return a; })()", lambda r: r == {"self": "[Circular]"}),
    # toJSON anywhere on the lookup path runs guest code: its Date must still be marked.
    (
        "(() => { Object.prototype.toJSON = function () { return new Date(0); }; return {a: 1}; })()",
        lambda r: r == datetime(1970, 1, 1, tzinfo=UTC),
    ),
    (
        "(() => { Object.setPrototypeOf(Array.prototype, { toJSON() { return new Date(0); } }); return [1]; })()",
        lambda r: r == datetime(1970, 1, 1, tzinfo=UTC),
    ),
    (
        "(() => { const o = {a: 1}; Object.defineProperty(o, 'toJSON', {value: () => new Date(0)}); return o; })()",
        lambda r: r == datetime(1970, 1, 1, tzinfo=UTC),
    ),
    # A getter is read once, by the encoder: the value it gives first is the value that arrives.
    (
        "(() => { let n = 0; const o = {}; Object.defineProperty(o, 'x', {enumerable: true,"
        " get() { n++; return n === 1 ? NaN : 'second read'; }}); return o; })()",
        lambda r: math.isnan(r["x"]),
    ),
    (
        "new Proxy({}, {ownKeys: () => ['d'], getOwnPropertyDescriptor: () => ({value: 1, enumerable: true,"
        " configurable: true}), get: () => new Date(0)})",
        lambda r: r == {"d": datetime(1970, 1, 1, tzinfo=UTC)},
    ),
    ("[1, , 3]", lambda r: r == [1, None, 3]),
    ("[undefined, () => 1]", lambda r: r == [None, None]),
    ("new (class Row { constructor() { this.when = new Date(0); } })()", lambda r: r["when"].year == 1970),
]


@pytest.mark.parametrize(("expr", "check"), NOT_PLAIN, ids=[e for e, _ in NOT_PLAIN])
def test_shapes_that_need_the_encoder_still_get_it(expr, check):
    result = ok(run_in_sandbox(f"return {expr};"))
    assert check(result), result


def test_bridge_arguments_take_the_same_paths():
    received: list[Any] = []

    def take(scope, *args):
        received.append(args)
        return len(received)

    probe = Surface(
        "probe",
        {"probe.take": Op(take, sync=True)},
        'C.define("take", (...a) => C.callSync("probe.take", ...a));',
        ("take",),
    )
    result = run_in_sandbox(
        "take({rows: [{id: 1, tags: ['a']}], n: null}, [1.5, 'x']); take({when: new Date(0)}, [NaN]); return 1;",
        services=RunServices(surfaces=(probe,)),
    )
    assert ok(result) == 1
    assert received[0] == ({"rows": [{"id": 1, "tags": ["a"]}], "n": None}, [1.5, "x"])
    assert received[1][0] == {"when": datetime(1970, 1, 1, tzinfo=UTC)} and math.isnan(received[1][1][0])
