"""`cordon completion bash|zsh|fish`: the script a shell sources to complete `cordon`'s commands.

The script comes from argcomplete (docs/design.md, Dependencies): on Tab, the shell runs `cordon` with
`_ARGCOMPLETE` set, and `core.cli.main` answers from the same argparse tree that parses the command
(core/cli/commands.py), so completion can never drift from the grammar. Answering builds only the
parser (no subcommand's code, no engine: ~70 ms a Tab).
"""

from __future__ import annotations

import argparse
import sys


def main(args: argparse.Namespace) -> int:
    import argcomplete

    sys.stdout.write(argcomplete.shellcode(["cordon"], shell=args.shell))
    return 0


def complete(parser: argparse.ArgumentParser) -> None:
    """Answer the shell's Tab (argcomplete writes the candidates where its script reads them, then
    ends the process); returns only when the environment asks for no completion."""
    import argcomplete

    argcomplete.autocomplete(parser)
