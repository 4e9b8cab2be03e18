"""`cordon`: the command line. Each subcommand lives in its own module with `register(subparsers)`.

`cordon` with no arguments opens the studio (`cordon --screenshot PATH`: run the welcome node, save a
PNG of the window, exit).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from importlib import metadata

from core import logs
from core.cli.common import INTERRUPTED, fail
from core.errors import CordonError, RunCancelled, UsageError

logger = logging.getLogger(__name__)

#: The distribution's name on PyPI ("cordon" there is an unrelated project): `cordon --version` prints it.
DISTRIBUTION = "cordon-studio"


def version_text() -> str:
    return f"{DISTRIBUTION} {metadata.version(DISTRIBUTION)}"


def build_parser() -> argparse.ArgumentParser:
    """The whole command line. Its subcommands are imported here, not with this package: through
    them the engine loads (~1 s), which `cordon --version` does not need."""
    from core.cli import node, packs, run, secrets, validate

    parser = argparse.ArgumentParser(prog="cordon", description="Run JavaScript Code nodes in Cordon's sandbox.")
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="debug output on stderr: what the engine, the packs and the installer do",
    )
    parser.add_argument("--version", action="version", version=version_text())
    subparsers = parser.add_subparsers(dest="command", required=True)
    for command in (run, node, packs, validate, secrets):
        command.register(subparsers)
    return parser


def studio(argv: Sequence[str]) -> int:
    """`cordon` alone opens the studio on the welcome node; `cordon --screenshot PATH` runs it and saves a PNG.

    The studio is the `gui` extra: imported only here, so every other command stays headless (no Qt).
    """
    try:
        from gui.app import main as studio_main
    except ImportError as exc:
        print(
            f"cordon: the studio is not installed ({exc}); install it with `pip install 'cordon-studio[gui]'`, "
            "or run `cordon --help` for the command line",
            file=sys.stderr,
        )
        return 2
    return studio_main(["cordon", *argv])


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or words[0] == "--screenshot":
        return studio(words)
    if words == ["--version"]:  # before the parser: building it imports every subcommand
        print(version_text())
        return 0
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors (its message is on stderr), 0 on --help
        if exc.code and "--json" in words:
            return fail(UsageError("invalid command-line arguments (the reason is on stderr)"), True, int(exc.code))
        return int(exc.code or 0)
    if args.verbose:
        logs.to_stderr()
    logger.debug("cordon %s", args.command)
    as_json = bool(getattr(args, "json", False))
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:  # Ctrl+C outside a run (a run itself cancels: common.sigint_cancels)
        return fail(RunCancelled("interrupted"), as_json, INTERRUPTED)
    except Exception as exc:  # the last line: whatever went wrong, `--json` still prints one object
        logger.exception("cordon %s failed", args.command)
        return fail(
            CordonError(f"internal error: {type(exc).__name__}: {exc}", rule="internal-error", name="InternalError"),
            as_json,
            1,
        )


if __name__ == "__main__":
    sys.exit(main())
