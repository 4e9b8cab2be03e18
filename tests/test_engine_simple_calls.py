"""Cordon's small interpreter for simple functions (guest/simple_calls.c).

A function whose opcodes are all among a few (locals, arguments, closure reads, small ints, int
arithmetic and comparisons, jumps, calls, returns) runs in a small interpreter of its own, which
hands the frame to QuickJS's full interpreter at the first operand its fast paths do not take, and
on any exception. Each body below runs twice: as written (simple) and with `void this` added, which
no simple function contains, so the full interpreter runs it from its first opcode. Both must give
the same answers and the same errors; stopping and the stack bound must hold for simple functions.
"""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import CancelHandle, RunHooks, run_in_sandbox
from tests.conftest import ok

#: Simple function bodies over `a` and `b`, each using opcodes of the small interpreter's set.
BODIES = {
    "arithmetic": "return a + b - 3 * a + (a - 1) + (b + 100);",
    "comparisons": "let r = 0; if (a < b) r = r + 1; if (a <= b) r = r + 2; if (a > b) r = r + 4; "
    "if (a >= b) r = r + 8; if (a == b) r = r + 16; if (a != b) r = r + 32; if (a === b) r = r + 64; "
    "if (a !== b) r = r + 128; const stored = a < b; if (stored) r = r + 256; return r;",
    "branches": "if (a < b) { if (!(a > 0)) return 1; return 2; } else if (a === b) return 3; return 4;",
    "loop": "let s = 0; for (let i = 0; i < 20; i++) { s = s + a; if (s > b) s = s - b; } return s;",
    "locals": "let x = a, y = b, z = 0, w = 1; z = x; x = y; y = z; w = (z = x + y); return x * 1000 + y * 100 + z * 10 + w;",
    "down": "let n = 10, s = a; while (n--) { s = s * 2; } --n; return s + n;",
    "long_jump": "let s = 0; if (a < b) { " + " ".join(f"s = s + {i};" for i in range(70)) + " } return s;",
    "calls": "return sq(a) + sq(b) + two(a, b) + add3(a, b, 1);",
    "tail_call": "return two(b, a);",
    "before_declaration": "if (a === b) return early + 1; let early = a; return early;",
}
HELPERS = """
function sq(v) { return v * v; }
function two(x, y) { return x - y; }
function add3(x, y, z) { return x + y + z; }
"""
#: Int pairs, then pairs the fast paths hand over: floats, overflow, -0, strings, BigInts,
#: objects whose valueOf has a side effect (which must run exactly once). A function handed over
#: once runs in the full interpreter from then on: the ints after the first float check that too.
OPERANDS = [
    "[1, 2]", "[2, 1]", "[5, 5]", "[-3, 7]", "[0, 0]",
    "[2147483647, 1]", "[-2147483648, -1]", "[0, -5]", "[46341, 46341]",
    "[1.5, 2]", "[6, 7]", "[-0, 0]", "[NaN, 1]", "['7', 2]", "[null, undefined]", "[true, 1]",
    "[10n, 3n]", "[{ valueOf() { seen.push('a'); return 4; } }, 9]",
]  # fmt: skip

RUN = """
const seen = [];
%(helpers)s
const fns = {%(fns)s};
const show = (v) => Object.is(v, -0) ? "-0" : typeof v + ":" + (Array.isArray(v) ? v.map(show).join(",") : String(v));
return [%(operands)s].map(([a, b]) => Object.entries(fns).map(([name, f]) => {
  seen.length = 0;
  let out;
  try { out = show(f(a, b)); } catch (e) { out = e.name + ":" + e.message; }
  return out + "|" + seen.join(",");
}));
"""


def _answers(full: bool) -> list[list[str]]:
    prefix = "void this; " if full else ""
    fns = ", ".join(f"{name}: function (a, b) {{ {prefix}{body} }}" for name, body in BODIES.items())
    helpers = HELPERS.replace("{ return", "{ void this; return") if full else HELPERS
    return ok(run_in_sandbox(RUN % {"helpers": helpers, "fns": fns, "operands": ", ".join(OPERANDS)}))


def test_simple_functions_answer_as_the_full_interpreter_does_for_every_operand():
    simple, full = _answers(full=False), _answers(full=True)
    differ = [
        (name, operands, got, want)
        for operands, simple_row, full_row in zip(OPERANDS, simple, full, strict=True)
        for name, got, want in zip(BODIES, simple_row, full_row, strict=True)
        if got != want
    ]
    assert not differ

    def arithmetic(a: int, b: int) -> int:
        return a + b - 3 * a + (a - 1) + (b + 100)

    assert simple[0][0] == f"number:{arithmetic(1, 2)}|"
    assert simple[5][0] == f"number:{arithmetic(2**31 - 1, 1)}|"  # through floats past int32
    assert simple[-1][0] == f"number:{arithmetic(4, 9)}|a,a,a"  # valueOf ran once per use


def test_an_error_under_a_simple_frame_unwinds_it_with_its_line_in_the_stack():
    code = """function boom(n) { return n.x.y; }
function mid(n) { return boom(n) + 1; }
function top(n) { return mid(n) + 1; }
try { top(1); } catch (e) { return [e.name, e.stack.split("\\n").filter((l) => l.includes("at ")).length]; }"""
    name, frames = ok(run_in_sandbox(code))
    assert name == "TypeError" and frames >= 3
    result = run_in_sandbox(
        "function mid(n) { return boom(n) + 1; }\nfunction boom(n) { return n.x.y; }\nreturn mid(1);"
    )
    assert not result.ok and result.error.name == "TypeError" and result.error.line == 2, result.error


def test_a_caught_error_leaves_simple_callers_able_to_go_on():
    code = """function thrower(n) { if (n > 2) return n.x.y; return n; }
function sum(n) { let s = 0; for (let i = 0; i < n; i++) s = s + thrower(i); return s; }
const out = [];
for (let k = 0; k < 5; k++) { try { out.push(sum(k)); } catch (e) { out.push(e.name); } }
return out;"""
    assert ok(run_in_sandbox(code)) == [0, 0, 1, 3, "TypeError"]


@pytest.mark.parametrize(
    "body",
    [
        # a loop whose back edge is a goto
        "function spin(n) { let i = 0; while (n > 0) { i = i + 1; if (i > 1000000) i = 0; } return i; } return spin(1);",
        # recursion without any loop: only each call's entry polls
        "function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); } return fib(60);",
    ],
    ids=["loop", "recursion"],
)
def test_cancel_stops_a_simple_function(body):
    cancel = CancelHandle()
    threading.Timer(0.2, cancel.cancel).start()
    result = run_in_sandbox(body, limits={"timeoutMs": 60_000}, hooks=RunHooks(cancel=cancel))
    assert not result.ok and result.error.rule == "cancelled", result.error
    assert result.timings["run_ms"] < 30_000  # ended by the cancel, not by the timeout's backstop
    assert ok(run_in_sandbox("return 1 + 1")) == 2


@pytest.mark.parametrize(
    "recursion",
    [
        "function f() { return f(); }",  # the smallest frame: no locals, one stack slot
        "function f(n) { return f(n + 1); }",  # a tail call
        "function f(n) { return 1 + f(n + 1); }",
        "function f(a, b, c, d, e, g, h, i) { return f(a, b, c, d, e, g, h, i); }",
        "function f(n) { return g(n + 1); } function g(n) { void this; return f(n); }",  # simple and full, turn about
    ],
    ids=["smallest", "tail", "plain", "arguments", "mixed"],
)
def test_deep_simple_recursion_is_a_catchable_range_error_and_the_next_run_is_healthy(recursion):
    code = recursion + "\ntry { f(0, 0, 0, 0, 0, 0, 0, 0); } catch (e) { return [e.name, e.message]; }"
    assert ok(run_in_sandbox(code)) == ["RangeError", "Maximum call stack size exceeded"]
    assert ok(run_in_sandbox("function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); } return fib(20);")) == 6765


# -- random simple functions, simple against full --------------------------------------------

_leaves = st.sampled_from(["a", "b", "x", "y", "0", "1", "2", "7", "100", "127", "-3", "2147483647", "65536"])


def _expression(depth: int) -> st.SearchStrategy[str]:
    if depth == 0:
        return _leaves
    inner = _expression(depth - 1)
    return st.one_of(
        _leaves,
        st.tuples(inner, st.sampled_from(["+", "-", "*"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, st.sampled_from(["<", "<=", ">", ">=", "==", "!=", "===", "!=="]), inner, inner, inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]} ? {t[3]} : {t[4]})"
        ),
        st.tuples(inner, inner).map(lambda t: f"h({t[0]}, {t[1]})"),
    )


def _statement(depth: int) -> st.SearchStrategy[str]:
    expression = _expression(2)
    simple = st.one_of(
        st.tuples(st.sampled_from(["x", "y"]), expression).map(lambda t: f"{t[0]} = {t[1]};"),
        st.sampled_from(["x++;", "y--;", "--x;", "++y;", "x = x + 1;", "y = y - 2;"]),
    )
    if depth == 0:
        return simple
    block = st.lists(_statement(depth - 1), min_size=1, max_size=3).map(" ".join)
    return st.one_of(
        simple,
        st.tuples(expression, st.sampled_from(["<", ">=", "===", "!=="]), expression, block, block).map(
            lambda t: f"if ({t[0]} {t[1]} {t[2]}) {{ {t[3]} }} else {{ {t[4]} }}"
        ),
        st.tuples(st.integers(0, 4), block).map(lambda t: f"for (let k = 0; k < {t[0]}; k++) {{ {t[1]} }}"),
    )


_functions = st.tuples(st.lists(_statement(2), max_size=4).map(" ".join), _expression(2))
#: Operand pairs: ints (the small interpreter's own), and what it hands over.
_PAIRS = "[[3, 4], [-1, 2147483647], [0, -0], [1.5, 2], ['s', 3], [null, true], [46341, -46341], [2n, 3n]]"
_RANDOM = """
function h(p, q) { %(void)sreturn p - q * 2; }
const f = function (a, b) { %(void)slet x = a, y = b; %(body)s return %(result)s; };
const show = (v) => Object.is(v, -0) ? "-0" : typeof v + ":" + String(v);
return %(pairs)s.map(([a, b]) => { try { return show(f(a, b)); } catch (e) { return e.name + ":" + e.message; } });
"""


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(_functions)
def test_random_simple_functions_answer_as_the_full_interpreter_does(function):
    body, result = function
    answers = [
        ok(run_in_sandbox(_RANDOM % {"void": prefix, "body": body, "result": result, "pairs": _PAIRS}))
        for prefix in ("", "void this; ")
    ]
    assert answers[0] == answers[1], (body, result)
