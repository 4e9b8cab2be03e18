"""Cordon's changes to QuickJS-ng's interpreter (guest/patch_quickjs.py).

An int comparison takes the short conditional jump after it itself: the answers must be the
comparison's, and the jump must still poll for interrupts, or a loop whose only back edge is such a
jump would outlive a cancel. A small int constant added or subtracted is one opcode (`add_i8`,
`sub_i8`): every operand must get what the `+` / `-` of a variable gives it, errors included."""

from __future__ import annotations

import json
import operator
import threading

from core import CancelHandle, RunHooks, run_in_sandbox
from tests.conftest import ok

OPS = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
    "===": operator.eq,
    "!==": operator.ne,
}
INTS = [-(2**31), -2, -1, 0, 1, 2, 2**31 - 1]
#: Operands the fused path must leave to the comparison's own slow path.
OTHERS = ["1.5", "NaN", "'2'", "null", "undefined", "-0", "2147483648", "{ valueOf() { return 1 } }"]

#: Each comparison four ways: `if` (a jump when false), `if (!...)` (a jump when true), a do-while's
#: condition (a backward jump when true), and the value stored (no jump, not fused).
FORMS = """
const ops = %(ops)s;
const answers = {};
for (const [name, test] of Object.entries(ops)) {
  answers[name] = values.flatMap((a) => values.map((b) => {
    const stored = test.value(a, b);
    return [stored, test.jumpFalse(a, b), test.jumpTrue(a, b), test.loop(a, b)];
  }));
}
return answers;
"""


def _op_functions(op: str) -> str:
    return (
        "{"
        f"value: (a, b) => {{ const v = a {op} b; return v; }}, "
        f"jumpFalse: (a, b) => {{ if (a {op} b) return true; return false; }}, "
        f"jumpTrue: (a, b) => {{ if (!(a {op} b)) return false; return true; }}, "
        f"loop: (a, b) => {{ let n = 0; do {{ n++; }} while (n < 2 && a {op} b); return n === 2; }}"
        "}"
    )


def _answers(values_js: str) -> dict[str, list[list[bool]]]:
    ops = "{" + ", ".join(f"{json.dumps(name)}: {_op_functions(name)}" for name in OPS) + "}"
    return ok(run_in_sandbox(f"const values = {values_js};\n" + FORMS % {"ops": ops}))


def test_int_comparisons_that_jump_answer_as_the_comparison_does():
    answers = _answers(json.dumps(INTS))
    for name, test in OPS.items():
        expected = [test(a, b) for a in INTS for b in INTS]
        assert [row[0] for row in answers[name]] == expected, name
        for row, want in zip(answers[name], expected, strict=True):
            assert row == [want, want, want, want], name


def test_comparisons_of_other_values_jump_as_their_stored_value_says():
    answers = _answers("[" + ", ".join([*OTHERS, "1", "0"]) + "]")
    for name in OPS:
        for row in answers[name]:
            assert row == [row[0]] * 4, name


def test_a_long_branch_past_the_short_jump_range_still_answers():
    """A body over 127 bytes makes the compiler emit the 32-bit jump, which is not fused."""
    long_body = " ".join(f"s += {i};" for i in range(60))
    code = f"let s = 0, hits = 0; for (let i = -3; i < 3; i++) {{ if (i < 1) {{ {long_body} hits++; }} }} return hits;"
    assert ok(run_in_sandbox(code)) == 4


def test_cancel_stops_a_loop_whose_only_back_edge_is_a_fused_jump():
    """`do { } while (i < n)` jumps back through the fused path alone; without its interrupt poll only
    the 60 s timeout's epoch backstop would end the run (still reported as cancelled: the cancel came
    first)."""
    cancel = CancelHandle()
    threading.Timer(0.2, cancel.cancel).start()
    code = "let i = 0; const n = 2147483647; do { i = (i + 1) | 0; if (i === n - 1) i = 0; } while (i < n); return i;"
    result = run_in_sandbox(code, limits={"timeoutMs": 60_000}, hooks=RunHooks(cancel=cancel))
    assert not result.ok and result.error.rule == "cancelled", result.error
    assert result.timings["run_ms"] < 30_000  # ended by the cancel, not by the timeout's backstop
    assert ok(run_in_sandbox("return 1 + 1")) == 2


#: Constants the compiler folds into `add_i8` / `sub_i8` (an int8 pushed before `+` or `-`), and one
#: past the int8 range that it must not.
CONSTANTS = [0, 1, 2, 7, 8, 100, 127, 128]
#: Operands: ints at the int32 edges (the result leaves int32 and must become a float), then values
#: the in-place int path must hand to the operator's own handler.
INT_OPERANDS = [-(2**31), -129, -1, 0, 1, 126, 2**31 - 128, 2**31 - 1]
OTHER_OPERANDS = [
    "1.5", "-0", "NaN", "Infinity", "'7'", "''", "null", "undefined", "true", "[2]",
    "{ valueOf() { return 41 } }", "10n", "Symbol('s')",
]  # fmt: skip

IMMEDIATE = """
const show = (f) => {
  try { const v = f(); return Object.is(v, -0) ? "-0" : typeof v + ":" + String(v); }
  catch (e) { return e.name + ":" + e.message; }
};
const operands = [%(operands)s];
const fused = {%(fused)s};
const unfused = {add: (x, k) => x + k, sub: (x, k) => x - k};
return operands.map((x) => Object.entries(fused).map(([name, f]) => {
  const [op, k] = name.split("_");
  return [show(() => f(x)), show(() => unfused[op](x, Number(k)))];
}));
"""


def _immediate_answers(operands: list[str]) -> list[list[list[str]]]:
    fused = ", ".join(f"add_{k}: (x) => x + {k}, sub_{k}: (x) => x - {k}" for k in CONSTANTS)
    return ok(run_in_sandbox(IMMEDIATE % {"operands": ", ".join(operands), "fused": fused}))


def test_a_small_constant_added_to_an_int_answers_as_python_does():
    answers = _immediate_answers([str(x) for x in INT_OPERANDS])
    for x, row in zip(INT_OPERANDS, answers, strict=True):
        want = [f"number:{x + k}" if op == "add" else f"number:{x - k}" for k in CONSTANTS for op in ("add", "sub")]
        assert [fused for fused, _ in row] == want, x
        assert [unfused for _, unfused in row] == want, x


def test_a_small_constant_added_to_anything_else_answers_as_the_operator_does():
    answers = _immediate_answers(OTHER_OPERANDS)
    for x, row in zip(OTHER_OPERANDS, answers, strict=True):
        for fused, unfused in row:
            assert fused == unfused, x
    assert answers[OTHER_OPERANDS.index("'7'")][0] == ["string:70", "string:70"]  # `'7' + 0`, a concatenation
    assert answers[OTHER_OPERANDS.index("10n")][0][0].startswith("TypeError:")


def test_an_error_in_a_folded_subtraction_names_its_line():
    result = run_in_sandbox("const x = [10n];\nlet y = 0;\ny = x[0] - 1;\nreturn y;")
    assert not result.ok and result.error.name == "TypeError" and result.error.line == 3, result.error
