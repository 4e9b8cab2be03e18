"""`cordon`: the command line. Each subcommand lives in its own module with `register(subparsers)`."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from core import logs
from core.cli import node, packs, run, validate

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
    return int(args.handler(args))


if __name__ == "__main__":
    sys.exit(main())
