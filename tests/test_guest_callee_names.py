"""A call of a value that is not a function names the callee, as Node does.

QuickJS-ng said only "not a function", so a person had to find which of a line's calls failed.
Cordon's guest reads the callee's name from the bytecode that loaded it (guest/callee_names.c):
"o.foo is not a function", "f is not a function", "o[1] is not a function". Where it cannot be sure
which load ran (a conditional between them), or the call was made by a built-in, the message stays
the plain one. A body's own TypeError keeps its words. Runs the real guest under wasmtime.
"""

from __future__ import annotations

import json

import pytest

from core import run_in_sandbox
from core.cli import main
from tests.conftest import ok


def test_cordon_run_names_the_method_that_is_not_a_function(capsys, body):
    assert main(["run", body("const o = {};\no.foo();"), "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert (error["name"], error["message"], error["line"]) == ("TypeError", "o.foo is not a function", 2)


def test_cordon_run_in_words_names_the_callee(capsys, body):
    assert main(["run", body("const o = {};\no.foo();")]) == 1
    assert "TypeError (line 2): o.foo is not a function" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("code", "callee"),
    [
        ("const o = {}; o.foo();", "o.foo"),  # a property of a local
        ("const o = {a: {b: {}}}; o.a.b.c(1, 2);", "o.a.b.c"),  # a chain, with arguments
        ("let f = 42; f();", "f"),  # a local variable
        ("globalThis.g = 1; g();", "g"),  # a global
        ("console.lag('hi');", "console.lag"),  # a property of a global
        ("const o = [1]; o[1]();", "o[1]"),  # an integer index
        ("const o = {}; o['x']();", "o.x"),  # a string key that is a name, as Node writes it
        ("function F() { this.m(); } new F();", "this.m"),
        ("function call(cb) { return cb(1); } call(5);", "cb"),  # an argument, in a simple function
        ("const o = {}; const run = () => o.go(); run();", "o.go"),  # a closure variable
        ("const o = {}; const r = await Promise.resolve(1); o.bar(r);", "o.bar"),  # after an await
        ("const o = {}; o.foo(o.bar(), 1);", "o.bar"),  # the inner call failed first
        ("'use strict'; function g() { return h(); } var h = 3; return g();", "h"),  # a tail call
    ],
)
def test_the_engine_names_the_callee(code, callee):
    result = run_in_sandbox(code)
    assert not result.ok
    assert (result.error.name, result.error.message) == ("TypeError", f"{callee} is not a function")


def test_a_caught_error_carries_the_name_in_its_message():
    code = "const o = {}; try { o.foo(); } catch (e) { return [e.name, e.message]; }"
    assert ok(run_in_sandbox(code)) == ["TypeError", "o.foo is not a function"]


@pytest.mark.parametrize(
    "code",
    [
        "const a = 1, f = 2, g = 3; (a ? f : g)();",  # which of the two loads ran is not known
        "const o = {}; o.foo(o.bar ? 1 : 2);",  # a jump between the load and the call
        "[1].map(null);",  # called by a built-in, not by the body's call
        "const o = {m() { return 5; }}; o.m()();",  # a call's result
        "const o = {}, k = 'z'; o[k]();",  # a computed key
        "const f = 1; f(...[1]);",  # a spread call
    ],
)
def test_a_callee_it_cannot_be_sure_of_keeps_the_plain_message(code):
    result = run_in_sandbox(code)
    assert (result.error.name, result.error.message) == ("TypeError", "not a function")


def test_a_bodys_own_type_error_is_left_as_it_is():
    result = run_in_sandbox('const o = {}; throw new TypeError("not a function");')
    assert (result.error.name, result.error.message) == ("TypeError", "not a function")
    caught = 'try { throw new TypeError("o.foo is not a function"); } catch (e) { return e.message; }'
    assert ok(run_in_sandbox(caught)) == "o.foo is not a function"
