"""Hardening: no code from strings by any path, no timers, no ambient modules."""

from __future__ import annotations

import pytest

from tests.conftest import ok

ESCAPES = {
    "arrow constructor": "(() => 0).constructor('return 7')()",
    "function constructor": "(function () {}).constructor('return 7')()",
    "async constructor": "(async function () {}).constructor('return 7')",
    "generator constructor": "(function* () {}).constructor('yield 7')",
    "async generator constructor": "(async function* () {}).constructor('yield 7')",
    "Reflect.construct": "Reflect.construct(Object.getPrototypeOf(async () => {}).constructor, ['return 7'])",
    "bound function": "(function () {}).bind(null).constructor('return 7')()",
    "class prototype": "class A {}; A.constructor('return 7')()",
    "class instance method": "class A { m() {} }; new A().m.constructor('return 7')()",
    "prototype chain": "Object.getPrototypeOf(() => 0).constructor('return 7')()",
    "generator object chain": "Object.getPrototypeOf(function* () {}).constructor('yield 7')",
    "deny function's own constructor": "(() => 0).constructor.constructor('return 7')()",
    "getter on descriptor": "Object.getOwnPropertyDescriptor(Object.getPrototypeOf(() => 0), 'constructor').value('return 7')()",
}


@pytest.mark.parametrize("code", ESCAPES.values(), ids=ESCAPES.keys())
def test_no_code_from_strings(run, code):
    result = run(f"return {code}" if not code.startswith("class") else code.replace("; ", "; return ", 1))
    assert not result.ok
    assert result.error.name == "EvalError"
    assert result.error.rule == "no-eval"


def test_constructor_property_cannot_be_restored(run):
    result = run("""
        const proto = Object.getPrototypeOf(() => 0);
        try { Object.defineProperty(proto, 'constructor', { value: 1 }); } catch (e) { return e.name; }
        return 'redefined';
    """)
    assert ok(result) == "TypeError"


def test_dangerous_globals_absent(run):
    names = [
        "eval",
        "Function",
        "setTimeout",
        "setInterval",
        "setImmediate",
        "clearTimeout",
        "performance",
        "WebAssembly",
        "__cordon_internal",
        "__cordon_call",
        "__cordon_sync",
        "__cordon_finish",
        "process",
        "Buffer",
        "require",
    ]
    result = run("return [" + ", ".join(f"typeof globalThis.{n}" for n in names) + "]")
    assert ok(result) == ["undefined"] * len(names)


def test_indirect_eval_refused(run):
    result = run("return (0, globalThis['ev' + 'al'])('1+1')")
    assert not result.ok and result.error.name == "TypeError"


def test_dynamic_import_refused_by_the_loader_when_it_runs(run):
    result = run("const m = 'x';\nconst x = await import(m + 'y');")
    assert not result.ok
    assert result.error.rule == "dynamic-import"
    assert 'requested "xy"' in result.error.message
    assert result.error.line == 2


def test_import_without_declared_packs_fails_before_guest(run):
    result = run('import yaml from "@cordon/sandbox-yaml";\nreturn 1')
    assert not result.ok
    assert result.error.rule == "module-not-declared"
    assert "@cordon/sandbox-yaml" in result.error.message
    assert result.timings["run_ms"] == 0.0  # no guest ran


def test_private_internal_module_not_importable(run):
    result = run('import { finish } from "cordon:internal";\nreturn 1')
    assert not result.ok and result.error.rule == "module-private"


def test_top_level_export_refused(run):
    result = run("export const x = 1;")
    assert not result.ok and result.error.rule == "top-level-export"


def test_prototype_pollution_does_not_survive_the_run(run):
    ok(run("Object.prototype.polluted = 1; Array.prototype.push = null; return 1"))
    assert ok(run("return [typeof ({}).polluted, typeof [].push]")) == ["undefined", "function"]


def test_globals_of_one_run_are_gone_in_the_next(run):
    ok(run("globalThis.leak = 42; return 1"))
    assert ok(run("return typeof leak")) == "undefined"


def test_math_random_is_seeded_per_run(run):
    """Runs start from one snapshot of the prelude; each must still get its own random sequence."""
    first = ok(run("return [Math.random(), Math.random()]"))
    second = ok(run("return [Math.random(), Math.random()]"))
    assert first != second
    values = ok(run("return Array.from({ length: 2000 }, Math.random)"))
    assert all(0 <= v < 1 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55


def test_refused_import_names_its_line(run):
    result = run('const a = 1;\n\nimport yaml from "@cordon/sandbox-yaml";\nreturn 1')
    assert result.error.rule == "module-not-declared" and result.error.line == 3
