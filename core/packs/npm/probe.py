"""Admission probes: import a compiled bundle in the real QuickJS engine, with no capabilities.

Importing runs a package's top-level code, so the probe grants nothing: no
fetch calls, no workspace, no secrets, no prompter, a short deadline and the
normal memory limit. The loader serves exactly one module, the bundle, under
a private specifier; any other import is refused by the engine. A probe
proves that the module initialises in the sandbox, not that every export
works: loading at run time stays authoritative.
"""

from __future__ import annotations

from typing import Any

import core
from core import ModuleRefused
from core.entry import ENTRY_ID
from core.packs.npm.resolve import CompileError

SPECIFIER = "cordon-npm:probe"
#: Short deadline, no network, no secrets; workspace and prompts are absent from the services.
LIMITS: dict[str, Any] = {
    "timeoutMs": 5000,
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
    """The entry's export names, read from a capability-free run of the keys bundle."""
    names = run_probe(keys_source, f'import keys from "{SPECIFIER}";\nreturn keys;', dependency)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise CompileError(f"'{dependency}': the export probe returned no name list", rule="npm-module-probe-failed")
    return names


def admit(module_source: str, dependency: str) -> None:
    """Import the final module once more: the admission probe proper."""
    run_probe(module_source, f'import * as m from "{SPECIFIER}";\nreturn Object.keys(m).length;', dependency)
