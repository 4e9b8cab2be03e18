"""@nodetool-ai/sandbox-expr on the host: expr-eval's grammar and results, no way to Python objects, bounds."""

from __future__ import annotations

import psutil
import pytest

from tests.conftest import ok
from tests.hostpacks import hog, next_run_is_served, refused, run_body

EXPR = "@nodetool-ai/sandbox-expr"


def test_evaluate_the_reference_example():
    code = f'''import {{ evaluate }} from "{EXPR}";
const value = await evaluate(inputs.formula, inputs.vars); // "2 * qty + fee", {{ qty: 3, fee: 1.5 }}
return value;'''
    assert ok(run_body(code, inputs={"formula": "2 * qty + fee", "vars": {"qty": 3, "fee": 1.5}})) == 7.5


def test_the_grammar_as_expr_eval_reads_it():
    cases = {
        "-2^2": -4,
        "2^3^2": 512,
        "5!": 120,
        "7 % -3": 1,
        "1 + 2 * 3 - 4 / 2": 5,
        "1 < 2 and not false": True,
        "x > 1 ? 'big' : 'small'": "big",
        "3 in [1, 2, 3]": True,
        "sqrt(16) + max(1, 7, 3)": 11,
        "a.b[1] == 2": True,
        "'a' || 'b'": "ab",
        "[1] || [2]": [1, 2],
        "if(0, 1, 2)": 2,
        "roundTo(PI, 2)": 3.14,
        "0x10 + 1e1": 26,
        "length('héllo')": 5,
    }
    code = f'''import expr from "{EXPR}";
const out = {{}};
for (const [src, vars] of inputs.cases) out[src] = await expr.evaluate(src, vars);
return out;'''
    got = ok(run_body(code, inputs={"cases": [[src, {"x": 3, "a": {"b": [1, 2]}}] for src in cases]}))
    assert got == cases


def test_names_reach_only_the_variables_and_the_function_table():
    code = f'''import {{ evaluate }} from "{EXPR}";
const out = [];
for (const src of ["x.__class__", "x.constructor", "x['__class__']"]) out.push(await evaluate(src, {{ x: 1 }}));
try {{ await evaluate("__import__('os')"); }} catch (e) {{ out.push(e.message); }}
try {{ await evaluate("qty + 1", {{}}); }} catch (e) {{ out.push(e.message); }}
return out;'''
    got = ok(run_body(code))
    assert got[:3] == [None, None, None]
    assert "__import__ is not a function" in got[3] and "undefined variable: qty" in got[4]


def test_bounds_and_bad_input_name_the_pack_and_the_rule():
    code = f'import {{ evaluate }} from "{EXPR}";\nreturn await evaluate(inputs.src);'
    refused(
        run_body(code, inputs={"src": "(" * 100 + "1" + ")" * 100}),
        "expr-too-deep",
        "sandbox-expr.evaluate",
        "64 levels",
    )
    refused(run_body(code, inputs={"src": "1 + " * 3000 + "1"}), "expr-too-long", "sandbox-expr.evaluate")
    refused(run_body(code, inputs={"src": "1 / 0"}), "expr-not-finite", "Infinity")
    refused(run_body(code, inputs={"src": "2 * (3"}), "expr-syntax", "sandbox-expr.evaluate", "')'")
    assert ok(run_body(code, inputs={"src": "1 + 1"})) == 2  # the next run is healthy


def test_a_long_operator_chain_is_refused_by_name_not_a_host_error():
    """`a + a + ... + a` nests no parentheses, yet evaluating it recurses per operator: past
    MAX_HEIGHT it is expr-too-deep (it was a generic host-error from Python's recursion limit)."""
    code = f'import {{ evaluate }} from "{EXPR}";\nreturn await evaluate(inputs.src, {{ a: 1 }});'
    refused(run_body(code, inputs={"src": " + ".join(["a"] * 900)}), "expr-too-deep", "sandbox-expr.evaluate", "900")
    assert ok(run_body(code, inputs={"src": " + ".join(["a"] * 200)})) == 200


@pytest.mark.parametrize(
    "src",
    ["[" + " + ".join(["a"] * 900) + "]", "max(" + " + ".join(["a"] * 900) + ")", "1" + "!" * 900],
    ids=["inside an array", "inside a call's arguments", "a chain of factorials"],
)
def test_a_chain_inside_an_array_or_a_call_is_refused_by_name_too(src):
    """An array's items and a call's arguments (`!` is a call too) are lists in the tree: the height
    counts through them, or such a chain fell to Python's recursion limit as a generic host-error."""
    code = f'import {{ evaluate }} from "{EXPR}";\nreturn await evaluate(inputs.src, {{ a: 1 }});'
    refused(run_body(code, inputs={"src": src}), "expr-too-deep", "sandbox-expr.evaluate")


def test_a_stopped_evaluation_frees_its_host_worker():
    """Every host worker busy with an array literal of 900 scans of a 20,000-item list (seconds each)
    when the run times out: the evaluations stop with it (they check the run per node), so the next
    run's evaluation gets a worker within its own deadline instead of queueing behind abandoned work."""
    slow = "[" + ", ".join(["1 in x"] * 900) + "]"  # siblings: a long `+` chain nests too deep
    body = hog(EXPR, "evaluate(inputs.slow, { x: inputs.items })")
    result = run_body(body, inputs={"slow": slow, "items": [0] * 20_000}, limits={"timeoutMs": 700})
    assert result.error is not None and result.error.rule == "timeout", result.error
    small = f'import {{ evaluate }} from "{EXPR}";\nreturn await evaluate("1 + 2");'
    assert next_run_is_served(small) == 3


def test_round_to_digits_are_bounded_so_no_huge_power_of_ten_is_built():
    """`roundTo(x, n)` computed `10 ** int(n)`: one C call holding the GIL (n=1e7: 24 s past a 1 s
    limit, n=1e9: hours). Past ±308 digits it is refused by name, within the run's deadline."""
    code = f'import {{ evaluate }} from "{EXPR}";\nreturn await evaluate(inputs.src);'
    rss = psutil.Process().memory_info().rss
    result = run_body(code, inputs={"src": "roundTo(1.5, 1e9)"}, limits={"timeoutMs": 1000})
    refused(result, "expr-digits-out-of-range", "sandbox-expr.evaluate", "308")
    assert result.timings["run_ms"] < 2000
    assert psutil.Process().memory_info().rss - rss < 200 * 1024 * 1024
    refused(run_body(code, inputs={"src": "roundTo(1.5, -1e9)"}), "expr-digits-out-of-range")
    assert ok(run_body(code, inputs={"src": "[roundTo(3.14159, 2), roundTo(1234.5, -2), roundTo(1, 308)]"})) == [
        3.14,
        1200,
        1,
    ]
    assert next_run_is_served(f'import {{ evaluate }} from "{EXPR}";\nreturn await evaluate("1 + 2");') == 3


def test_a_huge_hexadecimal_number_is_infinity_without_building_an_integer():
    """Past a double's range `0x...` is Infinity, as in JavaScript (a long literal was a host-error:
    float() of the integer overflowed); a 5 MB hexadecimal string is not parsed into an integer."""
    code = f'import {{ evaluate }} from "{EXPR}";\nreturn await evaluate(inputs.src, {{ h: inputs.h }});'
    refused(run_body(code, inputs={"src": "0x" + "f" * 9000, "h": ""}), "expr-not-finite", "Infinity")
    got = ok(
        run_body(code, inputs={"src": "[h * 1 > 1e308, 0xff, '0xfg' * 1 != '0xfg' * 1]", "h": "0x" + "f" * 5_000_000})
    )
    assert got == [True, 255, True]  # '0xfg' is NaN


def test_text_and_results_made_of_copies_of_one_large_array_are_refused_before_they_are_built():
    """`[a, a, ...]` names one 300,000-item array 3,000 times: its text (`|| ""`, `join`) would be
    gigabytes, and so would the copy of the result; each is refused first."""
    copies = "[" + ", ".join(["a"] * 3000) + "]"
    code = f'import {{ evaluate }} from "{EXPR}";\nreturn await evaluate(inputs.src, {{ a: inputs.a }});'
    a = [0] * 300_000
    for src in (copies + ' || ""', f'join("-", {copies})', copies):
        result = run_body(code, inputs={"src": src, "a": a}, limits={"timeoutMs": 10_000})
        refused(result, "expr-too-large", "sandbox-expr.evaluate")
    assert ok(run_body(code, inputs={"src": 'join("-", [1, 2, "x"]) || [3] || ""', "a": []})) == "1-2-x3"
