"""How a run ended comes from a code the guest reports, never from an error's name or message.

guest/cordon_guest.c reports why the engine stopped a run (interrupted, out of memory, stack,
string length, module load, a failed host function) only when the error that ended it is the very
value the engine threw for that reason. A body may throw any name and message: what it throws is
its own error, reported as thrown, with no limit's rule.
"""

from __future__ import annotations

import pytest

from core import CancelHandle, RunHooks
from tests.conftest import ok
from tests.guest_harness import SHIPPED, BareGuest

LOOK_ALIKES = {
    "interrupted": ("throw { name: 'InternalError', message: 'interrupted' };", "InternalError", "interrupted"),
    "interrupted-error": (
        "const e = new Error('interrupted'); e.name = 'InternalError'; throw e;",
        "InternalError",
        "interrupted",
    ),
    "out-of-memory": ("throw new Error('out of memory');", "Error", "out of memory"),
    "internal-out-of-memory": (
        "const e = new Error('out of memory'); e.name = 'InternalError'; throw e;",
        "InternalError",
        "out of memory",
    ),
    "stack": (
        "throw new RangeError('Maximum call stack size exceeded');",
        "RangeError",
        "Maximum call stack size exceeded",
    ),
    "internal-stack": (
        "const e = new Error('stack overflow'); e.name = 'InternalError'; throw e;",
        "InternalError",
        "stack overflow",
    ),
    "string-length": (
        "const e = new Error('string too long'); e.name = 'InternalError'; throw e;",
        "InternalError",
        "string too long",
    ),
    "module": ("throw new ReferenceError(\"error loading module 'x'\");", "ReferenceError", "error loading module 'x'"),
    "host": (
        "const e = new Error('Host function failed'); e.name = 'HostError'; throw e;",
        "HostError",
        "Host function failed",
    ),
}


@pytest.mark.parametrize(("body", "name", "message"), LOOK_ALIKES.values(), ids=list(LOOK_ALIKES))
def test_a_thrown_look_alike_is_the_bodys_own_error(run, body, name, message):
    result = run(body, limits={"timeoutMs": 30_000})
    assert not result.ok
    assert (result.error.name, result.error.message, result.error.rule) == (name, message, None), result.error


def test_a_look_alike_thrown_after_a_real_stack_overflow_is_still_the_bodys_own():
    """The code follows the value: the engine's RangeError caught, a new one thrown."""
    from core import run_in_sandbox

    body = """function f(n) { return f(n + 1) + 1; }
try { f(0); } catch (e) { throw new RangeError(e.message); }"""
    result = run_in_sandbox(body)
    assert not result.ok and result.error.name == "RangeError" and result.error.rule is None


@pytest.mark.parametrize(
    ("body", "rule"),
    [
        ("function f(n) { return f(n + 1) + 1; } return f(0);", "stack-limit"),
        # the engine's own error, caught and thrown again: still the engine's
        ("function f(n) { return f(n + 1) + 1; } try { f(0); } catch (e) { throw e; }", "stack-limit"),
        ("const a = []; for (;;) a.push('x'.repeat(1 << 20) + a.length);", "memory-limit"),
        ("let s = 'x'; for (;;) s = s + s;", "memory-limit"),
        # no room left even to deliver the rejection: the entry's promise stays pending, and that
        # is the heap's doing, not a deadlock
        ("const a = []; for (;;) a.push({ a });", "memory-limit"),
    ],
    ids=["stack", "stack-rethrown", "memory", "string", "memory-small-objects"],
)
def test_the_engines_own_stops_keep_their_rules(run, body, rule):
    result = run(body, limits={"timeoutMs": 30_000})
    assert not result.ok and result.error.rule == rule, result.error
    assert ok(run("return 1 + 1")) == 2


def test_a_cancel_is_a_cancel_and_a_timeout_a_timeout(run):
    cancel = CancelHandle()
    cancel.cancel()
    assert run("for (;;) {}", hooks=RunHooks(cancel=cancel)).error.rule == "cancelled"
    assert run("for (;;) {}", limits={"timeoutMs": 300}).error.rule == "timeout"


#: What the guest reports for each way a run can end (guest/cordon_guest.c STOP_*), with the look-alike
#: a body can throw beside each: the code follows the value, not its name or message.
STOPS = [
    ("for (;;) {}", {"cancel": 0}, 1),
    ("throw { name: 'InternalError', message: 'interrupted' };", {}, 0),
    ("const a = []; for (;;) a.push('x'.repeat(1 << 16) + a.length);", {"memory_limit": 8 << 20}, 2),
    ("const e = new Error('out of memory'); e.name = 'InternalError'; throw e;", {}, 0),
    ("function f() { return f() + 1; } f();", {}, 3),
    ("function f() { return f() + 1; } try { f(); } catch (e) { throw e; }", {}, 3),
    ("function f() { return f() + 1; } try { f(); } catch (e) { throw new RangeError(e.message); }", {}, 0),
    ("let s = 'x'; for (;;) s = s + s;", {}, 4),
    ("throw Object.assign(new Error('string too long'), { name: 'InternalError' });", {}, 0),
    ("import x from 'nowhere';", {"module": True}, 5),
    ("await import('nowhere');", {"module": True}, 5),
    ("throw new ReferenceError(\"error loading module 'nowhere'\");", {"module": True}, 0),
]


@pytest.fixture(scope="module")
def guest() -> BareGuest:
    return BareGuest(SHIPPED)


@pytest.mark.parametrize(("source", "how", "stop"), STOPS)
def test_the_guest_reports_why_it_stopped_by_a_code(guest, source, how, stop):
    outcome = guest.run(source, **how)
    assert outcome.status == 1 and outcome.stop == stop, outcome


# -- deep sources -------------------------------------------------------------------------------
DEEP = {
    "arrows": lambda n: "const f = " + "a => " * n + "0;",
    "arrows-in-parentheses": lambda n: "const f = " + "(a) => " * n + "0;",
    "arrays": lambda n: "const a = " + "[" * n + "]" * n + ";",
    "parentheses": lambda n: "const a = " + "(" * n + "1" + ")" * n + ";",
    "calls": lambda n: "const a = " + "g(" * n + "1" + ")" * n + ";",
    "ternaries": lambda n: "const a = " + "g ? 1 : " * n + "0;",
    "objects": lambda n: "const a = " + "({a:" * n + "1" + "})" * n + ";",
    "blocks": lambda n: "{" * n + "}" * n,
    "ifs": lambda n: "if (1) " * n + ";",
    "else-ifs": lambda n: "if (g) {} " + "else if (g) {} " * n,
    "functions": lambda n: "function f() {" * n + "}" * n,
    "arrays-of-functions": lambda n: "const a = " + "[() => {" * n + "}]" * n + ";",
}


@pytest.mark.parametrize("shape", list(DEEP), ids=list(DEEP))
def test_a_source_nested_too_deep_is_a_syntax_error_saying_so_in_the_guest(guest, shape):
    """However deep, never a trap of wasmtime's native stack nor a misleading message (690 nested
    arrays trapped; deep arrows said "missing formal parameter"); 150 levels of each parse."""
    outcome = guest.run("var g = (x) => x;\n" + DEEP[shape](20_000))
    assert (outcome.name, outcome.message, outcome.stop) == ("SyntaxError", "nesting too deep", 0), outcome
    assert guest.run("var g = (x) => x;\n" + DEEP[shape](150)).status == 0


def test_a_body_nested_too_deep_fails_with_that_syntax_error(run):
    result = run(DEEP["arrays"](1000) + "\nreturn 1;")
    assert not result.ok
    assert (result.error.name, result.error.message) == ("SyntaxError", "nesting too deep"), result.error
    assert ok(run(DEEP["arrays"](300) + "\nreturn a.length;")) == 1
