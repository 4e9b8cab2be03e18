"""The Code node: its document, its emit/output/state contract, its input streams, its runner.

    doc = load_document("summary.node.json")
    result = run_node(doc, inputs={...}, input_streams={"rows": [...]})
    result.outputs, result.emitted

The exports load on first use (`core.lazy`): reading a document does not load the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core import lazy

if TYPE_CHECKING:
    from core.codenode.analysis import analyse
    from core.codenode.checks import ALLOW_PACK, CONVERT_LEGACY, apply_fix, legacy_conversion, validate_node
    from core.codenode.contract import DEPRECATION, Emission, EmitQueue
    from core.codenode.declarations import (
        import_line,
        imported_packs,
        is_declared,
        stamp_declaration,
        unallowed_imports,
    )
    from core.codenode.document import (
        SUFFIX,
        CodeNodeDocument,
        DocumentError,
        HandleType,
        InputHandle,
        NodeProps,
        OutputHandle,
        PackDeclaration,
        default_path,
        dumps,
        limits_for,
        load_document,
        loads,
        parse_document,
        read_document,
        save_document,
        saved_bytes,
        stamp_packages,
        value_matches,
    )
    from core.codenode.grants import DocumentKey, Grants, is_trusted, revoke_trust, strip_grants, trust
    from core.codenode.guest_api import GuestApi, declared_guest_api, probe_guest_api
    from core.codenode.plan import (
        GrantDecision,
        GrantQuestion,
        LimitQuestion,
        PackConsentQuestion,
        Prompter,
        RunPlan,
        RunTrust,
        SecretStoreQuestion,
        Settled,
        plan_node_run,
        settle,
    )
    from core.codenode.runner import NodeRunRequest, NodeRunResult, RunSinks, run_node
    from core.codenode.starter import STARTER_BODY, starter_document
    from core.codenode.streams import InputStreams

_DOCUMENT = "core.codenode.document"
_EXPORTS = {
    "STARTER_BODY": "core.codenode.starter",
    "starter_document": "core.codenode.starter",
    "analyse": "core.codenode.analysis",
    "SUFFIX": "core.codenode.document",
    "HandleType": "core.codenode.document",
    "default_path": "core.codenode.document",
    "dumps": "core.codenode.document",
    "parse_document": "core.codenode.document",
    "read_document": "core.codenode.document",
    "value_matches": "core.codenode.document",
    "import_line": "core.codenode.declarations",
    "imported_packs": "core.codenode.declarations",
    "is_declared": "core.codenode.declarations",
    "stamp_declaration": "core.codenode.declarations",
    "unallowed_imports": "core.codenode.declarations",
    "DocumentKey": "core.codenode.grants",
    "Grants": "core.codenode.grants",
    "is_trusted": "core.codenode.grants",
    "revoke_trust": "core.codenode.grants",
    "strip_grants": "core.codenode.grants",
    "trust": "core.codenode.grants",
    "GuestApi": "core.codenode.guest_api",
    "declared_guest_api": "core.codenode.guest_api",
    "probe_guest_api": "core.codenode.guest_api",
    "CodeNodeDocument": _DOCUMENT,
    "DocumentError": _DOCUMENT,
    "DEPRECATION": "core.codenode.contract",
    "Emission": "core.codenode.contract",
    "EmitQueue": "core.codenode.contract",
    "InputHandle": _DOCUMENT,
    "InputStreams": "core.codenode.streams",
    "NodeProps": _DOCUMENT,
    "NodeRunResult": "core.codenode.runner",
    "OutputHandle": _DOCUMENT,
    "PackDeclaration": _DOCUMENT,
    "limits_for": _DOCUMENT,
    "load_document": _DOCUMENT,
    "loads": _DOCUMENT,
    "run_node": "core.codenode.runner",
    "NodeRunRequest": "core.codenode.runner",
    "RunSinks": "core.codenode.runner",
    "GrantDecision": "core.codenode.plan",
    "GrantQuestion": "core.codenode.plan",
    "LimitQuestion": "core.codenode.plan",
    "PackConsentQuestion": "core.codenode.plan",
    "Prompter": "core.codenode.plan",
    "RunPlan": "core.codenode.plan",
    "RunTrust": "core.codenode.plan",
    "SecretStoreQuestion": "core.codenode.plan",
    "Settled": "core.codenode.plan",
    "plan_node_run": "core.codenode.plan",
    "settle": "core.codenode.plan",
    "save_document": _DOCUMENT,
    "saved_bytes": _DOCUMENT,
    "stamp_packages": _DOCUMENT,
    "apply_fix": "core.codenode.checks",
    "ALLOW_PACK": "core.codenode.checks",
    "CONVERT_LEGACY": "core.codenode.checks",
    "legacy_conversion": "core.codenode.checks",
    "validate_node": "core.codenode.checks",
}
__getattr__, __dir__ = lazy.exports(__name__, _EXPORTS)

__all__ = [
    "ALLOW_PACK",
    "CONVERT_LEGACY",
    "DEPRECATION",
    "STARTER_BODY",
    "SUFFIX",
    "CodeNodeDocument",
    "DocumentError",
    "DocumentKey",
    "Emission",
    "EmitQueue",
    "GrantDecision",
    "GrantQuestion",
    "Grants",
    "GuestApi",
    "HandleType",
    "InputHandle",
    "InputStreams",
    "LimitQuestion",
    "NodeProps",
    "NodeRunRequest",
    "NodeRunResult",
    "OutputHandle",
    "PackConsentQuestion",
    "PackDeclaration",
    "Prompter",
    "RunPlan",
    "RunSinks",
    "RunTrust",
    "SecretStoreQuestion",
    "Settled",
    "analyse",
    "apply_fix",
    "declared_guest_api",
    "default_path",
    "dumps",
    "import_line",
    "imported_packs",
    "is_declared",
    "is_trusted",
    "legacy_conversion",
    "limits_for",
    "load_document",
    "loads",
    "parse_document",
    "plan_node_run",
    "probe_guest_api",
    "read_document",
    "revoke_trust",
    "run_node",
    "save_document",
    "saved_bytes",
    "settle",
    "stamp_declaration",
    "stamp_packages",
    "starter_document",
    "strip_grants",
    "trust",
    "unallowed_imports",
    "validate_node",
    "value_matches",
]
