"""`cordon`: the command line. Each subcommand lives in its own module with `register(subparsers)`."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from core import logs
from core.cli import node, packs, run, validate
from core.cli.common import INTERRUPTED, fail
from core.errors import CordonError

logger = logging.getLogger(__name__)

COMMANDS = (run, node, packs, validate)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cordon", description="Run JavaScript Code nodes in Cordon's sandbox.")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="debug output on stderr: what the engine, the packs and the installer do")
    subparsers = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    if args.verbose:
        logs.to_stderr()
    logger.debug("cordon %s", args.command)
    as_json = bool(getattr(args, "json", False))
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:  # Ctrl+C outside a run (a run itself cancels: common.sigint_cancels)
        return fail(CordonError("interrupted", rule="cancelled", name="CancelledError"), as_json, INTERRUPTED)
    except Exception as exc:  # the last line: whatever went wrong, `--json` still prints one object
        logger.exception("cordon %s failed", args.command)
        return fail(CordonError(f"internal error: {type(exc).__name__}: {exc}", rule="internal-error",
                                name="InternalError"), as_json, 1)


if __name__ == "__main__":
    sys.exit(main())
