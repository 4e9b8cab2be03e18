"""Cordon's change to QuickJS-ng's interpreter (guest/patch_quickjs.py): an int comparison takes the
short conditional jump after it itself. The answers must be the comparison's, and the jump must
still poll for interrupts, or a loop whose only back edge is such a jump would outlive a cancel."""

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
