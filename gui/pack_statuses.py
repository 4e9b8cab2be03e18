"""Every named pack status, said in plain words for the pack manager.

Discovery and resolution report problems as `PackStatus(rule, message)`; the
rule is stable, the message is technical. People first read the sentence for
the rule, then the detail. A rule without a sentence here still shows (with a
generic sentence and its own message), so a rule added to core never hides a
problem.
"""

from __future__ import annotations

from core.packs.status import PackStatus

_NOT_LOADED = "the pack is not loaded"
_SKIPPED = "that module is skipped, the pack's other modules still work"
_DOCS_ONLY = "its modules still work, but agents cannot learn about the pack"

STATUS_SENTENCES: dict[str, str] = {
    # the pack as a whole
    "manifest-missing": f"The folder has no package.json, so {_NOT_LOADED}.",
    "manifest-invalid-json": f"Its package.json is not valid JSON, so {_NOT_LOADED}.",
    "manifest-invalid": f"Its package.json lacks a required field or has one of the wrong type, so {_NOT_LOADED}.",
    "manifest-api-version": f"It was written for another version of the pack format, so {_NOT_LOADED}.",
    "manifest-no-sandbox": f"Its package.json has no \"cordon\" section, so {_NOT_LOADED}.",
    "manifest-too-large": f"Its package.json is larger than Cordon reads, so {_NOT_LOADED}.",
    "pack-location-mismatch": f"Its package.json names another pack than the folder it is installed in, so "
                              f"{_NOT_LOADED}.",
    "pack-reserved-scope": f"It uses the @cordon/ name, which only Cordon's own packs may use, so {_NOT_LOADED}.",
    "pack-duplicate": "Another pack with the same name is already loaded; this copy is ignored.",
    "pack-too-large": f"Its modules together are larger than a pack may be (8 MB), so {_NOT_LOADED}.",
    "pack-discovery-failed": f"Cordon could not read it (an unexpected error), so {_NOT_LOADED}.",
    "pack-unavailable": "It is installed but cannot be used.",
    "pack-not-installed": "No installed pack provides this module.",
    "pack-not-allowed": "It is not on this session's list of allowed packs.",
    "internal-not-js": f"Its list of internal files names a file that is not JavaScript, so {_NOT_LOADED}.",
    "internal-is-entry": f"Its list of internal files names one of its public modules, so {_NOT_LOADED}.",
    "internal-duplicate": f"Its list of internal files names a file twice, so {_NOT_LOADED}.",
    # one module
    "manifest-entry-invalid": f"A module entry in package.json is malformed; {_SKIPPED}.",
    "specifier-invalid": f"A module's name cannot be imported; {_SKIPPED}.",
    "specifier-duplicate": f"Two modules share one import name; {_SKIPPED}.",
    "specifier-unknown": "The pack has no module by that name.",
    "module-unavailable": "The module was skipped when the pack was loaded.",
    "module-missing-file": f"A file the module needs is missing; {_SKIPPED}.",
    "module-outside-pack": f"A module points at a file outside the pack's folder; {_SKIPPED}.",
    "module-symlink-escape": f"A module's file is a link leading outside the pack; {_SKIPPED}.",
    "module-not-utf8": f"A module's source is not UTF-8 text; {_SKIPPED}.",
    "module-too-large": f"A module's source is larger than 256 KB; {_SKIPPED}.",
    "module-bad-extension": f"A module file is not a .js or .mjs file; {_SKIPPED}.",
    "module-syntax-error": f"A module has a JavaScript syntax error; {_SKIPPED}.",
    "module-dynamic-import": f"A module uses dynamic import(), which the sandbox never allows; {_SKIPPED}.",
    "module-require": f"A module uses require(), which the sandbox does not have; {_SKIPPED}.",
    "module-import-cycle": f"The pack's files import each other in a cycle; {_SKIPPED}.",
    "module-not-mounted": f"A module imports a file the pack does not declare; {_SKIPPED}.",
    "module-relative-import": "A module imports a path that does not belong to its pack.",
    "module-absolute-path": "A module imports an absolute path, which the sandbox refuses.",
    "module-node-builtin": "A module imports a Node.js built-in module, which the sandbox does not have.",
    "module-cross-pack": "A module imports another pack's files directly, which the sandbox refuses.",
    "module-path-encoded": "A module imports an encoded or escaped path, which the sandbox refuses.",
    "module-private": "A module imports one of Cordon's private modules, which the sandbox refuses.",
    "module-unknown": "A module imports something Cordon does not know.",
    "module-not-declared": "The node imports a module its pack declarations do not name.",
    "npm-compiler-unavailable": f"The npm module compiler is not available here; {_SKIPPED}.",
    "npm-module-too-large": f"A module compiled from npm is larger than 1 MB; {_SKIPPED}.",
    "npm-module-unresolved": f"A module compiled from npm needs a file or package that is not there; {_SKIPPED}.",
    "npm-module-builtin-import": f"A module compiled from npm needs a Node.js built-in module; {_SKIPPED}.",
    "npm-module-warning": "A module compiled from npm names a global the sandbox does not provide (such as "
                          "setTimeout or window) in code its test-load did not reach; calling that code fails.",
    "npm-module-probe-failed": f"A module compiled from npm failed when Cordon test-loaded it in a sandbox; "
                               f"{_SKIPPED}.",
    "dependency-unsupported": f"An npm dependency is not a plain registry version range; {_SKIPPED}.",
    "wasm-unavailable": f"WebAssembly modules are not available on this installation; {_SKIPPED}.",
    "wasm-too-large": f"A WebAssembly binary is larger than 4 MB; {_SKIPPED}.",
    "wasm-invalid": f"A WebAssembly binary is not valid; {_SKIPPED}.",
    "wasm-malformed": f"A WebAssembly binary is damaged; {_SKIPPED}.",
    "wasm-import": f"A WebAssembly module asks the host for functions, which Cordon never provides; {_SKIPPED}.",
    "wasm-export-missing": f"A WebAssembly module lacks a function its package.json lists; {_SKIPPED}.",
    "wasm-export-kind": f"An export package.json lists is not a function; {_SKIPPED}.",
    "wasm-export-name": f"An export name cannot be used from JavaScript; {_SKIPPED}.",
    "wasm-arity": f"A WebAssembly function takes more arguments than allowed; {_SKIPPED}.",
    "wasm-value-type": f"A WebAssembly function takes or returns something other than numbers; {_SKIPPED}.",
    "wasm-multi-value": f"A WebAssembly function returns more than one value; {_SKIPPED}.",
    "wasm-memory-shared": f"A WebAssembly module uses shared memory, which Cordon refuses; {_SKIPPED}.",
    "wasm-memory-max": f"A WebAssembly memory has no maximum size; {_SKIPPED}.",
    "wasm-memory-manifest": f"A WebAssembly memory may grow past what package.json declares; {_SKIPPED}.",
    "wasm-memory-ceiling": f"A WebAssembly memory may grow past Cordon's ceiling; {_SKIPPED}.",
    "wasm-memory-kind": f"A WebAssembly module declares memory in a form Cordon does not support; {_SKIPPED}.",
    "host-module-unknown": f"A module names a host component Cordon does not have; {_SKIPPED}.",
    "host-module-not-pinned": f"A module uses a host component reserved for another pack; {_SKIPPED}.",
    "bridge-unavailable": "A module needs a host component that is not available.",
    # documentation (warnings)
    "skill-missing": f"It has no SKILL.md: {_DOCS_ONLY}.",
    "skill-frontmatter-invalid": f"Its SKILL.md header is malformed: {_DOCS_ONLY}.",
    "skill-too-large": f"Its SKILL.md is larger than 16 KB and is ignored: {_DOCS_ONLY}.",
    "skill-invalid": f"Its SKILL.md cannot be read: {_DOCS_ONLY}.",
    # a saved document against what is installed (warnings)
    "declaration-version-mismatch": "The document was saved with another version of this pack.",
    "declaration-digest-mismatch": "The module's content changed since the document was saved.",
}

GENERIC_SENTENCE = "Cordon reported a problem with this pack."


def sentence(status: PackStatus) -> str:
    """The plain-words sentence for a status's rule."""
    return STATUS_SENTENCES.get(status.rule, GENERIC_SENTENCE)


def detail(status: PackStatus) -> str:
    """The technical line under the sentence: where, what, and the rule's name."""
    where = status.specifier or ""
    if status.path:
        where = f"{where} ({status.path}{f':{status.line}' if status.line else ''})".strip()
    prefix = f"{where}: " if where else ""
    return f"{prefix}{status.message} [{status.severity}: {status.rule}]"
