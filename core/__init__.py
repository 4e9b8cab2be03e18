"""Cordon's engine: run untrusted JavaScript in a fresh, hardened QuickJS guest.

No Qt import anywhere below this package; the studio talks to it only
through what is exported here. The exports load on first use (`core.lazy`),
so `import core.paths` does not pay for the engine.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from core import lazy

# A library logs, the application decides where to (`core.logs`): until then, records go nowhere
# (not to Python's last-resort stderr handler, which would mix them into `cordon --json` output).
logging.getLogger(__name__).addHandler(logging.NullHandler())

if TYPE_CHECKING:
    from core.atomic import write_atomic
    from core.bridges import WORKSPACE_HINT
    from core.bridges.base import HostServices, SecretPrompter, Surface
    from core.bridges.media import data_ref
    from core.cancel import CancelHandle
    from core.diagnostics import installation
    from core.engine.config import ModuleGraph, RunHooks, RunServices
    from core.engine.results import RunError, RunResult
    from core.engine.run import run_in_sandbox
    from core.engine.warm import engine_is_warm, warm_engine
    from core.errors import CordonError, LimitExceeded, LimitsError, ModuleRefused, SandboxRefusal, UsageError
    from core.hostwork.client import host_worker_confinement
    from core.jsparse import ImportBinding, export_names, import_bindings, import_insertion_line
    from core.limits import CEILINGS, MB, SandboxLimits, resolve_limits
    from core.media_preview import MediaPreview, load_preview, media_kind, media_suffix, save_media
    from core.notices import set_notice_sink
    from core.rules import RULE_SENTENCES, RULES, problem_line, rule_sentence
    from core.transport import UNDEFINED, from_public, to_public

_EXPORTS = {
    "data_ref": "core.bridges.media",
    "UNDEFINED": "core.transport",
    "from_public": "core.transport",
    "to_public": "core.transport",
    "MB": "core.limits",
    "write_atomic": "core.atomic",
    "ImportBinding": "core.jsparse",
    "export_names": "core.jsparse",
    "import_bindings": "core.jsparse",
    "import_insertion_line": "core.jsparse",
    "CEILINGS": "core.limits",
    "CancelHandle": "core.cancel",
    "CordonError": "core.errors",
    "HostServices": "core.bridges.base",
    "WORKSPACE_HINT": "core.bridges",
    "LimitExceeded": "core.errors",
    "LimitsError": "core.errors",
    "MediaPreview": "core.media_preview",
    "ModuleGraph": "core.engine.config",
    "ModuleRefused": "core.errors",
    "RULES": "core.rules",
    "RULE_SENTENCES": "core.rules",
    "RunError": "core.engine.results",
    "RunHooks": "core.engine.config",
    "RunResult": "core.engine.results",
    "RunServices": "core.engine.config",
    "SandboxLimits": "core.limits",
    "SandboxRefusal": "core.errors",
    "SecretPrompter": "core.bridges.base",
    "Surface": "core.bridges.base",
    "UsageError": "core.errors",
    "load_preview": "core.media_preview",
    "media_kind": "core.media_preview",
    "media_suffix": "core.media_preview",
    "save_media": "core.media_preview",
    "problem_line": "core.rules",
    "resolve_limits": "core.limits",
    "rule_sentence": "core.rules",
    "run_in_sandbox": "core.engine.run",
    "engine_is_warm": "core.engine.warm",
    "warm_engine": "core.engine.warm",
    "host_worker_confinement": "core.hostwork.client",
    "installation": "core.diagnostics",
    "set_notice_sink": "core.notices",
}
__getattr__, __dir__ = lazy.exports(__name__, _EXPORTS)

__all__ = [
    "CEILINGS",
    "MB",
    "RULES",
    "RULE_SENTENCES",
    "UNDEFINED",
    "WORKSPACE_HINT",
    "CancelHandle",
    "CordonError",
    "HostServices",
    "ImportBinding",
    "LimitExceeded",
    "LimitsError",
    "MediaPreview",
    "ModuleGraph",
    "ModuleRefused",
    "RunError",
    "RunHooks",
    "RunResult",
    "RunServices",
    "SandboxLimits",
    "SandboxRefusal",
    "SecretPrompter",
    "Surface",
    "UsageError",
    "data_ref",
    "engine_is_warm",
    "export_names",
    "from_public",
    "host_worker_confinement",
    "import_bindings",
    "import_insertion_line",
    "installation",
    "load_preview",
    "media_kind",
    "media_suffix",
    "problem_line",
    "resolve_limits",
    "rule_sentence",
    "run_in_sandbox",
    "save_media",
    "set_notice_sink",
    "to_public",
    "warm_engine",
    "write_atomic",
]
