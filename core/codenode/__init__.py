"""The Code node: its document, its emit/output/state contract, its input streams, its runner.

    doc = load_document("summary.node.json")
    result = run_node(doc, inputs={...}, input_streams={"rows": [...]})
    result.outputs, result.emitted
"""

from core.codenode.contract import Emission, EmitQueue
from core.codenode.document import (
    CodeNodeDocument,
    DocumentError,
    InputHandle,
    NodeProps,
    OutputHandle,
    PackDeclaration,
    limits_for,
    load_document,
    loads,
    save_document,
    stamp_packages,
)
from core.codenode.runner import NodeRunResult, run_node
from core.codenode.streams import InputStreams

__all__ = [
    "CodeNodeDocument",
    "DocumentError",
    "Emission",
    "EmitQueue",
    "InputHandle",
    "InputStreams",
    "NodeProps",
    "NodeRunResult",
    "OutputHandle",
    "PackDeclaration",
    "limits_for",
    "load_document",
    "loads",
    "run_node",
    "save_document",
    "stamp_packages",
]
