"""The command line's answers to a run plan's questions (core/codenode/plan.py).

The flags (`--allow-host-filesystem`, `--allow-local-network`, `--allow-secret`,
`--allow-package`, `--allow-raised-limits`) are given to the plan up front
(`RunTrust.given`), so a question reaches this prompter only for what no flag
gave. Without a terminal (a script, CI, `--json`) every such question is
denied, and the refusal names the flags that would give it, as a shell
command should never wait for an answer nobody can type. On a terminal it
asks, once per question, defaulting to no, as `cordon packs install` does.
"""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable, Mapping

from core.codenode.plan import (
    GrantDecision,
    GrantQuestion,
    LimitQuestion,
    PackConsentQuestion,
    SecretStoreQuestion,
)


def _ask_yes(prompt: str) -> bool:
    """y/N on the terminal; Ctrl+D or anything but y/yes is no."""
    try:
        return input(prompt).strip().lower() in ("y", "yes")
    except EOFError:
        print(file=sys.stderr)
        return False


class FlagPrompter:
    """Deny what the flags did not give; on a terminal (`interactive`), ask first."""

    def __init__(self, *, interactive: bool, ask: Callable[[str], bool] = _ask_yes) -> None:
        self.interactive = interactive
        self._ask = ask

    @classmethod
    def for_terminal(cls, as_json: bool) -> FlagPrompter:
        """Interactive only when a person is at both ends and the output is not a JSON object."""
        return cls(interactive=not as_json and sys.stdin.isatty() and sys.stderr.isatty())

    def _grant(self, document: str, lines: list[str]) -> GrantDecision:
        if not self.interactive:
            return GrantDecision.CANCEL
        print(f"{document} asks to:", file=sys.stderr)
        for line in lines:
            print(f"  • {line}", file=sys.stderr)
        return GrantDecision.ALLOW if self._ask("Run it with these grants this time? [y/N] ") else GrantDecision.CANCEL

    def grants(self, question: GrantQuestion) -> GrantDecision:
        return self._grant(question.document, question.grants.lines())

    def limits(self, question: LimitQuestion) -> GrantDecision:
        return self._grant(question.document, question.grants.lines())

    def secret_store(self, question: SecretStoreQuestion) -> bool:
        """A locked store is unlocked with its passphrase on a terminal; a missing one needs `cordon secrets setup`."""
        if not self.interactive or question.state != "locked":
            return False
        from core import secrets_store

        try:
            passphrase = getpass.getpass("Passphrase of your encrypted secrets file: ")
        except EOFError:
            return False
        try:
            note = secrets_store.unlock(passphrase)
        except secrets_store.KeyringUnavailable as exc:
            print(f"cordon: {exc.message}", file=sys.stderr)
            return False
        if note:
            print(note, file=sys.stderr)
        return True

    def pack_consent(self, question: PackConsentQuestion) -> Mapping[str, bool]:
        answers: dict[str, bool] = {}
        for ask in question.packs:
            if not self.interactive:
                answers[ask.pack.name] = False
                continue
            names = ", ".join(ask.specifiers)
            print(
                f"The body imports {names} (pack {ask.pack.name} {ask.pack.version}): its code runs inside this "
                "node with the node's capabilities.",
                file=sys.stderr,
            )
            answers[ask.pack.name] = self._ask(f"Allow {ask.pack.name} for this run? [y/N] ")
        return answers
