"""Cordon's guest against a stock build of the same QuickJS-ng sdist: the same answers.

Cordon changes QuickJS's interpreter (guest/patch_quickjs.py: fused compare-and-jump, add/sub of a
small constant; guest/simple_calls.c: a second, small interpreter for simple functions). A stock
build (`guest/build.sh --stock`) has none of that, so any answer that differs between the two is a
bug in Cordon's changes, but for the one difference made on purpose and allowed by name
(`same_but_the_named_callee`: "o.foo is not a function" where stock says "not a function",
guest/callee_names.c). Random programs aim at every path those changes take: int32 edges, -0,
NaN, floats, strings, BigInts, objects with a counting valueOf, missing and extra arguments, reads
before a `let` ran, recursion, tail calls, a frame handed over to the full interpreter mid-call.

Each function is called with ints first. A simple function that meets any other operand is handed
over and marked not simple from then on, so an int edge checked after a float only ever runs in
the full interpreter (two bugs seeded into simple_calls.c passed such tests). Values, error names
and messages, and how often each call ran a valueOf, are compared.

CI runs a fixed seed (FUZZ_PROGRAMS programs); CORDON_FUZZ_PROGRAMS=100000 (and CORDON_FUZZ_SEED)
runs more on demand. CORDON_GUEST_UNDER_TEST names a build to check instead of the shipped one:
guest/mutate.py seeds bugs and shows each fails this file.
"""

from __future__ import annotations

import os
import random
import re

import pytest

from tests.guest_harness import BareGuest, Outcome, guest_under_test, stock_guest

#: Programs the fixed seed runs in CI (each ~12 functions and ~60 calls; about 10 s on both guests).
FUZZ_PROGRAMS = int(os.environ.get("CORDON_FUZZ_PROGRAMS", "600"))
FUZZ_SEED = int(os.environ.get("CORDON_FUZZ_SEED", "28"))
FUNCTIONS_PER_PROGRAM = 12

#: The first test may build the stock guest (~30 s, ~60 s on a busy machine) when `./dev.sh guest`
#: has not; a mutant that never polls runs each cancelled loop to its 5 s backstop; a larger count
#: on demand gets time in proportion (~25 ms a program on a busy machine).
pytestmark = pytest.mark.timeout(300 + FUZZ_PROGRAMS // 10)

INT_EDGES = (
    0, 1, -1, 2, 3, 7, -7, 100, 127, 128, -128, -129, 255, 46340, 46341, -46341, 65535, 65536,
    -65536, 1073741823, 1073741824, -1073741824, 2147483646, 2147483647, -2147483647, -2147483648,
)  # fmt: skip
OTHER_OPERANDS = (
    "-0", "0.5", "-1.5", "NaN", "Infinity", "-Infinity", "2147483648", "-2147483649", "4294967296",
    "1e10", "'7'", "'a'", "''", "null", "undefined", "true", "false", "3n", "-5n", "0n", "2147483648n",
    "cnt(4)", "cnt(-0)", "cnt('x')", "cnt(2147483647)", "{}", "[3]",
)  # fmt: skip
#: Int constants a simple function may hold: small ones fuse into add_i8/sub_i8.
CONSTANTS = ("0", "1", "2", "7", "100", "127", "-1", "-128", "128", "255", "65536", "2147483647", "-2147483648")
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=", "===", "!==")

PRELUDE = """(function () {
var effects = 0;
const cnt = (v) => ({ valueOf() { effects++; return v; } });
const show = (v) => Object.is(v, -0) ? "-0" : typeof v + ":" + String(v);
const out = [];
const rec = (thunk) => {
  effects = 0;
  let r;
  try { r = show(thunk()); } catch (e) { r = "!" + e.name + ":" + e.message; }
  out.push(r + "#" + effects);
};
var K = 7, KBIG = 2147483647;
function h1(p, q) { return p - q * 2; }
function h3(p, q, r) { return p + q + r; }
function notsimple(p) { void this; return p * 3; }
function rec_tail(n, acc) { if (n <= 0) return acc; return rec_tail(n - 1, acc + n); }
function rec_sum(n) { if (n <= 0) return 0; return n + rec_sum(n - 1); }
function deep(n) { return deep(n + 1); }
"""
EPILOGUE = """throw { name: "Result", message: out.join("\\n") };
})();
"""


class _Program:
    """One random program: functions over (a, b) using the small interpreter's opcodes, each
    called with ints first."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.has_late = False

    def leaf(self) -> str:
        return self.rng.choice(("a", "b", "x", "y", "x", "y", "K", "KBIG", *CONSTANTS))

    def expr(self, depth: int) -> str:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.25:
            return self.leaf()
        kind = rng.random()
        if kind < 0.45:
            return f"({self.expr(depth - 1)} {rng.choice('+-*')} {self.expr(depth - 1)})"
        if kind < 0.6:  # a small constant: add_i8 / sub_i8
            return f"({self.expr(depth - 1)} {rng.choice('+-')} {rng.choice(('1', '2', '127', '-128', '-1', '0'))})"
        if kind < 0.75:
            cmp = rng.choice(COMPARISONS)
            return f"({self.expr(depth - 1)} {cmp} {self.expr(depth - 1)} ? {self.expr(depth - 1)} : {self.expr(depth - 1)})"
        if kind < 0.8:  # a comparison's value, not its jump
            return f"({self.expr(depth - 1)} {rng.choice(COMPARISONS)} {self.expr(depth - 1)})"
        if kind < 0.86:
            return f"h1({self.expr(depth - 1)}, {self.expr(depth - 1)})"
        if kind < 0.89:
            return f"h1({self.expr(depth - 1)}, {self.expr(depth - 1)}, {self.leaf()})"  # an extra argument
        if kind < 0.92:
            return f"h3({self.expr(depth - 1)}, {self.leaf()})"  # a missing argument
        if kind < 0.94:
            return f"notsimple({self.expr(depth - 1)})"
        if kind < 0.97:
            return f"rec_tail({rng.randint(0, 30)}, {self.expr(depth - 1)})"
        return f"rec_sum({rng.randint(0, 30)})"

    def statement(self, depth: int) -> str:
        rng = self.rng
        kind = rng.random()
        var = rng.choice(("x", "y", "x", "y", "a", "b"))
        if depth <= 0 or kind < 0.35:
            return f"{var} = {self.expr(2)};"
        if kind < 0.5:
            return rng.choice(("x++;", "y--;", "++x;", "--y;", "x = y++;", "y = --x;", "x = ++y;", "y = x--;"))
        if kind < 0.65:
            block = " ".join(self.statement(depth - 1) for _ in range(rng.randint(1, 3)))
            other = " ".join(self.statement(depth - 1) for _ in range(rng.randint(0, 2)))
            return f"if ({self.expr(1)} {rng.choice(COMPARISONS)} {self.expr(1)}) {{ {block} }} else {{ {other} }}"
        if kind < 0.75:
            block = " ".join(self.statement(depth - 1) for _ in range(rng.randint(1, 2)))
            return f"for (let k = 0; k {rng.choice(('<', '<=', '!=='))} {rng.randint(0, 5)}; k++) {{ {block} }}"
        if kind < 0.8:
            block = " ".join(self.statement(depth - 1) for _ in range(rng.randint(1, 2)))
            return f"{{ let n = {rng.randint(0, 5)}; while (n--) {{ {block} }} }}"
        if kind < 0.88:
            return f"if ({self.expr(1)} {rng.choice(COMPARISONS)} {self.expr(1)}) return {self.expr(2)};"
        if kind < 0.93 and not self.has_late:  # a `let` read or written before its declaration ran
            self.has_late = True
            use = rng.choice((f"x = late + {self.leaf()};", "late = x;"))
            return (
                f"if ({self.expr(1)} {rng.choice(COMPARISONS)} {self.expr(1)}) {{ {use} }} let late = {self.expr(1)};"
            )
        return f"{var} = {self.expr(3)};"

    def function(self, name: str) -> str:
        self.has_late = False
        body = " ".join(self.statement(2) for _ in range(self.rng.randint(1, 5)))
        tail = self.rng.random()
        if tail < 0.15:
            result = f"h1({self.expr(2)}, {self.expr(1)})"  # a tail call
        elif tail < 0.2:
            result = f"rec_tail({self.rng.randint(0, 20)}, {self.expr(1)})"
        else:
            result = self.expr(3)
        # `var` locals take inc_loc/dec_loc and unchecked reads; `let` ones their TDZ-checked forms
        binding = self.rng.choice(("var", "let"))
        return f"function {name}(a, b) {{ {binding} x = a, y = b; {body} return {result}; }}"

    def operand(self, ints_only: bool) -> str:
        if ints_only or self.rng.random() < 0.4:
            return str(self.rng.choice(INT_EDGES))
        return self.rng.choice(OTHER_OPERANDS)

    def calls(self, name: str) -> list[str]:
        rng = self.rng
        first = [f"{name}({self.operand(True)}, {self.operand(True)})" for _ in range(rng.randint(1, 4))]
        rest = []
        for _ in range(rng.randint(0, 4)):
            shape = rng.random()
            if shape < 0.1:
                rest.append(f"{name}({self.operand(False)})")  # b is missing
            elif shape < 0.2:
                rest.append(f"{name}({self.operand(False)}, {self.operand(False)}, {self.operand(False)})")
            else:
                rest.append(f"{name}({self.operand(False)}, {self.operand(False)})")
        return first + rest

    def source(self) -> str:
        names = [f"f{i}" for i in range(FUNCTIONS_PER_PROGRAM)]
        functions = "\n".join(self.function(name) for name in names)
        calls = "\n".join(f"rec(() => {call});" for name in names for call in self.calls(name))
        extra = "rec(() => { try { return deep(0); } catch (e) { return e.name + ':' + e.message; } });\n"
        return PRELUDE + functions + "\n" + calls + "\n" + extra + EPILOGUE


@pytest.fixture(scope="module")
def guests() -> tuple[BareGuest, BareGuest]:
    return BareGuest(guest_under_test()), BareGuest(stock_guest())


#: "o.foo is not a function" in an answer line: what it says before and after, and the callee.
_NAMED_CALLEE = re.compile(r"(?P<head>.*?)(?P<callee>[\w$.\[\]]+) is not a function(?P<tail>.*)", re.S)


def same_but_the_named_callee(cordon: str, stock: str) -> bool:
    """Whether two answer lines agree, allowing the one difference Cordon's guest makes on purpose:
    a call of a value that is not a function names its callee as Node does ("o.foo is not a
    function", guest/callee_names.c) where QuickJS-ng says "not a function". Nothing else in the
    line may differ."""
    if cordon == stock:
        return True
    named = _NAMED_CALLEE.fullmatch(cordon)
    return named is not None and stock == f"{named['head']}not a function{named['tail']}"


def _same(guests: tuple[BareGuest, BareGuest], source: str, **kw: object) -> Outcome:
    cordon, stock = (guest.run(source, **kw) for guest in guests)  # type: ignore[arg-type]
    got, want = cordon.answer.split("\n"), stock.answer.split("\n")
    agree = len(got) == len(want) and all(map(same_but_the_named_callee, got, want))
    assert agree, _first_difference(source, cordon, stock)
    assert cordon.name == "Result", cordon  # the program ran to its end on both
    return cordon


def _first_difference(source: str, cordon: Outcome, stock: Outcome) -> str:
    got, want = cordon.answer.split("\n"), stock.answer.split("\n")
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if not same_but_the_named_callee(a, b):
            return f"call #{i}: cordon {a!r}, stock {b!r}\n{source}"
    return f"cordon {cordon.answer[:500]!r}, stock {stock.answer[:500]!r}\n{source}"


#: Calls of values that are not functions, from simple functions (the small interpreter's call)
#: and the full interpreter's, and the forms that stay unnamed.
_NOT_FUNCTIONS = {
    "o.foo()": "o.foo",
    "o.a.b.c(1, 2)": "o.a.b.c",
    "f(1)": "f",
    "arr[1]()": "arr[1]",
    "simple(3)": "g",
    "o.foo(o.bar ? 1 : 2)": None,  # a jump between the load and the call: which load ran is not known
    "[1].map(null)": None,  # called by a C function, not by a call opcode
    "(0, o.m)()()": None,
}
_NOT_FUNCTION_PROGRAM = """var o = {a: {b: {}}, bar: 1, m() { return 5; }}, f = 7, arr = [1, 2];
function simple(g) { return g(1); }
"""


def test_a_call_of_a_non_function_differs_from_stock_only_by_naming_the_callee(guests):
    calls = "\n".join(f"rec(() => {call});" for call in _NOT_FUNCTIONS)
    source = PRELUDE + _NOT_FUNCTION_PROGRAM + calls + "\n" + EPILOGUE
    cordon, stock = (guest.run(source) for guest in guests)
    named = [f"!TypeError:{name + ' is ' if name else ''}not a function#0" for name in _NOT_FUNCTIONS.values()]
    assert cordon.answer.split("\n") == named
    assert stock.answer.split("\n") == ["!TypeError:not a function#0"] * len(_NOT_FUNCTIONS)
    _same(guests, source)


@pytest.mark.parametrize(
    ("cordon", "stock", "agree"),
    [
        ("!TypeError:o.foo is not a function#0", "!TypeError:not a function#0", True),
        ("uncaught TypeError: f is not a function (stop 0)", "uncaught TypeError: not a function (stop 0)", True),
        ("!TypeError:o.foo is not a function#1", "!TypeError:not a function#0", False),  # valueOf ran more
        ("!RangeError:o.foo is not a function#0", "!TypeError:not a function#0", False),
        ("!TypeError:o.foo is not a function#0", "!TypeError:o.bar is not a function#0", False),
        ("!TypeError:not a constructor#0", "!TypeError:not a function#0", False),
        ("number:3#0", "number:4#0", False),
    ],
)
def test_the_named_callee_is_the_only_difference_allowed(cordon, stock, agree):
    assert same_but_the_named_callee(cordon, stock) is agree


def test_random_simple_functions_answer_as_the_stock_build_does(guests):
    rng = random.Random(FUZZ_SEED)
    for _ in range(FUZZ_PROGRAMS):
        _same(guests, _Program(rng).source())


# -- every operation at every int edge, each in a fresh function, ints only ----------------------
_EDGE_OPS = {
    "add": "return a + b;",
    "sub": "return a - b;",
    "mul": "return a * b;",
    "add_i8": "return a + 1;",
    "add_i8_big": "return a + 127;",
    "sub_i8": "return a - 1;",
    "sub_i8_neg": "return a - -128;",
    "inc_loc": "var x = a; x++; return x;",  # a `var`: a `let` is read and written with TDZ checks
    "dec_loc": "var x = a; x--; return x;",
    "inc_loc_loop": "var n = 0; for (var i = a; i !== b; i++) { n++; if (n > 2) return i; } return n;",
    "inc": "let x = a; return ++x;",
    "dec": "let x = a; return --x;",
    "post_inc": "let x = a; let y = x++; return [y, x].length + y;",
    "post_dec": "let x = a; const y = x--; return y;",
    **{f"cmp{op}": f"return a {op} b;" for op in COMPARISONS},
    **{f"jump{op}": f"if (a {op} b) return 1; return 2;" for op in COMPARISONS},
    "loop_lt": "let n = 0; for (let i = a; i < b; i++) { n = n + 1; if (n > 3) return n; } return n;",
    "tail": "return h1(b, a);",
    "tail_rec": "return rec_tail(3, a);",
}
_EDGE_PAIRS = [
    (a, b)
    for a in (0, 1, -1, 127, -128, 46341, -46341, 65536, 2147483647, -2147483648, 2147483646, -2147483647)
    for b in (0, 1, -1, 2147483647, -2147483648, 46341, -46341, 65536, 5)
]


def test_each_operation_at_each_int_edge_answers_as_the_stock_build_does(guests):
    """One fresh function per operation and pair: its first (and only) call takes the small
    interpreter's fast path or its hand-over, never a function already demoted."""
    lines, calls = [], []
    for i, (a, b) in enumerate(_EDGE_PAIRS):
        for op, body in enumerate(_EDGE_OPS.values()):
            fn = f"op{op}_{i}"
            lines.append(f"function {fn}(a, b) {{ {body} }}")
            calls.append(f"rec(() => {fn}({a}, {b}));")
    _same(guests, PRELUDE + "\n".join(lines + calls) + "\n" + EPILOGUE)


_MID_CALL = """
function grow(a, b) { let x = a, y = 1; for (let k = 0; k < 40; k++) { y = y * 2; x = x + y; } return x - b; }
function turn(a, b) { let x = a * b; let y = x - 1; return h1(y, x) + (x < y ? 1 : 2); }
function tdz(a, b) { if (a < b) return late + 1; let late = a; return late - b; }
function tdz_write(a, b) { if (a === b) late = 3; let late = a; return late; }
function mixed(a, b) { let x = a; x++; x = x + b; x--; return x * -1; }
function deep_tail(n, s) { if (n === 0) return s; return deep_tail(n - 1, s + 1); }
"""


def test_frames_handed_over_mid_call_answer_as_the_stock_build_does(guests):
    calls = [
        "grow(1, 2)", "grow(2147483647, 1)", "turn(65536, 65536)", "turn(3, 4)", "turn(-46341, 46341)",
        "tdz(1, 2)", "tdz(2, 1)", "tdz_write(1, 1)", "tdz_write(1, 2)", "mixed(2147483647, 0)",
        "mixed(-2147483648, -1)", "mixed(0, 0)", "mixed(1.5, 2)", "mixed(cnt(3), cnt(4))", "mixed('1', 2)",
        "deep_tail(100000, 0)", "deep_tail(10, 0.5)",
    ]  # fmt: skip
    source = PRELUDE + _MID_CALL + "\n".join(f"rec(() => {c});" for c in calls) + "\n" + EPILOGUE
    outcome = _same(guests, source)
    assert "number:-2147483647#0" in outcome.answer.split("\n")  # mixed(2147483647, 0): through floats


#: Loops whose only interrupt poll is one kind of jump (a back-edge goto, a fused compare-and-jump,
#: a plain conditional jump) or a call's entry, in a simple function. Cancelled while they run (a
#: flag set before the start stops a guest at its very first poll, before any loop), the guest must
#: stop at that poll, not at the wall-clock backstop.
_SPINS = {
    "goto": "function spin(n) { let i = n; while (true) { i = i + 0; } }",
    "compare_jump": "function spin(n) { let i = n; do { i = i + 0; } while (i > 0); }",
    "if_jump": "function spin(n) { let i = n + 1; do { i = i + 0; } while (i); }",
    "recursion": "function spin(n) { return n > 0 ? spin(n - 1) + spin(n - 1) : 0; }",
}


@pytest.mark.parametrize("loop", list(_SPINS), ids=list(_SPINS))
def test_a_cancelled_simple_loop_stops_at_its_interrupt_poll(guests, loop):
    source = _SPINS[loop] + "\nspin(60);"
    for guest in guests:
        outcome = guest.run(source, cancel=0.3, seconds=5.0)
        assert (outcome.name, outcome.message) == ("InternalError", "interrupted"), (guest.path, outcome)
    assert outcome.stop == 0  # the stock build notes no stops: it has no Cordon patch
    assert guests[0].run(source, cancel=0.3, seconds=5.0).stop == 1  # STOP_INTERRUPT
