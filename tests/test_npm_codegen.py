"""`npm-module-needs-code-generation` at function grain: a generating method only users call.

expr-eval is the real case: one file, `Parser.evaluate` interprets, and only
`Expression.prototype.toJSFunction`, which expr-eval never calls itself,
builds a `Function`. The module graph alone would refuse it (every export
reaches that file); the check must admit it with a warning, and still refuse
a library whose own code calls its generator, or whose only export is one.
"""

from __future__ import annotations

import pytest

from core.packs.compiler import CompileError, compile_npm
from tests import install_support
from tests.conftest import ok
from tests.test_compiler import make_pack, run_module

# Shared fixtures (pytest finds them as attributes of this module).
home = install_support.home
memory_keyring = install_support.memory_keyring
pytestmark = pytest.mark.usefixtures("home")

PACKAGE = {"name": "calc", "version": "1.0.0", "type": "module"}
EXPRESSION = (
    "export function Expression(src) { this.src = src; }\n"
    "Expression.prototype.toJSFunction = function (param) { return new Function(param, 'return ' + this.src); };\n"
    "function tokenize(src) { return src.split('+').map(Number); }\n"
)


def test_a_generating_method_the_library_never_calls_only_warns(tmp_path):
    index = (
        EXPRESSION + "export function Parser() {}\n"
        "Parser.prototype.evaluate = function (src) { return tokenize(src).reduce((a, b) => a + b, 0); };\n"
        "export default { Parser, Expression };\n"
    )
    pack = make_pack(tmp_path, {"calc/package.json": PACKAGE, "calc/index.js": index})
    compiled = compile_npm(pack, "calc")
    assert any("'Function'" in w and "calc/index.js:2" in w for w in compiled.warnings)
    body = 'import { Parser } from "cordon-npm:probe";\nreturn new Parser().evaluate("1+2+3");'
    assert ok(run_module(compiled.source, body)) == 6
    body = 'import { Expression } from "cordon-npm:probe";\nreturn new Expression("1").toJSFunction("x")();'
    refused = run_module(compiled.source, body)
    assert not refused.ok and refused.error.name == "EvalError" and "no-eval" in refused.error.message


@pytest.mark.parametrize(
    "index",
    [
        # the library's own evaluate calls its generator: every export needs code generation
        EXPRESSION + "export function Parser() {}\n"
        "Parser.prototype.evaluate = function (src) { return new Expression(src).toJSFunction('x')(); };\n"
        "export default { Parser, Expression };\n",
        # the generator is the library (lodash.template): its one export
        "module.exports = function template(src) { return Function('o', 'return ' + src); };\n",
    ],
)
def test_a_generator_the_library_calls_or_exports_alone_is_refused(tmp_path, index):
    package = PACKAGE if "export " in index else {"name": "calc", "version": "1.0.0"}
    pack = make_pack(tmp_path, {"calc/package.json": package, "calc/index.js": index})
    with pytest.raises(CompileError) as refused:
        compile_npm(pack, "calc")
    assert refused.value.rule == "npm-module-needs-code-generation"
    assert "node_modules/calc/index.js:" in refused.value.message


TWINS = (
    "class SafeScript { constructor(src) { this.src = src; } run(ctx) { return ctx[this.src]; } }\n"
    "class Script { constructor(src) { this.src = src; } run(ctx) { return new Function('c', 'return c.' + this.src)(ctx); } }\n"
    "export function query(src, ctx, options = {}) {\n"
    "  const Impl = options.eval === 'native' ? Script : SafeScript;\n"
    "  return new Impl(src).run(ctx);\n"
    "}\n"
)


def test_a_generating_method_with_an_interpreting_twin_only_warns(tmp_path):
    """jsonpath-plus's shape: `Script.runInNewContext` generates, `SafeScript.runInNewContext` interprets,
    and an option picks one at run time; every export reaches both, yet the library works without the first."""
    pack = make_pack(tmp_path, {"calc/package.json": PACKAGE, "calc/index.js": TWINS})
    compiled = compile_npm(pack, "calc")
    assert any("'Function'" in w and "calc/index.js:2" in w for w in compiled.warnings)
    body = 'import { query } from "cordon-npm:probe";\nreturn query("a", { a: 7 });'
    assert ok(run_module(compiled.source, body)) == 7
    body = 'import { query } from "cordon-npm:probe";\nreturn query("a", { a: 7 }, { eval: "native" });'
    refused = run_module(compiled.source, body)
    assert not refused.ok and refused.error.name == "EvalError" and "no-eval" in refused.error.message


def test_a_generating_method_whose_twin_generates_too_is_refused(tmp_path):
    both = TWINS.replace("return ctx[this.src];", "return new Function('c', 'return c[' + this.src + ']')(ctx);")
    pack = make_pack(tmp_path, {"calc/package.json": PACKAGE, "calc/index.js": both})
    with pytest.raises(CompileError) as refused:
        compile_npm(pack, "calc")
    assert refused.value.rule == "npm-module-needs-code-generation"
