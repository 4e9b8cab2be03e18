"""The npm compiler: resolution, ESM/CommonJS bundling, named skips, probes and the cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core import RunServices, paths, run_in_sandbox
from core.packs.caps import NPM_JS_MAX
from core.packs.compiler import COMPILER_VERSION, CompileError, compile_npm, input_digest
from core.packs.npm import probe
from tests import install_support
from tests.conftest import ok

# Shared fixtures (pytest finds them as attributes of this module).
home = install_support.home
memory_keyring = install_support.memory_keyring
pytestmark = pytest.mark.usefixtures("home")


def make_pack(root: Path, files: dict[str, object]) -> Path:
    """A pack folder whose node_modules holds `files` (dicts are written as JSON)."""
    for rel, content in files.items():
        path = root / "node_modules" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content) if isinstance(content, dict) else str(content), encoding="utf-8")
    return root


def run_module(source: str, body: str):
    """Run `body` in the guest with the compiled module importable as "cordon-npm:probe"."""
    return run_in_sandbox(body, services=RunServices(modules=probe._OneModule(source)))


MIXED = {
    "mix/package.json": {
        "name": "mix",
        "version": "1.0.0",
        "exports": {".": {"require": "./cjs.js", "node": "./node.mjs", "import": "./esm/index.mjs"}},
    },
    "mix/esm/index.mjs": """
        import { counter, bump } from "./counter.mjs";
        import * as cycle from "./a.mjs";
        import legacy, { twice } from "./legacy.cjs";
        import data from "./data.json";
        import shout from "dep";
        import { a as shadowed } from "./a.mjs";
        export { counter, bump };
        export * from "./extra.mjs";
        export function keepsItsOwn(shadowed) { return shadowed; }
        export default function describe() {
          return { counter, legacy: legacy.name, twice: twice(4), data: data.v, cycle: cycle.fromB(),
                   shout: shout("hi"), shadowed, obj: { counter }, bump: () => bump() };
        }
    """,
    "mix/esm/counter.mjs": (
        "export let counter = 0;\nexport function bump() { counter += 1; return this === undefined ? counter : -1; }\n"
    ),
    "mix/esm/a.mjs": 'import { b } from "./b.mjs";\nexport const a = "A";\nexport function fromB() { return b(); }\n',
    "mix/esm/b.mjs": 'import { a } from "./a.mjs";\nexport function b() { return a + "B"; }\n',
    "mix/esm/legacy.cjs": 'const helper = require("./helper");\nmodule.exports = { name: "legacy", twice: helper.twice };\n',
    "mix/esm/helper.js": "exports.twice = (n) => n * 2;\n",
    "mix/esm/extra.mjs": 'export const extra = "x";\nexport default "never re-exported";\n',
    "mix/esm/data.json": {"v": 42},
    "dep/package.json": {"name": "dep", "version": "1.0.0", "main": "lib/main.js"},
    "dep/lib/main.js": "module.exports = function shout(s) { return s.toUpperCase() + '!'; };\n",
}


def test_esm_and_commonjs_bundle_into_one_module_with_live_bindings(tmp_path):
    compiled = compile_npm(make_pack(tmp_path, MIXED), "mix")
    assert compiled.compiler_version == COMPILER_VERSION and len(compiled.digest) == 64
    assert set(compiled.exports) == {"counter", "bump", "extra", "keepsItsOwn"}
    assert "node_modules/mix/esm/index.mjs" in compiled.files and "node_modules/dep/lib/main.js" in compiled.files
    assert "import " not in compiled.source.split("export default")[0].split("__cordon$modules")[0]
    out = ok(
        run_module(
            compiled.source,
            """
        import describe, { bump, extra, keepsItsOwn } from "cordon-npm:probe";
        bump();
        return { ...describe(), extra, own: keepsItsOwn(7), bumped: describe().bump() };
    """,
        )
    )
    assert out == {
        "counter": 1,
        "legacy": "legacy",
        "twice": 8,
        "data": 42,
        "cycle": "AB",
        "shout": "HI!",
        "shadowed": "A",
        "obj": {"counter": 1},
        "extra": "x",
        "own": 7,
        "bumped": 2,
    }


def test_commonjs_entry_gets_default_and_named_exports(tmp_path):
    pack = make_pack(
        tmp_path,
        {
            "cj/package.json": {"name": "cj", "version": "1.0.0"},
            "cj/index.js": "exports.add = (a, b) => a + b;\nexports.version = '1';\n",
        },
    )
    compiled = compile_npm(pack, "cj")
    assert set(compiled.exports) == {"add", "version"}
    assert ok(
        run_module(
            compiled.source,
            'import cj, { add } from "cordon-npm:probe";\nreturn [add(1, 2), cj.add(2, 3), cj.version];',
        )
    ) == [3, 5, "1"]


def test_conditions_main_fields_and_subpath_patterns(tmp_path):
    pack = make_pack(
        tmp_path,
        {
            "cond/package.json": {
                "name": "cond",
                "version": "1.0.0",
                "exports": {
                    ".": {"node": "./node.js", "browser": "./browser.js", "module": "./mod.js", "default": "./def.js"},
                    "./feature/*": {"import": "./src/feature/*.js"},
                },
            },
            # Node's and esbuild's rule: the first claimed key in the object's own order (`browser` here).
            "cond/browser.js": 'import { f } from "cond/feature/one";\nexport const which = "browser:" + f;\n',
            "cond/mod.js": 'export const which = "module";\n',
            "cond/src/feature/one.js": 'export const f = "one";\n',
            "fields/package.json": {"name": "fields", "version": "1.0.0", "main": "main.cjs", "module": "esm.mjs"},
            "fields/esm.mjs": 'export const which = "module field";\n',
            "fields/main.cjs": 'exports.which = "main field";\n',
        },
    )
    assert (
        ok(run_module(compile_npm(pack, "cond").source, 'import { which } from "cordon-npm:probe"; return which;'))
        == "browser:one"
    )
    assert (
        ok(run_module(compile_npm(pack, "fields").source, 'import { which } from "cordon-npm:probe"; return which;'))
        == "module field"
    )


@pytest.mark.parametrize(
    ("files", "rule", "needle"),
    [
        ({"p/index.js": 'const fs = require("fs");\nexports.x = 1;'}, "npm-module-builtin-import", "'fs'"),
        (
            {"p/index.js": 'import { join } from "node:fs";\nexport const x = join;'},
            "npm-module-builtin-import",
            "'fs'",
        ),
        ({"p/index.js": 'import "path/posix";\nexport const x = 1;'}, "npm-module-builtin-import", "path/posix"),
        (
            {"p/index.js": 'import { y } from "./missing.js";\nexport const x = y;'},
            "npm-module-unresolved",
            "./missing.js",
        ),
        (
            {
                "p/index.js": 'import "q/private";\nexport const x = 1;',
                "q/package.json": {"name": "q", "exports": {".": "./i.js"}},
                "q/i.js": "export {};",
            },
            "npm-module-unresolved",
            "not exported",
        ),
        (
            {"p/index.js": 'export const load = () => import("./lazy.js");', "p/lazy.js": "export {};"},
            "npm-module-unresolved",
            "dynamic import()",
        ),
        (
            {"p/index.js": "export const s = '" + "a" * (NPM_JS_MAX + 10) + "';"},
            "npm-module-too-large",
            "over its limit, 3 MB",
        ),
        # a free `process` is Cordon's shim (env, nextTick, ...): what would reach the host is not there
        ({"p/index.js": "process.exit(1);\nexport {};"}, "npm-module-probe-failed", "process.exit is not a function"),
        ({"p/index.js": "setTimeout(() => {}, 1);\nexport {};"}, "npm-module-probe-failed", "setTimeout"),
        ({"p/index.js": 'export const b = new Function("return 1");'}, "npm-module-probe-failed", "no-eval"),
        ({"p/index.js": 'process.binding("fs");\nexports.x = 1;'}, "npm-module-probe-failed", "process.binding"),
        ({"p/index.js": 'throw new Error("boom at import time");'}, "npm-module-probe-failed", "boom at import time"),
        ({"p/index.js": "export const x = await Promise.resolve(1);"}, "npm-module-probe-failed", "initialise"),
    ],
)
def test_named_skips(tmp_path, files, rule, needle):
    pack = make_pack(tmp_path, {"p/package.json": {"name": "p", "version": "1.0.0"}, **files})
    with pytest.raises(CompileError) as skipped:
        compile_npm(pack, "p")
    assert skipped.value.rule == rule, skipped.value.message
    assert needle in skipped.value.message


def test_userland_polyfill_of_a_builtin_name_is_bundled(tmp_path):
    pack = make_pack(
        tmp_path,
        {
            "p/package.json": {"name": "p", "version": "1.0.0"},
            "p/index.js": 'const { EventEmitter } = require("events");\nexports.kind = typeof EventEmitter;',
            "events/package.json": {"name": "events", "version": "3.3.0", "main": "events.js"},
            "events/events.js": "function EventEmitter() {}\nmodule.exports = { EventEmitter };\n",
        },
    )
    assert compile_npm(pack, "p").exports == ("kind",)


def test_feature_detection_and_shadowing_only_warn(tmp_path):
    pack = make_pack(
        tmp_path,
        {
            "p/package.json": {"name": "p", "version": "1.0.0"},
            "p/index.js": """
            const env = typeof process !== "undefined" && process.env ? process.env : {};
            const g = typeof window === "undefined" ? globalThis : window;
            function own(process, Buffer) { return process + Buffer; }
            exports.ok = own(1, 2) + Object.keys(env).length + (g === globalThis ? 0 : 1);
        """,
        },
    )
    compiled = compile_npm(pack, "p")
    assert ok(run_module(compiled.source, 'import { ok } from "cordon-npm:probe"; return ok;')) == 3
    assert any("feature-detects 'process'" in w for w in compiled.warnings)
    assert any("feature-detects 'window'" in w for w in compiled.warnings)


def test_the_probe_grants_no_capabilities(tmp_path, memory_keyring):
    from core import secrets_store

    secrets_store.set_secret("TOKEN", "do-not-leak")
    pack = make_pack(
        tmp_path,
        {
            "p/package.json": {"name": "p", "version": "1.0.0"},
            "p/index.js": """
            const settle = (p) => p.then((v) => "granted: " + v, (e) => String(e.message));
            exports.attempts = Promise.all([settle(getSecret("TOKEN")),
                                            settle(fetch("https://example.com/")),
                                            settle(workspace.read("x.txt"))]);
        """,
        },
    )
    source = compile_npm(pack, "p").source
    attempts = probe.run_probe(source, 'import { attempts } from "cordon-npm:probe";\nreturn await attempts;', "p")
    assert len(attempts) == 3 and not any(a.startswith("granted") for a in attempts), attempts
    assert "secret" in attempts[0] and "fetchMaxCalls" in attempts[1] and "workspace" in attempts[2].lower()


def test_cache_is_keyed_by_content_and_written_atomically(tmp_path):
    pack = make_pack(tmp_path, {"c/package.json": {"name": "c", "version": "1.0.0"}, "c/index.js": "exports.v = 1;"})
    first = compile_npm(pack, "c")
    cache = paths.cache_dir() / "npm"
    assert (cache / f"{first.digest}.json").is_file()
    assert not list(cache.glob(".npm-*"))
    assert compile_npm(pack, "c") == first  # served from the cache

    (pack / "node_modules" / "c" / "index.js").write_text("exports.v = 2;")  # same version, new content
    second = compile_npm(pack, "c")
    assert (
        second.digest
        != first.digest
        == input_digest(
            make_pack(
                tmp_path / "copy", {"c/package.json": {"name": "c", "version": "1.0.0"}, "c/index.js": "exports.v = 1;"}
            ),
            "c",
        )
    )
    assert ok(run_module(second.source, 'import { v } from "cordon-npm:probe"; return v;')) == 2


def test_static_skips_are_cached_too(tmp_path):
    pack = make_pack(
        tmp_path, {"p/package.json": {"name": "p", "version": "1.0.0"}, "p/index.js": 'require("child_process");'}
    )
    with pytest.raises(CompileError):
        compile_npm(pack, "p")
    [entry] = (paths.cache_dir() / "npm").glob("*.json")
    assert json.loads(entry.read_text())["error"]["rule"] == "npm-module-builtin-import"
    with pytest.raises(CompileError) as again:
        compile_npm(pack, "p")
    assert again.value.rule == "npm-module-builtin-import"


def test_missing_dependency_is_unresolved(tmp_path):
    with pytest.raises(CompileError) as skipped:
        compile_npm(tmp_path, "absent")
    assert skipped.value.rule == "npm-module-unresolved"


def test_a_missing_global_the_probe_does_not_reach_is_a_warning_with_its_lines(tmp_path):
    pack = make_pack(
        tmp_path,
        {
            "p/package.json": {"name": "p", "version": "1.0.0", "type": "module"},
            "p/index.js": (
                "export const ready = 1;\n"
                "export function later(cb) { return setTimeout(cb, 1); }\n"
                "export function el() { return window.document; }\n"
            ),
        },
    )
    compiled = compile_npm(pack, "p")
    assert sorted(compiled.exports) == ["el", "later", "ready"]
    assert any("'setTimeout'" in w and "index.js:2" in w and "ReferenceError" in w for w in compiled.warnings)
    assert any("'window'" in w and "index.js:3" in w for w in compiled.warnings)
    result = run_module(compiled.source, 'import { later } from "cordon-npm:probe"; return later(() => 1);')
    assert not result.ok and result.error.name == "ReferenceError" and "setTimeout" in result.error.message


@pytest.mark.parametrize(
    ("conditions", "expected"),
    [
        # The first key, in the object's own order, that Cordon claims (browser, module, import, default).
        ({"node": "./node.mjs", "require": "./cjs.cjs", "browser": "./browser.mjs"}, "browser"),
        ({"node": "./node.mjs", "worker": "./worker.mjs", "default": "./default.mjs"}, "default"),
        ({"neutral": "./neutral.mjs", "deno": "./deno.mjs", "default": "./default.mjs"}, "default"),
        ({"browser": "./browser.mjs", "import": "./import.mjs"}, "browser"),  # jsonpath-plus's order
        ({"import": "./import.mjs", "browser": "./browser.mjs"}, "import"),
        ({"require": "./require.mjs", "module": "./module.mjs", "import": "./import.mjs"}, "module"),
        ({"node": {"import": "./node.mjs"}, "default": {"require": "./cjs.mjs", "import": "./import.mjs"}}, "import"),
    ],
)
def test_export_conditions_in_order(tmp_path, conditions, expected):
    targets = [t for v in conditions.values() for t in (v.values() if isinstance(v, dict) else [v])]
    files = {f"c/{target[2:]}": f'export const which = "{target[2:-4]}";\n' for target in targets}
    pack = make_pack(
        tmp_path, {"c/package.json": {"name": "c", "version": "1.0.0", "exports": {".": conditions}}, **files}
    )
    assert (
        ok(run_module(compile_npm(pack, "c").source, 'import { which } from "cordon-npm:probe"; return which;'))
        == expected
    )


def test_global_and_self_are_the_global_object_for_bundles(tmp_path):
    """A view of it: reads, writes and detection reach the real global object."""
    pack = make_pack(
        tmp_path,
        {
            "g/package.json": {"name": "g", "version": "1.0.0"},
            "g/index.js": (
                "var root = typeof self == 'object' && self.self === self && self || "
                "typeof global == 'object' && global.global === global && global;\n"
                "root.written = 7;\n"
                "exports.found = !!root && root.Math === Math && global.Object === Object && globalThis.written === 7;\n"
            ),
        },
    )
    assert (
        ok(run_module(compile_npm(pack, "g").source, 'import { found } from "cordon-npm:probe"; return found;')) is True
    )


def test_builtins_taken_from_the_global_object_include_the_function_stand_in(tmp_path):
    """As lodash's runInContext: `Function` read off the global object it found, at load time.
    The stand-in's prototype is the real one and calling it is still the no-eval refusal; the
    body's own global object keeps no `Function`."""
    pack = make_pack(
        tmp_path,
        {
            "l/package.json": {"name": "l", "version": "1.0.0"},
            "l/index.js": (
                "var root = typeof global == 'object' && global && global.Object === Object && global;\n"
                "var F = root.Function, toSource = F.prototype.toString;\n"
                "exports.isFn = function (v) { return v instanceof F && typeof toSource.call(v) === 'string'; };\n"
                "exports.compile = function (s) { return F(s); };\n"
                "exports.has = 'Function' in root;\n"
            ),
        },
    )
    source = compile_npm(pack, "l").source
    body = 'import { isFn, has } from "cordon-npm:probe"; return [isFn(() => 1), has, typeof Function];'
    assert ok(run_module(source, body)) == [True, True, "undefined"]
    refused = run_module(source, 'import { compile } from "cordon-npm:probe"; return compile("return 1");')
    assert not refused.ok and refused.error.name == "EvalError" and "no-eval" in refused.error.message


def test_an_es_module_without_a_default_gets_none_invented(tmp_path):
    """As js-yaml 5: named exports only, so `import x from` fails to link, as Node refuses it."""
    pack = make_pack(
        tmp_path,
        {
            "y/package.json": {
                "name": "y",
                "version": "5.0.0",
                "type": "module",
                "exports": {".": {"import": "./index.js"}},
            },
            "y/index.js": "export function load(s) { return s.length; }\n",
        },
    )
    source = compile_npm(pack, "y").source
    assert ok(run_module(source, 'import * as m from "cordon-npm:probe"; return Object.keys(m);')) == ["load"]
    refused = run_module(source, 'import y from "cordon-npm:probe"; return y;')
    assert not refused.ok and "default" in refused.error.message


@pytest.mark.parametrize(
    ("body", "default", "named"),
    [
        ("module.exports = { parse: () => 1, version: 2 };", {"parse": "function", "version": 2}, ["parse", "version"]),
        ("module.exports = function fn() { return 3; };\nmodule.exports.extra = 4;", "function", ["extra"]),
        (
            'Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = "dflt";\nexports.x = 5;',
            "dflt",
            ["x"],
        ),
    ],
)
def test_commonjs_gets_default_and_named_interop(tmp_path, body, default, named):
    pack = make_pack(
        tmp_path, {"c/package.json": {"name": "c", "version": "1.0.0", "main": "index.js"}, "c/index.js": body}
    )
    compiled = compile_npm(pack, "c")
    assert sorted(compiled.exports) == named
    got = ok(
        run_module(
            compiled.source,
            'import d, * as m from "cordon-npm:probe";\n'
            'const shape = (v) => typeof v === "object" ? Object.fromEntries(Object.entries(v).map('
            '([k, x]) => [k, typeof x === "function" ? "function" : x])) : typeof v === "function" ? '
            '"function" : v;\nreturn [shape(d), Object.keys(m).filter((k) => k !== "default").sort()];',
        )
    )
    assert got == [default, named]


def test_function_prototype_is_readable_but_code_generation_still_refused(tmp_path):
    """As lodash-es reads Function.prototype.toString at load time, and keeps `template` in its own module."""
    pack = make_pack(
        tmp_path,
        {
            "f/package.json": {"name": "f", "version": "1.0.0", "type": "module"},
            "f/index.js": (
                "const toSource = Function.prototype.toString;\n"
                "export const isFn = (v) => v instanceof Function && typeof toSource.call(v) === 'string';\n"
                'export { compile } from "./compile.js";\n'
            ),
            "f/compile.js": "export const compile = (s) => new Function(s);\n",
        },
    )
    compiled = compile_npm(pack, "f")
    assert any("'Function'" in w and "EvalError" in w for w in compiled.warnings)
    assert ok(run_module(compiled.source, 'import { isFn } from "cordon-npm:probe"; return isFn(() => 1);')) is True
    refused = run_module(compiled.source, 'import { compile } from "cordon-npm:probe"; return compile("return 1");')
    assert not refused.ok and refused.error.name == "EvalError" and "no-eval" in refused.error.message


@pytest.mark.parametrize(
    "compiler",
    [
        "export const compile = (src) => new Function('x', src);",
        "export const compile = (src) => Function(src);",
        "export const compile = (src) => Function.apply(null, ['x', src]);",
        "const F = Function;\nexport const compile = (src) => new F(src);",
        "export const compile = (src) => eval(src);",
    ],
)
def test_a_library_whose_every_export_reaches_code_generation_is_refused(tmp_path, compiler):
    """As ajv: every export reaches code compiled from a built string, and nothing tests whether that works."""
    pack = make_pack(
        tmp_path,
        {
            "g/package.json": {"name": "g", "version": "1.0.0", "type": "module"},
            "g/index.js": 'import { compile } from "./compile.js";\nexport const check = (s) => compile(s)();\n'
            "export default check;\n",
            "g/compile.js": compiler + "\n",
        },
    )
    with pytest.raises(CompileError) as refused:
        compile_npm(pack, "g")
    assert refused.value.rule == "npm-module-needs-code-generation"
    assert "node_modules/g/compile.js:" in refused.value.message and "no-eval" in refused.value.message


def test_code_generation_with_a_fallback_or_off_the_main_path_only_warns(tmp_path):
    """zod tests `new Function("")` in a try and interprets instead; lodash-es keeps `template` apart."""
    pack = make_pack(
        tmp_path,
        {
            "z/package.json": {"name": "z", "version": "1.0.0", "type": "module"},
            "z/index.js": (
                "const canEval = () => { try { const F = Function; new F(''); return true; } catch (_) { return false; } };\n"
                "const jit = (src) => new Function('x', src);\n"
                "export const double = (x) => canEval() ? jit('return x * 2')(x) : x * 2;\n"
            ),
            "l/package.json": {"name": "l", "version": "1.0.0", "type": "module"},
            "l/index.js": 'export { chunk } from "./chunk.js";\nexport { template } from "./template.js";\n',
            "l/chunk.js": "export const chunk = (a) => [a.slice(0, 1), a.slice(1)];\n",
            "l/template.js": "export const template = (src) => Function('o', 'return ' + src);\n",
        },
    )
    fallback = compile_npm(pack, "z")
    assert ok(run_module(fallback.source, 'import { double } from "cordon-npm:probe"; return double(21);')) == 42
    apart = compile_npm(pack, "l")
    assert any("'Function'" in w and "template.js:1" in w for w in apart.warnings)
    assert ok(run_module(apart.source, 'import { chunk } from "cordon-npm:probe"; return chunk([1, 2]);')) == [[1], [2]]


def test_minified_bundles_keep_strings_templates_regexes_and_line_numbers(tmp_path):
    pack = make_pack(
        tmp_path,
        {
            "m/package.json": {"name": "m", "version": "1.0.0", "type": "module"},
            "m/index.js": (
                "/**\n * A long JSDoc block\n * over lines.\n */\n"
                "export const url = 'http://x//y'; // trailing comment\n"
                "export const tpl = `a\n    indented /* not a comment */\n  b`;\n"
                "export const re = /\\/\\/ keep/.source;\n"
                "    export function later() {\n        return setTimeout(1);\n    }\n"
                "export const asi = 1\n/* comment */\n;[2].length\n"
            ),
        },
    )
    compiled = compile_npm(pack, "m")
    assert "JSDoc" not in compiled.source and "trailing comment" not in compiled.source
    assert "\n        return" not in compiled.source
    got = ok(
        run_module(
            compiled.source, 'import { url, tpl, re, asi } from "cordon-npm:probe";\nreturn [url, tpl, re, asi];'
        )
    )
    assert got == ["http://x//y", "a\n    indented /* not a comment */\n  b", "\\/\\/ keep", 1]
    assert any("'setTimeout'" in w and "index.js:11" in w for w in compiled.warnings)
