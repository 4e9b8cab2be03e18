"""Upstream QuickJS-ng bugs Cordon's guest fixes (guest/patch_quickjs.py, BIGINT_FLOAT64_CMP;
offered upstream as guest/upstream/0001-bigint-float64-cmp-sign.patch).

A Number that is not an int32 compared with a BigInt of a different magnitude took the order of
the magnitudes for the order of the values, so two negatives compared inverted. The expected
answers are exact arithmetic (Python compares a float with an int exactly, as ECMAScript does);
where Node is installed it is asked too.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess

import pytest

from core import run_in_sandbox
from tests.conftest import ok

NUMBERS = (
    "-2147483649", "-1e10", "-2.5", "-0.5", "-4294967296.5", "-1e300", "-1.5e-300", "-Infinity", "NaN",
    "2.5", "2147483648", "1e10", "1e300", "-0", "0.5",
)  # fmt: skip
BIGINTS = ("-5n", "-1n", "-2147483649n", "-(2n ** 64n)", "0n", "1n", "5n", "2n ** 64n", "-(10n ** 300n)")
OPS = ("<", "<=", ">", ">=", "==")
_BODY = "const n = [%s], b = [%s]; return n.flatMap((x) => b.flatMap((y) => [%s]));"
BODY = _BODY % (", ".join(NUMBERS), ", ".join(BIGINTS), ", ".join(f"x {op} y, y {op} x" for op in OPS))


def _exact(number: str, bigint: str) -> list[bool]:
    x = float(number.replace("Infinity", "inf"))
    y = int(eval(bigint.replace("n", "")))  # the literals above: ints, ** and unary minus only
    if math.isnan(x):
        return [False] * (2 * len(OPS))
    return [x < y, y < x, x <= y, y <= x, x > y, y > x, x >= y, y >= x, x == y, y == x]


def test_the_issues_case_answers_as_node_does():
    assert ok(run_in_sandbox("return [-2147483649 < -5n, -1e10 < -1n, -2.5 < -5n];")) == [True, True, False]


def test_a_number_compared_with_a_bigint_answers_exactly():
    want = [answer for x in NUMBERS for y in BIGINTS for answer in _exact(x, y)]
    got = ok(run_in_sandbox(BODY))
    differ = [
        (x, y, op, g, w)
        for i, (g, w) in enumerate(zip(got, want, strict=True))
        if g != w
        for x, y, op in [(NUMBERS[i // (len(BIGINTS) * 10)], BIGINTS[i // 10 % len(BIGINTS)], i % 10)]
    ]
    assert not differ


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_a_number_compared_with_a_bigint_answers_as_node_does():
    script = f"console.log(JSON.stringify((() => {{ {BODY} }})()))"
    node = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout)
    assert ok(run_in_sandbox(BODY)) == node
