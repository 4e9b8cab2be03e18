"""`cordon lsp`: the language server over stdio (core/lsp/server.py; set-up for VS Code and Neovim in README.md)."""

from __future__ import annotations

import argparse


def main(args: argparse.Namespace) -> int:
    from core.cli import version_text
    from core.lsp.server import serve_stdio

    serve_stdio(version_text().rsplit(" ", 1)[-1])
    return 0
