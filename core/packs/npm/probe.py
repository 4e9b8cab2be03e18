"""Admission probes: import a compiled bundle in the real QuickJS engine, with no capabilities.

Importing runs a package's top-level code, so the probe grants nothing: no
fetch calls, no workspace, no secrets, no prompter, a short deadline and the
normal memory limit. The loader serves exactly one module, the bundle, under
a private specifier; any other import is refused by the engine. A probe
proves that the module initialises in the sandbox, not that every export
works: loading at run time stays authoritative.

One run does it all: the library loads once, its export names come back, and
every export is read as the final module's export section reads it. A second
run importing the final module proved nothing more (that section is generated
from those names, and discovery parses it) and cost mathjs another 1.3-2 s.
"""

from __future__ import annotations

from typing import Any

import core
from core import ModuleRefused
from core.entry import ENTRY_ID
from core.packs.npm.resolve import CompileError

SPECIFIER = "cordon-npm:probe"
#: No network, no secrets; workspace and prompts are absent from the services. The deadline is a guard
#: against a library that never finishes loading, and generous: mathjs loads in ~1.9 s on a quiet machine
#: and timed out at 5 s on a loaded one (a busy machine's deadline is no property of the package).
LIMITS: dict[str, Any] = {
    "timeoutMs": 15_000,
    "fetchMaxCalls": 0,
    "secretScope": [],
    "maxConsoleLines": 50,
    "maxOutputSize": 256 * 1024,
}


class _OneModule:
    """A ModuleGraph serving one source under `SPECIFIER`, to the entry only."""

    def __init__(self, source: str) -> None:
        self._source = source

    def resolve(self, base: str, specifier: str) -> str:
        if base == ENTRY_ID and specifier == SPECIFIER:
            return SPECIFIER
        raise ModuleRefused(f"the probed bundle may not import '{specifier}'", rule="npm-module-probe-failed")

    def source(self, module_id: str) -> str:
        return self._source


def run_probe(source: str, body: str, dependency: str) -> Any:
    """Run `body` (which imports SPECIFIER) against `source`; its result, or a probe-failed skip."""
    # Through the facade at call time: importing the compiler (the studio does, for its pack
    # dialogs) must not import the engine.
    result = core.run_in_sandbox(body, limits=LIMITS, services=core.RunServices(modules=_OneModule(source)))
    if not result.ok:
        error = result.error
        if error is not None and error.rule == "npm-builtin-stub":
            raise CompileError(
                f"'{dependency}' reaches a Node builtin while loading: {error.message}",
                rule="npm-module-builtin-import",
            )
        detail = f"{error.name}: {error.message}" if error is not None else "unknown failure"
        raise CompileError(
            f"'{dependency}' does not initialise in the sandbox ({detail})", rule="npm-module-probe-failed"
        )
    return result.result


def export_names(keys_source: str, dependency: str) -> list[str]:
    """The entry's export names, from the admission probe: a capability-free run of the keys bundle that
    also reads each export (a getter that throws fails it, as it would fail the final module's load)."""
    body = (
        f'import keys, {{ __cordon$entry as entry }} from "{SPECIFIER}";\n'
        "for (const k of keys) void entry[k];\nreturn keys;"
    )
    names = run_probe(keys_source, body, dependency)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise CompileError(f"'{dependency}': the export probe returned no name list", rule="npm-module-probe-failed")
    return names
