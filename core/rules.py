"""Every refusal rule Cordon names, once, and what the studio says about it.

A rule is the stable, kebab-case name of why something was stopped
(`CordonError.rule`): tests, the CLI's `--json` and the studio key on it, never on
the prose of a message. A new rule is added here (a plain-words sentence in
`RULE_SENTENCES` when the studio shows it to people, else its name in `_NAMES`);
`tests/test_rules.py` fails for any `rule=` literal or `RULE_*` constant in `core/`
that is not.

Limits are named in the reference's camelCase (`maxOutputSize`); the rule a
refusal over a limit carries is kebab-case (`output-too-large`, see
`LIMIT_RULES`). Refusals used to carry the limit's name as their rule: the
machine interface still reports it as `ruleAlias` for one release
(`rule_alias`, docs/design.md "The machine interface").
"""

from __future__ import annotations

_NOT_LOADED = "the pack is not loaded"
_SKIPPED = "that module is skipped, the pack's other modules still work"
_DOCS_ONLY = "its modules still work, but agents cannot learn about the pack"

#: Plain-words sentences the studio shows first (then the technical message), keyed by rule.
RULE_SENTENCES: dict[str, str] = {
    # the pack as a whole
    "manifest-missing": f"The folder has no package.json, so {_NOT_LOADED}.",
    "manifest-invalid-json": f"Its package.json is not valid JSON, so {_NOT_LOADED}.",
    "manifest-invalid": f"Its package.json lacks a required field or has one of the wrong type, so {_NOT_LOADED}.",
    "manifest-api-version": f"It was written for another version of the pack format, so {_NOT_LOADED}.",
    "manifest-no-sandbox": f'Its package.json has no "cordon" section, so {_NOT_LOADED}.',
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
    "npm-builtin-stub": "A library reached a Node.js built-in module the sandbox does not have, in code that "
    "its install-time test-load did not reach; Cordon installed a stand-in that throws when that code runs.",
    "npm-module-probe-failed": f"A module compiled from npm failed when Cordon test-loaded it in a sandbox; "
    f"{_SKIPPED}.",
    "npm-module-needs-code-generation": "A module compiled from npm compiles code from strings (new Function, "
    f"eval) on every path its exports take, with no fallback, and the sandbox forbids that; {_SKIPPED}.",
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

GENERIC_SENTENCE = "Cordon reported a problem."

#: Rules with no sentence of their own: their message says it all.
_NAMES: tuple[str, ...] = (
    "archive-corrupt",
    "archive-duplicate-entry",
    "archive-io",
    "archive-link",
    "archive-special-file",
    "archive-too-large",
    "archive-too-many-entries",
    "archive-unsafe-path",
    "asset-corrupt",
    "asset-id-invalid",
    "asset-not-found",
    "asset-not-granted",
    "aws-region-unknown",
    "bad-argument",
    "bridge-arguments-invalid",
    "bridge-export-unknown",
    "bridge-module-not-declared",
    "cancelled",
    "canvas-bad-op",
    "canvas-dash-too-long",
    "canvas-dash-too-many",
    "canvas-encode",
    "canvas-path-too-large",
    "canvas-too-many-ops",
    "cordon-error",
    "crypto-algorithm",
    "csv-invalid",
    "data-uri-invalid",
    "deadlock",
    "dependency-limit",
    "dependency-missing",
    "dependency-unavailable",
    "diff-too-large",
    "document-entities-forbidden",
    "document-grant-not-trusted",
    "docx-bad-element",
    "docx-invalid",
    "docx-too-large",
    "download-incomplete",
    "download-too-large",
    "duplicate-limit",
    "dynamic-import",
    "emit-closed",
    "engine-trap",
    "epub-invalid",
    "exif-invalid",
    "expr-digits-out-of-range",
    "expr-not-finite",
    "expr-syntax",
    "expr-too-deep",
    "expr-too-large",
    "expr-too-long",
    "expr-unknown-name",
    "fabric-bad-object",
    "fabric-bad-svg",
    "fabric-too-large",
    "fetch-bad-option",
    "fetch-bad-url",
    "fetch-dns",
    "fetch-failed",
    "fetch-forbidden-header",
    "fetch-max-calls",
    "fetch-max-redirects",
    "fetch-redirect",
    "fetch-timeout",
    "fetch-url-credentials",
    "format-bad-option",
    "format-failed",
    "format-locale",
    "format-too-large",
    "format-unsupported-option",
    "guest-wire-protocol",
    "host-argument-invalid",
    "host-argument-too-large",
    "host-code-refused",
    "host-error",
    "host-input-too-large",
    "host-option-invalid",
    "host-text-too-large",
    "host-worker-crashed",
    "host-worker-memory",
    "host-worker-protocol",
    "host-worker-unsupported-platform",
    "html-selector-invalid",
    "html-too-complex",
    "ics-too-many-events",
    "image-crop-bounds",
    "image-decode",
    "image-decode-too-large",
    "image-edge-too-long",
    "image-jpeg-scans",
    "image-too-many-layers",
    "image-too-many-pixels",
    "input-streams",
    "input-type",
    "install-error",
    "install-stale",
    "integrity-mismatch",
    "integrity-missing",
    "internal-error",
    "invalid-limit",
    "keyring-locked",
    "keyring-passphrase",
    "keyring-unavailable",
    "media-decode",
    "media-fetch-status",
    "media-format-unsupported",
    "media-handle-returned",
    "media-handle-unknown",
    "media-no-audio",
    "media-no-video",
    "media-quota",
    "media-ref-invalid",
    "media-type-mismatch",
    "media-uri-scheme",
    "memory-limit",
    "module-load-failed",
    "no-code",
    "no-eval",
    "no-result",
    "node-document",
    "node-document-version",
    "nodetool-tool-unavailable",
    "not-a-code-node",
    "not-a-stream-run",
    "notion-too-deep",
    "ocr-engine-missing",
    "ocr-failed",
    "ocr-language-missing",
    "ocr-timeout",
    "output-too-large",
    "output-twice",
    "pack-no-admitted-modules",
    "pack-not-linked",
    "pack-not-updatable",
    "package-name-invalid",
    "package-name-mismatch",
    "package-not-found",
    "pdf-bad-item",
    "pdf-image-format",
    "pdf-invalid",
    "pdf-too-large",
    "pptx-bad-item",
    "pptx-invalid",
    "pptx-too-large",
    "preview-too-large",
    "registry-error",
    "request-secret-headless",
    "request-secret-quota",
    "reserved-global",
    "secret-name",
    "secret-out-of-scope",
    "secret-reserved",
    "secret-unset",
    "secret-value",
    "service-bad-path",
    "service-bad-url",
    "source-not-a-file",
    "source-not-found",
    "source-not-utf8",
    "source-too-deep",
    "source-too-large",
    "source-unreadable",
    "sqlite-error",
    "sqlite-invalid",
    "sqlite-not-a-query",
    "sqlite-refused",
    "sqlite-result-too-large",
    "sqlite-too-many-rows",
    "sqlite-too-many-statements",
    "ssrf-blocked-port",
    "ssrf-private-address",
    "ssrf-scheme",
    "ssrf-unvetted-connection",
    "stack-limit",
    "stream-input-read",
    "stream-not-called",
    "subtitle-invalid",
    "subtitle-too-many-cues",
    "text-encoding",
    "timeout",
    "tokens-invalid-id",
    "tokens-run-too-long",
    "too-many-pending",
    "too-many-runs",
    "top-level-export",
    "transport",
    "transport-bigint",
    "transport-cycle",
    "transport-date",
    "transport-depth",
    "transport-malformed",
    "transport-type",
    "twilio-host",
    "typescript-unavailable",
    "typescript-unsupported-syntax",
    "undeclared-input",
    "unknown-limit",
    "unknown-op",
    "usage",
    "usage-too-deep",
    "version-not-found",
    "wasm-argument",
    "wasm-call-timeout",
    "wasm-instantiate",
    "wasm-max-calls",
    "wasm-time-budget",
    "wasm-trap",
    "workspace-bad-path",
    "workspace-contains-cordon-state",
    "workspace-escape",
    "workspace-exists",
    "workspace-io",
    "workspace-is-a-directory",
    "workspace-not-a-directory",
    "workspace-not-empty",
    "workspace-not-found",
    "workspace-permission",
    "workspace-quota-bytes",
    "workspace-root",
    "workspace-special-file",
    "workspace-symlink",
    "workspace-unavailable",
    "workspace-unsupported-platform",
    "xlsx-invalid",
    "xlsx-sheet-not-found",
    "xlsx-too-large",
    "xlsx-write-invalid",
    "xml-entities-forbidden",
    "xml-invalid",
    "xml-too-deep",
    "yield-limit",
    "zip-bomb",
    "zip-invalid",
    "zip-too-large",
    "zip-too-many-entries",
    "zip-unsafe-path",
)

#: Every registered rule.
RULES: frozenset[str] = frozenset(_NAMES) | RULE_SENTENCES.keys()

#: Rules the guest side raises itself (the prelude, generated modules), with `err.rule` set.
#: A guest error's rule field is believed only for these and for refusals the host sent
#: in the same run, so a body cannot pass its own error off as, say, `memory-limit`.
GUEST_RULES: frozenset[str] = frozenset(
    {"no-eval", "transport-depth", "dynamic-import", "nodetool-tool-unavailable", "npm-builtin-stub"}
)

#: The rule a refusal over a limit carries, by the limit's reference name.
LIMIT_RULES: dict[str, str] = {
    "timeoutMs": "timeout",
    "memoryLimitBytes": "memory-limit",
    "maxStackBytes": "stack-limit",
    "maxOutputSize": "output-too-large",
    "runMediaBytes": "media-quota",
    "hostWorkerMemoryBytes": "host-worker-memory",
    "hostByteInputBytes": "host-input-too-large",
    "hostTextInputBytes": "host-text-too-large",
    "workspaceMaxBytesWritten": "workspace-quota-bytes",
    "wasmMaxCalls": "wasm-max-calls",
    "wasmCallTimeoutMs": "wasm-call-timeout",
    "wasmAggregateMs": "wasm-time-budget",
}

#: The names rules had before this registry (a limit's camelCase name), for one release.
_ALIASES: dict[str, str] = {
    rule: limit
    for limit, rule in LIMIT_RULES.items()
    if limit not in ("timeoutMs", "memoryLimitBytes", "maxStackBytes", "workspaceMaxBytesWritten")
}


def limit_rule(limit: str) -> str:
    """The rule for a refusal over `limit` (a `SandboxLimits` field name)."""
    return LIMIT_RULES[limit]


def rule_alias(rule: str | None) -> str | None:
    """The old name of `rule` the machine interface still reports (`ruleAlias`), if it had one."""
    return _ALIASES.get(rule) if rule else None


def rule_sentence(rule: str | None) -> str:
    """The plain-words sentence for `rule`; a generic one keeps an unsentenced rule visible."""
    return RULE_SENTENCES.get(rule or "", GENERIC_SENTENCE)


def problem_line(
    message: str, rule: str | None = None, *, where: str | None = None, severity: str | None = None
) -> str:
    """The one way a problem is shown as a line: `where: severity: message [rule]`.

    Used by `cordon validate`, pack statuses, CLI refusals and the studio's problem lists, so a
    person (or a grep) meets one shape everywhere. Parts that are not known are left out; a
    message that already ends with its `(rule: x)` does not get the rule twice.
    """
    shown_rule = f" [{rule}]" if rule and f"(rule: {rule})" not in message else ""
    return f"{f'{where}: ' if where else ''}{f'{severity}: ' if severity else ''}{message}{shown_rule}"
