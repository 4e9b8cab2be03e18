"""`cordon`: the command line. Each subcommand lives in its own module with `register(subparsers)`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from core.cli import node, packs, run, validate

COMMANDS = (run, node, packs, validate)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cordon", description="Run JavaScript Code nodes in Cordon's sandbox.")
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
    return int(args.handler(args))


if __name__ == "__main__":
    sys.exit(main())
