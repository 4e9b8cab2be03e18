"""The npm minifier's renaming pass (core/packs/npm/rename.py), one rule at a time.

Each case is shortened as a CommonJS file of a bundle is, then run on the real engine before and after:
the results must be equal, and the names the rule keeps (or shortens) are checked in the text.
"""

from __future__ import annotations

import re

from core import jsparse, run_in_sandbox
from core.packs.npm.minify import minify
from core.packs.npm.scope import analyze
from core.packs.npm.transform import CJS_PARAMS
from tests.conftest import ok


def shorten(source: str, *, esm: bool = False) -> str:
    tree = jsparse.parse(source)
    analysis = analyze(tree) if esm else analyze(tree, predeclared=CJS_PARAMS, sloppy=True)
    return minify(source, tree, analysis)


def same_result(source: str, call: str) -> tuple[str, object]:
    """The shortened source, and the value `call` returns, equal before and after shortening."""
    renamed = shorten(source)
    before = ok(run_in_sandbox(f"{source}\nreturn {call};"))
    after = ok(run_in_sandbox(f"{renamed}\nreturn {call};"))
    assert after == before, renamed
    return renamed, after


def words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_$][\w$]*", text))


def test_parameters_and_locals_are_shortened_and_lines_kept():
    source = "function area(width, height) {\n  const product = width * height;\n  return product;\n}\n"
    renamed, value = same_result(source, "area(3, 4)")
    assert value == 12
    assert not words(renamed) & {"width", "height", "product"}
    assert "area" in words(renamed)  # a function's name is its `name`: kept
    assert renamed.count("\n") == source.count("\n")


def test_shadowing_keeps_each_binding_apart():
    source = (
        "function outer(value) {\n"
        "  var total = 0;\n"
        "  function twice(value) { return value * 2; }\n"
        "  { let total = 5; value += total; }\n"
        "  return [value, twice(value), total];\n"
        "}\n"
    )
    renamed, value = same_result(source, "outer(1)")
    assert value == [6, 12, 0]
    assert not words(renamed) & {"value", "total"}


def test_a_new_name_never_captures_a_global_or_an_outer_name_used_inside():
    # `a` and `b` are module names (never renamed) used inside the function: its locals may not take them
    source = (
        "var a = 10, b = 20;\n"
        "function f(firstArgument) {\n"
        "  var secondLocal = 2;\n"
        "  return function () { return a + b + firstArgument + secondLocal; };\n"
        "}\n"
    )
    renamed, value = same_result(source, "f(1)()")
    assert value == 33
    assert not words(renamed) & {"firstArgument", "secondLocal"}


def test_closures_keep_reading_the_renamed_binding():
    source = (
        "function counter(start) {\n"
        "  let count = start;\n"
        "  return { next: (step) => { count += step; return count; }, read() { return count; } };\n"
        "}\n"
        "const c = counter(5); c.next(2); c.next(3);\n"
    )
    renamed, value = same_result(source, "c.read()")
    assert value == 10
    assert not words(renamed) & {"start", "count", "step"}


def test_shorthand_properties_keep_their_property_names():
    source = (
        "function pack(alpha, beta) { return { alpha, beta }; }\n"
        "function unpack(source) {\n"
        "  const { alpha, beta = 2 } = source;\n"
        "  let gamma;\n"
        "  ({ gamma } = source);\n"
        "  return [alpha, beta, gamma];\n"
        "}\n"
    )
    renamed, value = same_result(source, "[pack(1, 2), unpack({ alpha: 1, gamma: 3 })]")
    assert value == [{"alpha": 1, "beta": 2}, [1, 2, 3]]
    assert "alpha: " in renamed and "gamma: " in renamed


def test_default_parameters_read_earlier_parameters_and_not_the_body():
    source = (
        "function scaled(first, second = first * 2) { return second; }\n"
        "function outer() {\n"
        "  var busiest = 10, outerName = 1;\n"
        "  busiest += busiest + busiest;\n"
        "  function inner(p = outerName, q = () => outerName) { var outerName = 2; return [p, q(), outerName]; }\n"
        "  return [inner(), busiest];\n"
        "}\n"
    )
    renamed, value = same_result(source, "[scaled(3), outer()]")
    assert value == [6, [[1, 1, 2], 30]]
    assert "first" not in words(renamed)


def test_arguments_is_never_renamed_nor_chosen():
    source = (
        "function count(alpha, beta) {\n"
        "  const later = () => arguments.length;\n"
        "  return [arguments[0], later(), alpha, beta];\n"
        "}\n"
    )
    renamed, value = same_result(source, "count(4, 5, 6)")
    assert value == [4, 3, 4, 5]
    assert "arguments" in words(renamed) and not words(renamed) & {"alpha", "beta"}


def test_direct_eval_and_with_keep_every_name_of_their_scopes_and_those_around():
    source = (
        "function outer(keepMe) {\n"
        "  return function inner(alsoKept) { return eval('keepMe + alsoKept'); };\n"
        "}\n"
        "function viaWith(scope, other) { with (scope) { return other; } }\n"
        "function elsewhere(renamedHere) { return renamedHere; }\n"
        "function viaLocal(eval, arguments) { return eval(arguments); }\n"
    )
    renamed = shorten(source)
    assert "function outer(keepMe)" in renamed and "function inner(alsoKept)" in renamed
    assert "function viaWith(scope, other)" in renamed
    # a local `eval` holding the real one still makes a direct eval; `arguments` is never renamed
    assert "function viaLocal(eval, arguments) { return eval(arguments); }" in renamed
    assert "renamedHere" not in words(renamed)


def test_hoisted_var_and_function_declarations():
    source = (
        "function f(flag) {\n"
        "  if (flag) { var hoisted = 1; }\n"
        "  { let a = 1; var fromBlock = a + 1; }\n"
        "  return [hoisted, fromBlock, later()];\n"
        "  function later() { return typeof hoisted; }\n"
        "}\n"
        "function g() { { let a = 1; var fromBlock = a + 1; } return fromBlock; }\n"
    )
    renamed, value = same_result(source, "[f(true), f(false), g()]")
    assert value == [[1, 2, "number"], [None, 2, "undefined"], 2]
    assert not words(renamed) & {"hoisted", "fromBlock"} and "later" in words(renamed)


def test_a_catch_parameter_a_var_redeclares_keeps_its_name():
    source = "function f() {\n  try { throw 1; } catch (err) { var err = 2; }\n  return err;\n}\n"
    renamed, value = same_result(source, "f()")
    assert value is None
    assert "err" in words(renamed)


def test_function_and_class_names_are_kept():
    source = (
        "function f() {\n"
        "  class Shape { area() { return 1; } }\n"
        "  const Anon = class {};\n"
        "  const arrow = () => 1;\n"
        "  let assigned;\n"
        "  assigned = function () {};\n"
        "  const named = function realName() { return typeof realName; };\n"
        "  const plain = 5;\n"
        "  return [Shape.name, Anon.name, arrow.name, assigned.name, named.name, named(), new Shape().area(), plain];\n"
        "}\n"
    )
    renamed, value = same_result(source, "f()")
    assert value == ["Shape", "Anon", "arrow", "assigned", "realName", "function", 1, 5]
    assert "plain" not in words(renamed)


def test_labels_are_not_bindings():
    source = (
        "function f(loop) {\n"
        "  let seen = 0;\n"
        "  loop: for (let i = 0; i < 3; i++) { for (;;) { seen += 1; continue loop; } }\n"
        "  return [loop, seen];\n"
        "}\n"
    )
    renamed, value = same_result(source, "f(7)")
    assert value == [7, 3]
    assert "loop:" in renamed and "continue loop" in renamed and "return [loop" not in renamed


def test_getters_and_setters_keep_their_property_names():
    source = (
        "function f(initial) {\n"
        "  let stored = initial;\n"
        "  const o = { get value() { return stored; }, set value(next) { stored = next * 2; } };\n"
        "  o.value = 5;\n"
        "  return o.value;\n"
        "}\n"
    )
    renamed, value = same_result(source, "f(1)")
    assert value == 10
    assert "get value()" in renamed and not words(renamed) & {"stored", "next", "initial"}


def test_module_names_and_exports_are_kept():
    source = (
        "import { helper } from './helper.js';\n"
        "const local = 1;\n"
        "export function api(longArgument) { return helper(longArgument) + local; }\n"
        "export const other = (parameter) => parameter;\n"
        "export { local as renamedExport };\n"
    )
    renamed = shorten(source, esm=True)
    assert "const local = 1;" in renamed and "export function api(" in renamed and "export const other =" in renamed
    assert "import { helper }" in renamed and "helper(" in renamed
    assert not words(renamed) & {"longArgument", "parameter"}
