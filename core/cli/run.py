"""`cordon run [FILE|-] [--inputs JSON|@FILE|-] [--limits JSON] [--workspace DIR] [--json]` (docs/design.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from core import WORKSPACE_HINT, HostServices, RunHooks, RunResult, RunServices, run_in_sandbox
from core.cli.common import (
    json_arg,
    json_input_arg,
    print_json,
    read_source,
    signals_cancel,
    usage_error,
    workspace_arg,
)
from core.errors import CordonError, UsageError
from core.limits import resolve_limits
from core.packs import resolve_body
from core.transport import to_public
from core.typescript.strip import is_typescript_path, strip_types


def result_object(
    result: RunResult, *, outputs: dict[str, Any] | None = None, emitted: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The machine interface's result object (docs/design.md), with public value tagging."""
    error = result.error.to_json() if result.error is not None else None
    return {
        "ok": result.ok,
        "result": to_public(result.result),
        "truncated": result.truncated,
        "outputs": to_public(outputs or {}),
        "emitted": [to_public(e) for e in (emitted or [])],
        "logs": result.logs,
        "error": error,
        "timings": {k: round(v, 3) for k, v in result.timings.items()},
        "hostWorker": result.host_worker,
    }


def main(args: argparse.Namespace) -> int:
    try:
        body_on_stdin = args.file in (None, "-")
        if body_on_stdin and args.inputs == "-":  # refused before either is read
            json_input_arg("-", "--inputs", stdin_used_by="the body (FILE -)")
        code = read_source(args.file)
        inputs = json_input_arg(args.inputs, "--inputs")
        limits = resolve_limits(json_arg(args.limits, "--limits"))
        workspace = workspace_arg(args.workspace)
    except UsageError as exc:
        return usage_error(exc, args.json)
    except CordonError as exc:
        return usage_error(UsageError(exc.message, rule=exc.rule), args.json)
    # The packs the body's imports name, through the catalog: a missing or disallowed one is
    # refused by the graph before any guest starts.
    try:
        if is_typescript_path(args.file):  # runs as its JavaScript, every line and column kept (core/typescript)
            code = strip_types(code)
        # A body without the word `import` imports nothing (a keyword is never spelt with escapes), so
        # the import scan, and the specifier module it stands on, are skipped: a body that does import
        # is refused by the run's graph whatever this mounted.
        packs = resolve_body(code, allowed=args.only_packs) if "import" in code else None
    except CordonError as exc:  # a body too deep or too large to read its imports fails as its run would
        return _report(RunResult.failure(exc, timings={"setup_ms": 0.0, "run_ms": 0.0}), args.json)
    with signals_cancel() as stopped:
        result = run_in_sandbox(
            code,
            inputs=inputs,
            limits=limits,
            hooks=RunHooks(cancel=stopped.cancel),
            services=RunServices(
                host=HostServices(workspace=workspace).provide(WORKSPACE_HINT, "`--workspace DIR`"),
                modules=packs.modules if packs else None,
                surfaces=packs.surfaces if packs else (),
            ),
        )
    if packs is not None:
        result.warnings[:0] = packs.warnings
    status = _report(result, args.json)
    return stopped.exit_status(status)


def _report(result: RunResult, as_json: bool) -> int:
    """Print the run's result (one JSON object under --json) and return its exit status."""
    if as_json:
        print_json(result_object(result))
    else:
        print_human(result)
    return 0 if result.ok else 1


def print_human(result: RunResult) -> None:
    for line in result.logs:
        print(f"  log | {line}", file=sys.stderr)
    for warning in result.warnings:
        print(f"  warning: {warning}", file=sys.stderr)
    if result.ok:
        import json

        print(json.dumps(to_public(result.result), indent=2, ensure_ascii=False))
    else:
        err = result.error
        assert err is not None
        where = f" (line {err.line})" if err.line else ""
        print(f"{err.name}{where}: {err.message}", file=sys.stderr)
    t = result.timings
    print(f"  setup {t.get('setup_ms', 0):.1f} ms, run {t.get('run_ms', 0):.1f} ms", file=sys.stderr)
