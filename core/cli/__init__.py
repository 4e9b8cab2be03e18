"""`cordon`: the command line. Its grammar (every subcommand's arguments and help) is
`core/cli/commands.py`; each subcommand's code lives in its own module here, imported only when that
subcommand runs, so a command pays for no other's imports (as whole processes, medians at load ~3:
`cordon run` of `return 1` went from ~680 to ~445 ms, `cordon --help` from ~580 to ~70 ms;
bench/bench_startup.py).

`cordon` with no arguments opens the studio (`cordon --screenshot PATH`: run the welcome node, save a
PNG of the window, exit); where no display is (no DISPLAY or WAYLAND_DISPLAY), it prints the help.
"""

from __future__ import annotations

import argparse
import atexit
import logging
import os
import sys
import threading
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from core.cli import commands
from core.errors import CordonError, RunCancelled, UsageError

logger = logging.getLogger(__name__)

#: The distribution's name on PyPI ("cordon" there is an unrelated project): `cordon --version` prints it.
DISTRIBUTION = "cordon-studio"


def version_text() -> str:
    """`cordon-studio 0.1.0`. importlib.metadata is imported here: it costs ~18 ms, which only
    `--version` needs."""
    from importlib import metadata

    return f"{DISTRIBUTION} {metadata.version(DISTRIBUTION)}"


class _VersionAction(argparse.Action):
    """argparse's `version` action, reading the version only when `--version` is given (see `version_text`)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> NoReturn:
        print(version_text())  # on stdout, as argparse's own version action prints
        parser.exit()


class UsageExit(SystemExit):
    """argparse's exit on a usage error, keeping its message so `--json` can carry it in its one object."""

    def __init__(self, message: str) -> None:
        super().__init__(2)
        self.message = message


class CordonParser(argparse.ArgumentParser):
    """argparse, answering a misspelt command as git does: `cordon rnu` says "'rnu' is not a cordon
    command. Did you mean 'run'?" (difflib, imported only then) instead of listing every choice.
    Subcommands' parsers are of this class too (add_subparsers passes the parent's class on)."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if isinstance(action, argparse._SubParsersAction) and value not in action.choices:
            import difflib

            close = difflib.get_close_matches(value, list(action.choices), n=1)
            hint = f"Did you mean '{close[0]}'?" if close else f"See '{self.prog} --help'."
            self.print_usage_error(f"'{value}' is not a {self.prog} command. {hint}")
        super()._check_value(action, value)

    def print_usage_error(self, message: str) -> NoReturn:
        """One line on stderr, as git prints it, then exit 2 (a UsageExit)."""
        print(f"cordon: {message}", file=sys.stderr)
        raise UsageExit(message)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise UsageExit(message)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, with no subcommand's code imported (core/cli/commands.py); with
    `command`, the same parser declaring only that subcommand, which parses `cordon COMMAND ...`
    exactly as the whole one does (see `_subcommand`)."""
    parser = CordonParser(prog="cordon", description="Run JavaScript Code nodes in Cordon's sandbox.")
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="debug output on stderr: what the engine, the packs and the installer do",
    )
    parser.add_argument("--version", action=_VersionAction, help="show program's version number and exit")
    # The metavar argparse would derive from every command, also when one is declared: a usage line
    # printed by the parser (an unknown option after the command) is the same either way.
    verbs = parser.add_subparsers(dest="command", required=True, metavar="{" + ",".join(commands.NAMES) + "}")
    commands.register(verbs, only=command)
    commands.add_examples(parser)
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


def has_display(environ: Mapping[str, str]) -> bool:
    """Whether the studio's window can open: always on macOS and Windows; elsewhere (X11, Wayland) only
    with DISPLAY or WAYLAND_DISPLAY set, or a Qt platform chosen (QT_QPA_PLATFORM=offscreen)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return any(environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def help_without_display() -> int:
    """`cordon` alone where no window can open (an SSH session, a container, CI): Qt would abort the
    process (exit 134), so print the help instead, and say where the studio opens, as exit 0."""
    build_parser().print_help()
    print(
        "\ncordon: no display here (DISPLAY and WAYLAND_DISPLAY are unset), so the studio was not opened. "
        "Run `cordon` in a desktop session (or over `ssh -X`) to open it; "
        "`QT_QPA_PLATFORM=offscreen cordon --screenshot shot.png` renders it without a display.",
        file=sys.stderr,
    )
    return 0


#: 128 + SIGPIPE: what a shell reports for a writer whose reader went away (`yes | head`).
CLOSED_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    """The `cordon` command. A reader that closes stdout early (`cordon run ... | head`) ends it
    quietly, as it ends any Unix tool: no traceback, exit status 141."""
    try:
        # Called with no arguments, this is the `cordon` process itself (its console script, the bundle):
        # once a subcommand is done, the process ends at once (`end_process`).
        status = _main(argv, own_process=argv is None)
        sys.stdout.flush()  # here, not at interpreter exit, where a closed pipe is an unraisable error
    except BrokenPipeError:
        # Nothing more can reach the reader; point stdout at /dev/null so the exit's flush is silent.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return CLOSED_PIPE
    return status


def _main(argv: Sequence[str] | None, *, own_process: bool = False) -> int:
    if "_ARGCOMPLETE" in os.environ:  # the shell's Tab (`cordon completion`): answered and ended here
        from core.cli.completion import complete

        complete(build_parser())
    words = list(sys.argv[1:] if argv is None else argv)
    if not words and not has_display(os.environ):
        return help_without_display()
    if not words or words[0] == "--screenshot":
        return studio(words)
    if words == ["--version"]:  # the common case answered without building the parser
        print(version_text())
        return 0
    parser = build_parser(_subcommand(words))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors (its message is on stderr), 0 on --help
        if exc.code and "--json" in words:
            from core.cli.common import fail

            reason = getattr(exc, "message", "invalid command-line arguments (the reason is on stderr)")
            return fail(UsageError(reason), True, int(exc.code))
        return int(exc.code or 0)
    status = dispatch(args)
    if own_process:
        end_process(status)
    return status


def end_process(status: int) -> NoReturn:
    """End the `cordon` process with `status` now that its command is done: everything an exit must
    do, in the order Python's own exit does it, then `os._exit`.

    What Python's exit would do after that is free every module and object: for `cordon run` that
    includes wasmtime's Engine unmapping its pool of instance slots, ~0.2 s at load ~8 (~15 ms with
    it skipped), longer than the run itself, and work no result needs, since the system reclaims a
    process's memory anyway. What must still happen happens first: non-daemon threads are joined,
    the atexit handlers run (host workers and their zygote killed, a background compile of the guest
    finished and cached, log handlers and `weakref.finalize` clean-ups such as temporary folders),
    and stdout and stderr are flushed (a closed pipe raises here, for `main` to answer)."""
    # Both as CPython's exit calls them (and multiprocessing's children before their own os._exit):
    # thread pools are told to stop and non-daemon threads joined, then atexit, last registered first.
    threading._shutdown()  # type: ignore[attr-defined]
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def _subcommand(words: Sequence[str]) -> str | None:
    """The subcommand `words` run, when nothing but `-v` comes before it: then argparse reads the
    other words with that subcommand's parser alone, and the whole grammar is not needed. Anything
    else (`--help`, a misspelt command, an unknown option first) gets the whole grammar, whose
    usage line and suggestions list every command."""
    for word in words:
        if word not in ("-v", "--verbose"):
            return word if word in commands.NAMES else None
    return None


def dispatch(args: argparse.Namespace) -> int:
    """Run the chosen subcommand: its module is imported now (core/cli/commands.py, `Handler`).

    The shared helpers and the log set-up are imported here too, not with this package: `--help` and
    `--version` need neither (they were ~30 ms of a ~100 ms `cordon --version`)."""
    from core import logs, notices
    from core.cli.common import INTERRUPTED, StopSignal, fail, stop_signals_interrupt

    if args.verbose:
        logs.to_stderr()
    # On a terminal a progress line may be drawn (`packs install`): clear it first, it redraws after.
    clear = "\r\x1b[K" if sys.stderr.isatty() else ""
    notices.set_notice_sink(lambda text: print(f"{clear}cordon: {text}", file=sys.stderr, flush=True))
    logger.debug("cordon %s", args.command)
    as_json = bool(getattr(args, "json", False))
    try:
        with stop_signals_interrupt():
            return int(args.handler.load()(args))
    except KeyboardInterrupt as exc:  # Ctrl+C, SIGTERM, SIGHUP outside a run (a run cancels: common.signals_cancel)
        status = 128 + exc.signum if isinstance(exc, StopSignal) else INTERRUPTED
        return fail(RunCancelled("interrupted"), as_json, status)
    except BrokenPipeError:  # stdout's reader went away: `main` ends quietly
        raise
    except Exception as exc:  # the last line: whatever went wrong, `--json` still prints one object
        logger.exception("cordon %s failed", args.command)
        return fail(
            CordonError(f"internal error: {type(exc).__name__}: {exc}", rule="internal-error", name="InternalError"),
            as_json,
            1,
        )


if __name__ == "__main__":
    sys.exit(main())
