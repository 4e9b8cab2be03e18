"""Which Node builtins a bundle may have, and where each comes from.

Browser bundlers give libraries written for Node a few builtins as pure
JavaScript (webpack 4's node-libs-browser, rollup-plugin-polyfill-node): the
same npm packages are vendored, at pinned versions with their licences, in
`resources/npm-polyfills/node_modules` (`resources/npm-polyfills/vendor.py`
installs them at development time; nothing is fetched at run time). A
polyfill is ordinary library code compiled into the bundle like any other
file: it runs in the same guest with the same capabilities, so it cannot
widen what a library reaches. It defines no global either: only a module
that imports `buffer` gets a `Buffer`.

Every other builtin is refused (`npm-module-builtin-import`): those that
reach files, processes, the network or the machine (`fs`, `child_process`,
`net`, `http`, `vm`, `worker_threads`, ...) cannot exist in a sandbox, and
the pure ones bundlers also polyfill but Cordon does not vendor are named
with the package a bundler would use. `process` is Cordon's own small shim
(`process.js`: env, nextTick on the microtask queue, no exit and nothing of the
host), given to a file that uses it free, as Buffer is.
"""

from __future__ import annotations

import functools
from pathlib import Path

import orjson

from core import paths

ROOT = paths.resources_dir() / "npm-polyfills"
#: The folder the resolver serves polyfill packages from (and their own dependencies).
MODULES = ROOT / "node_modules"

#: Builtin -> the vendored package that stands in for it.
POLYFILLS = {
    "assert": "assert",
    "buffer": "buffer",
    "events": "events",
    "path": "path-browserify",
    "punycode": "punycode",
    "querystring": "querystring-es3",
    "stream": "readable-stream",
    "string_decoder": "string_decoder",
    "url": "url",
    "util": "util",
}

#: Builtin -> Cordon's own stand-in, where the bundlers' package would not work in the sandbox: npm's
#: `process` schedules nextTick on setTimeout, which the sandbox does not have (util reads `process.env`
#: at load and readable-stream calls `process.nextTick` once data flows, so both need one that works).
SHIMS = {"process": Path(__file__).with_name("process.js")}

#: Files of the vendored polyfills served as Cordon's replacement: code no bundle runs in the sandbox but the
#: code-generation check would count (function-bind's fallback builds functions from strings, and
#: function-bind takes it only where Function.prototype.bind is missing; the sandbox has bind).
REPLACED = {"function-bind/implementation.js": "module.exports = Function.prototype.bind;"}

#: Pure builtins a browser bundler polyfills with these packages, which Cordon does not vendor (each
#: needs timers, zlib's native-speed work, or describes a machine the sandbox does not expose).
NOT_VENDORED = {
    "zlib": "browserify-zlib",
    "timers": "timers-browserify",
    "os": "os-browserify",
    "constants": "constants-browserify",
    "tty": "tty-browserify",
}


def builtin_name(specifier: str) -> str:
    """`node:fs/promises` -> `fs`; `buffer/` -> `buffer`."""
    bare = specifier.removeprefix("node:")
    return bare.split("/", 1)[0]


@functools.cache
def versions() -> dict[str, str]:
    """Polyfill package -> its pinned version (from the vendored package.json)."""
    try:
        doc = orjson.loads((ROOT / "package.json").read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    deps = doc.get("dependencies") if isinstance(doc, dict) else None
    return {str(k): str(v) for k, v in deps.items()} if isinstance(deps, dict) else {}


def label(builtin: str) -> str:
    """`buffer (buffer@6.0.3)`: how the consent request names a polyfill (`process (Cordon's shim)`)."""
    if builtin in SHIMS:
        return f"{builtin} (Cordon's shim: env, nextTick; no exit, no host access)"
    package = POLYFILLS[builtin]
    return f"{builtin} ({package}@{versions().get(package, '?')})"


def advice(specifier: str) -> str:
    """What a builtin is to the sandbox, for a refusal or a hint: served, not vendored, or impossible."""
    name = builtin_name(specifier)
    if name in POLYFILLS or name in SHIMS:
        return f"'{name}' is served from the polyfill {label(name)} inside npm packs"
    if name in NOT_VENDORED:
        return (
            f"'{name}' has a pure-JavaScript polyfill in browser bundlers ({NOT_VENDORED[name]}), "
            "which Cordon does not vendor"
        )
    return (
        f"'{name}' reaches files, processes, the network or the machine, so it cannot exist in the sandbox "
        "(no polyfill can give it)"
    )
