"""`cordon node run FILE.node.json ...` and `cordon node new NAME`.

`node run` prints the machine interface's result object (docs/design.md) with
`outputs` (the finals) and `emitted` (every emission, in order) filled, plus
`warnings`. Exit status: 0 ok, 1 the node failed (guest error, limit, a pack
no install serves), 2 usage (unreadable document, bad JSON, an input the node
does not declare, or grants an untrusted document asks for that the command line does
not give: rule document-grant-not-trusted), 128 + the signal when Ctrl+C, SIGTERM or
SIGHUP cancelled the run (130, 143, 129; the result object is still printed).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Any

from core.bridges import WORKSPACE_HINT
from core.bridges.base import HostServices
from core.cli.common import Stopped, json_input_arg, print_json, signals_cancel, usage_error, workspace_arg
from core.cli.flag_prompter import FlagPrompter
from core.cli.run import print_human, result_object
from core.codenode.document import (
    default_path,
    read_document,
    save_document,
)
from core.codenode.grants import LIMIT_PROPS, DocumentKey, Grants
from core.codenode.plan import RunTrust, plan_node_run, settle
from core.codenode.runner import NodeRunResult, run_node
from core.codenode.starter import starter_document
from core.engine.config import RunHooks
from core.engine.results import RunResult
from core.errors import CordonError, UsageError
from core.transport import to_public


def node_result_object(node: NodeRunResult) -> dict[str, Any]:
    obj = result_object(node.run, outputs=node.outputs, emitted=[e.to_json() for e in node.emitted])
    obj["warnings"] = list(node.run.warnings)
    return obj


def given_grants(args: argparse.Namespace) -> Grants:
    """The grants named on the command line."""
    return Grants(
        args.allow_host_filesystem,
        args.allow_local_network,
        tuple(args.allow_secret),
        tuple(args.allow_package),
        tuple(LIMIT_PROPS) if args.allow_raised_limits else (),
    )


def main_run(args: argparse.Namespace) -> int:
    try:
        doc, data = read_document(args.file)
        both = args.inputs == "-" and args.input_streams == "-"
        inputs = json_input_arg(args.inputs, "--inputs", stdin_used_by="--input-streams -" if both else None)
        streams = json_input_arg(args.input_streams, "--input-streams")
        if inputs is not None and not isinstance(inputs, dict):
            raise UsageError("--inputs must be a JSON object of input names")
        if streams is not None and not isinstance(streams, dict):
            raise UsageError("--input-streams must be a JSON object {handle: [items]}")
        workspace = workspace_arg(args.workspace)
    except UsageError as exc:
        return usage_error(exc, args.json)
    except CordonError as exc:
        return usage_error(UsageError(exc.message, rule=exc.rule), args.json)
    trust = RunTrust(str(args.file), DocumentKey.of(args.file, data), given=given_grants(args))
    plan = plan_node_run(doc, inputs, streams, trust=trust)
    settled = settle(plan, FlagPrompter.for_terminal(args.json))
    if settled.refusal is not None and settled.refused_at is not None:  # a question no flag answered
        return usage_error(UsageError(settled.refusal.message, rule=settled.refusal.rule), args.json)
    if settled.refusal is not None:  # inputs the node does not declare: reported as the run would report them
        node = NodeRunResult(RunResult.failure(settled.refusal, timings={"setup_ms": 0.0, "run_ms": 0.0}))
        return _report(node, args.json, None)
    with signals_cancel() as stopped:
        node = run_node(
            settled.request(
                inputs=inputs,
                streams=streams,
                hooks=RunHooks(cancel=stopped.cancel),
                host=HostServices(workspace=workspace).provide(WORKSPACE_HINT, "`--workspace DIR`"),
            )
        )
    return _report(node, args.json, stopped)


def _report(node: NodeRunResult, as_json: bool, stopped: Stopped | None) -> int:
    """Print the node's result (one JSON object under --json) and return the exit status."""
    if as_json:
        print_json(node_result_object(node))
    else:
        _print_node(node)
    if stopped is not None and stopped.signum is not None:
        return stopped.exit_status(1)
    if node.ok:
        return 0
    refused_usage = node.error is not None and node.error.name == "UsageError" and node.invocations == 0
    return 2 if refused_usage else 1


def _print_node(node: NodeRunResult) -> None:
    for emission in node.emitted:
        value = json.dumps(to_public(emission.value), ensure_ascii=False)
        print(f"  emit | {emission.handle}: {value}", file=sys.stderr)
    print_human(dataclasses.replace(node.run, result=node.outputs))  # a node's result is its outputs


def main_new(args: argparse.Namespace) -> int:
    path = default_path(args.name)
    if path.exists() and not args.force:
        return usage_error(
            UsageError(f"{path} already exists (use --force to overwrite it; the old file is kept as .bak)"), False
        )
    stem = path.name.removesuffix(".node.json")
    try:
        save_document(starter_document(stem), path, backup=True)  # --force promises the old text in .bak
    except CordonError as exc:
        return usage_error(UsageError(exc.message, rule=exc.rule), False)
    print(f"wrote {path}")
    return 0
