"""`cordon secrets set|list|delete|setup`: the secrets a node reads, from a terminal.

    cordon secrets set NAME        value from a hidden prompt, or from stdin when piped
    cordon secrets list [--json]   names only, never values
    cordon secrets delete NAME
    cordon secrets setup           where secrets are kept; creates the encrypted store

A value is never taken from the command line (argv is visible to every
process on the machine and lands in shell history). Without a platform
keyring (a headless server), `setup` creates Cordon's encrypted secrets file
under a passphrase the person sets; later commands ask for that passphrase
on the terminal, or read it from CORDON_SECRETS_PASSPHRASE (see
`core.secrets_store`), so a run needing a secret works headless too. Every
message names where values go as `secrets_store.store_info().label` does: the
platform keyring by its name, or "encrypted secrets file (<path>)".
"""

from __future__ import annotations

import argparse
import getpass
import sys

from core import secrets_store
from core.cli.common import print_json
from core.errors import CordonError

#: How to get a keyring, shown when there is none; `setup` offers the encrypted store instead.
START_KEYRING = (
    f"No system keyring is running. Either start one — {secrets_store.HOW_TO_START_KEYRING} — or run "
    "`cordon secrets setup` to create Cordon's encrypted secrets file."
)


def _interactive() -> bool:
    return sys.stdin.isatty()


def _stdin_line() -> str:
    return sys.stdin.readline().rstrip("\r\n")


def ready() -> bool:
    """Make the store usable: unlock the encrypted file (asking on a terminal), or say what to do."""
    state = secrets_store.keyring_state()
    if state == "ready":
        return True
    if state == "missing":
        print(f"cordon: {START_KEYRING}", file=sys.stderr)
        return False
    label = secrets_store.store_info().label
    if not _interactive():
        print(
            f"cordon: your {label} is locked; set {secrets_store.PASSPHRASE_ENV} or run this "
            "in a terminal to be asked for its passphrase",
            file=sys.stderr,
        )
        return False
    _unlock(getpass.getpass(f"Passphrase of your {label}: "))
    return True


def _unlock(passphrase: str) -> None:
    """Unlock (one key derivation); say what else happened (an old file converted) on stderr."""
    note = secrets_store.unlock(passphrase)
    if note:
        print(f"cordon: {note}", file=sys.stderr)


def main_set(args: argparse.Namespace) -> int:
    try:
        secrets_store.check_name(args.name)
        if not ready():
            return 1
        value = getpass.getpass(f"Value of {args.name} (not shown): ") if _interactive() else sys.stdin.read()
        secrets_store.set_secret(args.name, value.removesuffix("\n").removesuffix("\r"))
    except CordonError as exc:
        print(f"cordon: {exc.message}", file=sys.stderr)
        return 1
    print(f"stored {args.name} in your {secrets_store.store_info().label}")
    return 0


def main_list(args: argparse.Namespace) -> int:
    try:
        if not ready():
            return 1
        names = secrets_store.list_names()
    except CordonError as exc:
        print(f"cordon: {exc.message}", file=sys.stderr)
        return 1
    if args.json:
        print_json({"names": names})
    else:
        print("\n".join(names) if names else "(no secrets stored)")
    return 0


def main_delete(args: argparse.Namespace) -> int:
    try:
        if not ready():
            return 1
        secrets_store.delete_secret(args.name)
    except CordonError as exc:
        print(f"cordon: {exc.message}", file=sys.stderr)
        return 1
    print(f"deleted {args.name} from your {secrets_store.store_info().label}")
    return 0


def main_setup(args: argparse.Namespace) -> int:
    """Say where secrets go; with no keyring, create (or unlock) the encrypted store."""
    state = secrets_store.keyring_state()
    if state == "ready":
        print(f"Secrets are kept in your {secrets_store.store_info().label}; nothing to set up.")
        return 0
    path = secrets_store.encrypted_store_path()
    if state == "missing":
        print(START_KEYRING)
        print(f"Creating Cordon's encrypted secrets file at {path}.")
        print(
            f"Choose a passphrase (at least {secrets_store.MIN_PASSPHRASE} characters); it is not stored, so "
            "keep it: you are asked for it, or set it in "
            f"{secrets_store.PASSPHRASE_ENV}, to use the secrets."
        )
    try:
        if _interactive():
            passphrase = getpass.getpass("Passphrase: ")
            if state == "missing" and getpass.getpass("Again: ") != passphrase:
                print("cordon: the two passphrases differ; nothing was created", file=sys.stderr)
                return 1
        else:
            passphrase = _stdin_line()
        _unlock(passphrase)
    except CordonError as exc:
        print(f"cordon: {exc.message}", file=sys.stderr)
        return 1
    print(f"Encrypted secrets file ready ({path}). Store a secret with `cordon secrets set NAME`.")
    return 0
