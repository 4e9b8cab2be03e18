"""npm libraries as Node and esbuild see them: resolution, interop, defines, polyfills and stubs.

Every test installs through the real installer from the 127.0.0.1 registry (synthetic packages built
here, or the real tarballs under tests/fixtures/registry) and runs the result in the guest.
"""

from __future__ import annotations

import json

import pytest

from core import RunServices, run_in_sandbox
from core.cli import main
from core.packs import Catalog, resolve_body
from core.packs.install import InstallError, commit_install, prepare_install
from tests import install_support
from tests.conftest import ok
from tests.npm_registry import NpmRegistry

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry


publish = install_support.publish_package


def install(registry: NpmRegistry, name: str):
    """`npm:<name>` prepared and committed; the prepared request (its consent) is returned."""
    request = prepare_install(f"npm:{name}", registry=registry.url)
    commit_install(request)
    return request


def run(code: str):
    packs = resolve_body(code, catalog=Catalog())
    assert packs.ok, packs.problems
    return run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))


# -- exports conditions: the object's own key order ---------------------------------------------------


def test_exports_conditions_follow_the_objects_key_order_so_browser_before_import_wins(registry, tmp_path):
    """jsonpath-plus's shape: `browser` listed before `import`; the import build needs `vm`."""
    publish(
        registry,
        tmp_path,
        {
            "name": "order-lib",
            "version": "1.0.0",
            "type": "module",
            "exports": {
                ".": {"types": "./x.d.ts", "browser": "./browser.js", "import": "./node.js", "default": "./node.js"}
            },
        },
        {
            "browser.js": 'export const build = "browser";\n',
            "node.js": 'import vm from "vm";\nexport const build = "node " + typeof vm;\n',
        },
    )
    install(registry, "order-lib")
    assert ok(run('import { build } from "order-lib";\nreturn build;')) == "browser"


def test_jsonpath_plus_installs_its_browser_build_and_queries(registry, capsys):
    """jsonpath-plus@10.3.0 (its real tarball and its jsep dependencies): `browser` is listed before `import`
    in its exports, and the Node build needs `vm`; its browser build generates code only in `Script`,
    the twin of the interpreting `SafeScript` its default `eval: "safe"` uses."""
    for tgz in ("jsonpath-plus-10.3.0.tgz", "jsep-1.4.0.tgz", "jsep-plugin-assignment-1.3.0.tgz"):
        registry.publish_file(tgz)
    registry.publish_file("jsep-plugin-regex-1.0.4.tgz")
    assert main(["packs", "install", "npm:jsonpath-plus", "--registry", registry.url, "--yes", "--json"]) == 0
    [module] = json.loads(capsys.readouterr().out)["request"]["npmModules"]
    assert module["ok"] and any("index-browser-esm.js" in w and "'Function'" in w for w in module["warnings"])
    code = (
        'import { JSONPath } from "jsonpath-plus";\n'
        "const json = { books: [{ price: 8 }, { price: 12 }] };\n"
        'return JSONPath({ path: "$.books[?(@.price < 10)].price", json });'
    )
    assert ok(run(code)) == [8]
    native = run(code.replace("json });", 'json, eval: "native" });'))
    assert (
        not native.ok and "code generation from strings is disabled" in native.error.message
    )  # jsonpath-plus rewraps it


def test_require_and_import_conditions_follow_how_a_file_is_reached(registry, tmp_path):
    """A `require()` takes the `require` branch and an `import` the `import` branch, as esbuild does."""
    publish(
        registry,
        tmp_path,
        {
            "name": "dual",
            "exports": {".": {"require": "./dual.cjs", "import": "./dual.mjs"}},
        },
        {"dual.cjs": 'exports.kind = "require";\n', "dual.mjs": 'export const kind = "import";\n'},
    )
    publish(
        registry,
        tmp_path,
        {"name": "uses-dual", "main": "index.js", "dependencies": {"dual": "^1.0.0"}},
        {
            "index.js": 'exports.viaRequire = require("dual").kind;\n',
        },
    )
    install(registry, "uses-dual")
    assert ok(run('import { viaRequire } from "uses-dual";\nreturn viaRequire;')) == "require"


# -- the browser field ---------------------------------------------------------------------------------


def test_browser_field_string_is_the_main_entry(registry, tmp_path):
    publish(
        registry,
        tmp_path,
        {"name": "str-browser", "main": "node.js", "browser": "browser.js"},
        {
            "node.js": 'const fs = require("fs");\nexports.where = "node";\n',
            "browser.js": 'exports.where = "browser";\n',
        },
    )
    install(registry, "str-browser")
    assert ok(run('import { where } from "str-browser";\nreturn where;')) == "browser"


def test_browser_field_object_replaces_files_and_modules_and_false_is_an_empty_module(registry, tmp_path):
    publish(
        registry,
        tmp_path,
        {
            "name": "map-browser",
            "main": "index.js",
            "browser": {"./lib/random.js": "./lib/random-browser.js", "crypto": False, "./lib/server": False},
        },
        {
            "index.js": (
                'const random = require("./lib/random");\n'
                'const crypto = require("crypto");\n'
                'const server = require("./lib/server");\n'
                "exports.report = [random.source, typeof crypto, Object.keys(crypto).length, Object.keys(server).length];\n"
            ),
            "lib/random.js": 'exports.source = require("crypto").randomBytes ? "node" : "?";\n',
            "lib/random-browser.js": 'exports.source = "browser";\n',
            "lib/server.js": 'const net = require("net");\nexports.listen = net.createServer;\n',
        },
    )
    install(registry, "map-browser")
    assert ok(run('import { report } from "map-browser";\nreturn report;')) == ["browser", "object", 0, 0]


def test_nanoid_3_installs_through_its_browser_build_and_makes_ids(registry):
    """nanoid@3.3.11 (its real tarball): the Node build imports `crypto`, the browser build uses Web Crypto."""
    registry.publish_file("nanoid-3.3.11.tgz")
    request = install(registry, "nanoid@^3")
    [module] = request.npm_modules
    assert module.ok, module.message
    out = ok(
        run('import { nanoid, customAlphabet } from "nanoid";\nreturn [nanoid().length, customAlphabet("a", 4)()];')
    )
    assert out == [21, "aaaa"]


# -- CommonJS and UMD interop ---------------------------------------------------------------------------


def test_commonjs_default_import_is_module_exports_and_named_imports_are_its_keys(registry, tmp_path):
    publish(
        registry,
        tmp_path,
        {"name": "cjs-fn", "main": "index.js"},
        {"index.js": "module.exports = function twice(x) { return 2 * x; };\nmodule.exports.half = (x) => x / 2;\n"},
    )
    publish(
        registry,
        tmp_path,
        {"name": "umd-lib", "main": "umd.js"},
        {
            "umd.js": (
                "!function (root, factory) {\n"
                '  typeof exports === "object" && typeof module !== "undefined" ? module.exports = factory()\n'
                '  : typeof define === "function" && define.amd ? define(factory) : (root.umdLib = factory());\n'
                '}(this, function () { return { name: "umd", add: (a, b) => a + b }; });\n'
            )
        },
    )
    publish(
        registry,
        tmp_path,
        {"name": "esm-over-cjs", "type": "module", "exports": "./index.js", "dependencies": {"cjs-fn": "^1.0.0"}},
        {"index.js": 'import twice, { half } from "cjs-fn";\nexport const both = twice(half(8));\n'},
    )
    install(registry, "cjs-fn")
    install(registry, "umd-lib")
    install(registry, "esm-over-cjs")
    code = (
        'import twice, { half } from "cjs-fn";\nimport umd, { add } from "umd-lib";\n'
        'import { both } from "esm-over-cjs";\n'
        "return [twice(3), half(3), twice.half(4), umd.name, add(1, 2), both];"
    )
    assert ok(run(code)) == [6, 1.5, 2, "umd", 3, 8]


def test_transpiled_esm_in_commonjs_gives_its_default(registry, tmp_path):
    """`__esModule` marks Babel/TypeScript output: the default import is `exports.default`, as in esbuild."""
    publish(
        registry,
        tmp_path,
        {"name": "ts-out", "main": "index.js"},
        {
            "index.js": (
                'Object.defineProperty(exports, "__esModule", { value: true });\n'
                'exports.default = function greet(n) { return "hi " + n; };\nexports.other = 1;\n'
            )
        },
    )
    install(registry, "ts-out")
    assert ok(run('import greet, { other } from "ts-out";\nreturn greet("x") + other;')) == "hi x1"


# -- defines ----------------------------------------------------------------------------------------------


def test_immer_installs_with_node_env_defined_as_production_and_produce_works(registry):
    """immer@10.1.1 (its real tarball) reads `process.env.NODE_ENV` at load."""
    registry.publish_file("immer-10.1.1.tgz")
    request = install(registry, "immer")
    [module] = request.npm_modules
    assert module.ok, module.message
    assert not any("'process'" in w for w in module.warnings)
    assert module.polyfills == ()  # the define alone: no file reads `process` itself, so no shim is bundled
    code = (
        'import { produce } from "immer";\nconst base = { a: 1, list: [1] };\n'
        "const next = produce(base, (d) => { d.a = 2; d.list.push(2); });\n"
        "return [base, next, Object.isFrozen(next)];"
    )
    assert ok(run(code)) == [{"a": 1, "list": [1]}, {"a": 2, "list": [1, 2]}, True]


def test_node_env_define_replaces_only_the_global_read(registry, tmp_path):
    publish(
        registry,
        tmp_path,
        {"name": "env-lib", "type": "module", "exports": "./index.js"},
        {
            "index.js": (
                'export const mode = process.env.NODE_ENV;\nexport const bracket = process.env["NODE_ENV"];\n'
                "export function shadowed(process) { return process.env.NODE_ENV; }\n"
                "export function other() { return process.env.HOME; }\n"
            )
        },
    )
    request = install(registry, "env-lib")
    [module] = request.npm_modules
    # only `process.env.HOME` reads `process` itself: the file gets Cordon's shim, whose env has NODE_ENV only
    assert [p.split(" ")[0] for p in module.polyfills] == ["process"]
    assert not any("'process'" in w for w in module.warnings)
    code = (
        'import { mode, bracket, shadowed, other } from "env-lib";\n'
        "let home; try { home = other(); } catch (e) { home = e.name; }\n"
        'return [mode, bracket, shadowed({ env: { NODE_ENV: "test" } }), home === undefined];'
    )
    assert ok(run(code)) == ["production", "production", "test", True]


# -- polyfills --------------------------------------------------------------------------------------------


POLYFILLED_LIB = {
    "index.js": (
        'const { Buffer } = require("buffer");\n'
        'const EventEmitter = require("events");\n'
        'const path = require("path");\n'
        'const { StringDecoder } = require("string_decoder");\n'
        'const qs = require("querystring");\n'
        'const punycode = require("punycode");\n'
        'const util = require("util");\n'
        'const assert = require("assert");\n'
        'const url = require("url");\n'
        'const { Readable, Transform } = require("stream");\n'
        "exports.b64 = (s) => Buffer.from(s, 'utf8').toString('base64');\n"
        "exports.emit = () => { const e = new EventEmitter(); let got; e.on('x', (v) => { got = v; }); "
        "e.emit('x', 7); return got; };\n"
        "exports.join = (...p) => path.posix.join(...p);\n"
        "exports.decode = () => new StringDecoder('utf8').write(Buffer.from([0xe2, 0x82, 0xac]));\n"
        "exports.query = () => qs.stringify({ a: 1, b: 'x y' });\n"
        "exports.puny = () => punycode.toASCII('bücher.de');\n"
        "exports.format = () => util.format('%s=%d %j', 'a', 42, { b: [1] }) + ' ' + util.inspect({ c: 'x' });\n"
        "exports.promisified = () => util.promisify((v, cb) => cb(null, v * 2))(21);\n"
        "exports.check = () => { assert.deepStrictEqual({ a: [1] }, { a: [1] }); "
        "try { assert.strictEqual(1, 2); } catch (e) { return e.code; } };\n"
        "exports.parseUrl = () => { const u = url.parse('https://a.example:8080/p/q?x=1#h', true); "
        "return [u.hostname, u.port, u.pathname, u.query.x, u.hash, url.resolve('http://a/b/c', '../d')]; };\n"
        "exports.streamed = () => new Promise((resolve, reject) => { const chunks = []; "
        "const source = new Readable({ read() {} }); for (const c of ['a', 'b', 'c', null]) source.push(c); "
        "source.pipe(new Transform({ transform(chunk, enc, done) { "
        "done(null, String(chunk).toUpperCase()); } })).on('data', (c) => chunks.push(String(c)))"
        ".on('end', () => resolve(chunks.join(''))).on('error', reject); });\n"
        "exports.tick = () => new Promise((resolve) => process.nextTick(resolve, process.env.NODE_ENV));\n"
        "exports.reachProcess = () => [typeof process.exit, typeof process.binding, typeof process.kill, "
        "typeof process.stdout, process.cwd(), Object.keys(process.env)];\n"
        "exports.reachFiles = () => require('fs').readFileSync('/etc/passwd', 'utf8');\n"
        "exports.reachProcesses = () => require('child_process').execSync('id');\n"
        "exports.reachNetwork = () => require('node:http').get('http://127.0.0.1/');\n"
    )
}


def test_pure_builtins_are_served_from_the_vendored_polyfills_and_the_consent_lists_them(registry, tmp_path):
    publish(registry, tmp_path, {"name": "poly-lib", "main": "index.js"}, POLYFILLED_LIB)
    request = install(registry, "poly-lib")
    [module] = request.npm_modules
    assert module.ok, module.message
    assert [p.split(" ")[0] for p in module.polyfills] == [
        "assert",
        "buffer",
        "events",
        "path",
        "process",
        "punycode",
        "querystring",
        "stream",
        "string_decoder",
        "url",
        "util",
    ]
    assert "buffer (buffer@6.0.3)" in module.polyfills
    assert {"util (util@0.12.5)", "assert (assert@2.1.0)", "url (url@0.11.4)"} <= set(module.polyfills)
    assert "stream (readable-stream@3.6.2)" in module.polyfills
    assert any(p.startswith("process (Cordon's shim") for p in module.polyfills)
    assert any(line.strip().startswith("polyfills (pure JavaScript") for line in request.lines())
    assert request.to_json()["npmModules"][0]["polyfills"] == list(module.polyfills)
    code = (
        'import { b64, emit, join, decode, query, puny } from "poly-lib";\n'
        'return [b64("hi"), emit(), join("a", "../b", "c"), decode(), query(), puny()];'
    )
    assert ok(run(code)) == ["aGk=", 7, "b/c", "€", "a=1&b=x%20y", "xn--bcher-kva.de"]
    code = (
        'import { format, promisified, check, parseUrl, streamed, tick } from "poly-lib";\n'
        "return [format(), await promisified(), check(), parseUrl(), await streamed(), await tick()];"
    )
    assert ok(run(code)) == [
        "a=42 {\"b\":[1]} { c: 'x' }",
        42,
        "ERR_ASSERTION",
        ["a.example", "8080", "/p/q", "1", "#h", "http://a/d"],
        "ABC",
        "production",
    ]


def test_a_polyfilled_pack_cannot_reach_files_processes_or_the_network(registry, tmp_path):
    """The polyfills (util, assert, url and stream among them) add no global and no capability: fs,
    child_process and http are stubs that throw, and the process shim has nothing of the host's process."""
    publish(registry, tmp_path, {"name": "poly-lib", "main": "index.js"}, POLYFILLED_LIB)
    request = install(registry, "poly-lib")
    [module] = request.npm_modules
    assert sorted(s.split(" ")[0] for s in module.stubs) == ["child_process", "fs", "http"]
    code = (
        'import * as lib from "poly-lib";\n'
        "const reached = {};\n"
        "for (const name of ['reachFiles', 'reachProcesses', 'reachNetwork']) {\n"
        "  try { reached[name] = lib[name](); } catch (e) { reached[name] = e.rule; }\n"
        "}\n"
        "lib.b64('x'); lib.emit(); lib.join('a'); lib.decode(); lib.query(); lib.puny();\n"
        "lib.format(); lib.check(); lib.parseUrl(); await lib.streamed(); await lib.tick(); await lib.promisified();\n"
        "return { reached, process: lib.reachProcess(), globals: Object.getOwnPropertyNames(globalThis).sort() };"
    )
    out = ok(run(code))
    assert out["reached"] == {
        "reachFiles": "npm-builtin-stub",
        "reachProcesses": "npm-builtin-stub",
        "reachNetwork": "npm-builtin-stub",
    }
    # Cordon's process shim: no exit, binding, kill or stdout; a cwd of "/" and an env of NODE_ENV only
    assert out["process"] == ["undefined", "undefined", "undefined", "undefined", "/", ["NODE_ENV"]]
    # Same global object as a body that imports nothing: no Buffer, process or require was added.
    assert out["globals"] == ok(run_in_sandbox("return Object.getOwnPropertyNames(globalThis).sort();"))
    assert not {"Buffer", "process", "require"} & set(out["globals"])


@pytest.mark.parametrize("builtin", ["fs", "child_process", "net", "http", "vm", "worker_threads", "node:fs"])
def test_a_builtin_that_reaches_outside_stays_refused_at_load_naming_why(registry, tmp_path, builtin):
    publish(
        registry,
        tmp_path,
        {"name": "outside-lib", "main": "index.js"},
        {"index.js": f'const m = require("{builtin}");\nexports.m = m;\n'},
    )
    with pytest.raises(InstallError) as refused:
        prepare_install("npm:outside-lib", registry=registry.url)
    assert refused.value.rule == "pack-no-admitted-modules"
    assert "npm-module-builtin-import" in refused.value.message
    assert "cannot exist in the sandbox" in refused.value.message


# -- stubs: refuse only what is reachable ----------------------------------------------------------------


def test_papaparse_installs_through_its_browser_build_and_parses(registry, capsys):
    """papaparse@5.5.3 (its real tarball): `main` requires `stream` for its Node reader, the `browser` build
    (papaparse.min.js) does not; Cordon, like esbuild for the browser, takes the latter."""
    registry.publish_file("papaparse-5.5.3.tgz")
    assert main(["packs", "install", "npm:papaparse", "--registry", registry.url, "--yes", "--json"]) == 0
    [module] = json.loads(capsys.readouterr().out)["request"]["npmModules"]
    assert module["ok"] and module["stubs"] == []
    code = 'import Papa from "papaparse";\nreturn Papa.parse("a,b\\n1,2", { header: true }).data;'
    assert ok(run(code)) == [{"a": "1", "b": "2"}]


def test_a_lazy_require_of_an_unserved_builtin_becomes_a_stub_listed_in_the_report(registry, tmp_path, capsys):
    """papaparse's `main` shape: a builtin (zlib here) required only inside the function that uses it."""
    publish(
        registry,
        tmp_path,
        {"name": "lazy-lib", "main": "index.js"},
        {
            "index.js": (
                "exports.parse = (text) => text.split(',');\n"
                "exports.stream = function () {\n  var gzip = require('zlib').createGzip;\n  return gzip();\n};\n"
            )
        },
    )
    assert main(["packs", "install", "npm:lazy-lib", "--registry", registry.url, "--yes"]) == 0
    out = capsys.readouterr().out
    assert "stubs (Node builtins that throw if this code is reached): zlib (node_modules/lazy-lib/index.js:3)" in out
    assert ok(run('import { parse } from "lazy-lib";\nreturn parse("a,b");')) == ["a", "b"]
    for _ in range(2):  # a stub throws every time, not only on the first require
        reached = run('import { stream } from "lazy-lib";\nreturn stream();')
        assert not reached.ok and reached.error.rule == "npm-builtin-stub"
        assert "'zlib'" in reached.error.message and "browserify-zlib" in reached.error.message


def test_a_stubbed_builtin_that_loading_reaches_is_refused_by_the_probe(registry, tmp_path):
    """Inside a function, but the function runs at load (a UMD factory): the probe reaches the stub."""
    publish(
        registry,
        tmp_path,
        {"name": "eager-lib", "main": "index.js"},
        {"index.js": '(function () { const s = require("zlib"); exports.s = s; })();\n'},
    )
    with pytest.raises(InstallError) as refused:
        prepare_install("npm:eager-lib", registry=registry.url)
    assert "eager-lib: npm-module-builtin-import" in refused.value.message
    assert "reaches a Node builtin while loading" in refused.value.message


def test_a_top_level_require_of_an_unserved_builtin_is_still_refused(registry, tmp_path):
    publish(
        registry,
        tmp_path,
        {"name": "zlib-lib", "main": "index.js"},
        {"index.js": 'const { gzipSync } = require("zlib");\nexports.gz = gzipSync;\n'},
    )
    with pytest.raises(InstallError) as refused:
        prepare_install("npm:zlib-lib", registry=registry.url)
    assert "npm-module-builtin-import" in refused.value.message and "browserify-zlib" in refused.value.message


# -- hints that point the right way ------------------------------------------------------------------------


def test_an_import_no_pack_serves_suggests_installing_the_npm_library(home):
    packs = resolve_body('import { chunk } from "lodash";\nreturn chunk;', catalog=Catalog())
    assert not packs.ok and packs.errors[0].rule == "pack-not-installed"
    assert "`cordon packs install npm:lodash`" in packs.errors[0].message


@pytest.mark.parametrize(
    ("specifier", "words"),
    [
        ("fs", "'fs' reaches files, processes, the network or the machine, so it cannot exist in the sandbox"),
        ("node:child_process", "'child_process' reaches files"),
        ("buffer", "'buffer' is served from the polyfill buffer (buffer@6.0.3) inside npm packs"),
        ("stream", "'stream' is served from the polyfill stream (readable-stream@3.6.2) inside npm packs"),
        ("zlib", "'zlib' has a pure-JavaScript polyfill in browser bundlers (browserify-zlib)"),
    ],
)
def test_a_node_builtin_in_a_body_names_its_polyfill_or_says_it_cannot_exist(home, specifier, words):
    result = run_in_sandbox(f'import m from "{specifier}";\nreturn m;')
    assert not result.ok and result.error.rule == "module-node-builtin" and words in result.error.message


def test_installing_a_plain_npm_library_by_name_offers_the_npm_prefix(registry):
    registry.publish_file("nanoid-3.3.11.tgz")
    with pytest.raises(InstallError) as refused:
        prepare_install("nanoid", registry=registry.url)
    assert refused.value.rule == "manifest-invalid"
    assert "plain npm library: install it as one with `cordon packs install npm:nanoid`" in refused.value.message


def test_a_free_buffer_gets_a_binding_of_its_own_from_the_polyfill_and_no_global(registry, tmp_path):
    """csv-parse's parser uses `Buffer` as a global; browserify and webpack provide it per file, so does Cordon."""
    publish(
        registry,
        tmp_path,
        {"name": "free-buffer", "type": "module", "exports": "./index.js"},
        {
            "index.js": (
                'import { strict } from "./strict.cjs";\n'
                "export const hex = (s) => Buffer.from(s).toString('hex');\n"
                "export const guarded = typeof Buffer;\nexport { strict };\n"
            ),
            "strict.cjs": '"use strict";\nexports.strict = (function () { return this; })() === undefined && Buffer.isBuffer(Buffer.alloc(1));\n',
        },
    )
    request = install(registry, "free-buffer")
    [module] = request.npm_modules
    assert module.ok and module.polyfills == ("buffer (buffer@6.0.3)",), module
    assert not any("'Buffer'" in w for w in module.warnings)
    code = 'import { hex, guarded, strict } from "free-buffer";\nreturn [hex("hi"), guarded, strict, typeof Buffer];'
    assert ok(run(code)) == ["6869", "function", True, "undefined"]


def test_a_require_behind_a_typeof_test_is_a_stub_when_loading_takes_the_other_branch(registry, tmp_path):
    """`typeof process` is "undefined" in the sandbox, so the Node branch is never taken at load."""
    publish(
        registry,
        tmp_path,
        {"name": "env-branch", "main": "index.js"},
        {
            "index.js": (
                "var os = typeof process !== 'undefined' && process.versions ? require('os') : null;\n"
                "if (typeof window === 'undefined' && typeof process === 'object') { var fs = require('fs'); }\n"
                "exports.where = os ? 'node' : 'elsewhere';\n"
            )
        },
    )
    request = install(registry, "env-branch")
    [module] = request.npm_modules
    assert sorted(s.split(" ")[0] for s in module.stubs) == ["fs", "os"]
    assert ok(run('import { where } from "env-branch";\nreturn where;')) == "elsewhere"


def test_a_require_behind_a_typeof_test_that_loading_takes_is_refused(registry, tmp_path):
    publish(
        registry,
        tmp_path,
        {"name": "window-branch", "main": "index.js"},
        {"index.js": "if (typeof window === 'undefined') { exports.fs = require('fs'); }\n"},
    )
    with pytest.raises(InstallError) as refused:
        prepare_install("npm:window-branch", registry=registry.url)
    assert "window-branch: npm-module-builtin-import" in refused.value.message
    assert "reaches a Node builtin while loading" in refused.value.message
