"""The grammar of `cordon`: every subcommand's arguments and help, and which function runs it.

argparse must know every subcommand to parse any one of them, so whatever `build_parser` imports,
every command pays. While each subcommand module declared its own arguments, building the parser
imported all of them and, through them, the engine, the pack installer, the keyring, httpx and
tree-sitter: `cordon run` of `return 1` took ~0.6 s as a whole process, about half of it imports
that run never used. Here the arguments are declared with nothing of Cordon's imported, and each
subcommand names its code as a `Handler` (module and function) that `core.cli.main` imports only
for the subcommand that runs (tests/test_cli_startup.py keeps it so). A new subcommand is declared
here and written in its own module under core/cli/.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import NamedTuple

Verbs = argparse._SubParsersAction


class Handler(NamedTuple):
    """`core.cli.<module>.<function>`: one subcommand's code, imported only when that subcommand runs.
    (A NamedTuple, not a dataclass: `dataclasses` would import `inspect`, ~6 ms of every `--help`.)"""

    module: str
    function: str

    def load(self) -> Callable[[argparse.Namespace], int]:
        handler: Callable[[argparse.Namespace], int] = getattr(
            importlib.import_module(f"core.cli.{self.module}"), self.function
        )
        return handler


#: The subcommands, in the order `cordon --help` lists them.
NAMES = ("run", "node", "packs", "validate", "secrets", "doctor", "completion", "lsp")


def register(subparsers: Verbs, only: str | None = None) -> None:
    """Every subcommand, in the order `cordon --help` lists them (their examples: `add_examples`), or
    only the one named `only`: parsing `cordon run ...` needs no other's arguments, and declaring all
    of them (~80 arguments, each help text passed through gettext) was ~15 ms of every `cordon run`."""
    for name in NAMES if only is None else (only,):
        globals()[f"register_{name}"](subparsers)


#: `cordon ... --help` ends with these, as git's and cargo's helps do: keyed by the command's words,
#: 1-3 commands a newcomer can paste (tests/test_cli_newcomer.py parses each and checks every
#: subcommand has some).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "": (
        "echo 'return 6 * 7' | cordon run -",
        "cordon node run resources/examples/csv-summary.node.json",
        "cordon packs install npm:nanoid",
    ),
    "run": (
        "echo 'return 6 * 7' | cordon run -",
        "cordon run body.js --inputs '{\"rows\": [1, 2, 3]}' --json",
        "cordon run body.js --inputs @rows.json --workspace ./data --limits '{\"timeoutMs\": 5000}'",
    ),
    "node": (
        "cordon node new greet",
        "cordon node run resources/examples/csv-summary.node.json --json",
    ),
    "node run": (
        "cordon node run resources/examples/csv-summary.node.json",
        "cordon node run resources/examples/running-total.node.json --input-streams '{\"numbers\": [1, 2, 3]}' --json",
        "cordon node run report.node.json --workspace ./data --allow-secret API_KEY",
    ),
    "node new": ("cordon node new greet", "cordon node new greet.node.json --force"),
    "validate": ("cordon validate body.js", "cordon validate report.node.json --only-packs nanoid --json"),
    "secrets": ("cordon secrets set API_KEY", "cordon secrets list"),
    "secrets set": ("cordon secrets set API_KEY", 'printf %s "$TOKEN" | cordon secrets set API_KEY'),
    "secrets list": ("cordon secrets list", "cordon secrets list --json"),
    "secrets delete": ("cordon secrets delete API_KEY",),
    "secrets setup": ("cordon secrets setup",),
    "doctor": ("cordon doctor", "cordon doctor --json"),
    "lsp": ("cordon lsp",),
    "completion": (
        "cordon completion bash > ~/.local/share/bash-completion/completions/cordon",
        'eval "$(cordon completion zsh)"  # in ~/.zshrc, after compinit',
        "cordon completion fish > ~/.config/fish/completions/cordon.fish",
    ),
    "packs": ("cordon packs list", "cordon packs install npm:nanoid", "cordon packs outdated"),
    "packs list": ("cordon packs list", "cordon packs list --all --json"),
    "packs show": ("cordon packs show @cordon/sandbox-color", "cordon packs show nanoid --json"),
    "packs install": (
        "cordon packs install npm:nanoid",
        "cordon packs install npm:date-fns@^3 --entry . --entry ./locale",
        "cordon packs install ./my-pack --yes",
    ),
    "packs remove": ("cordon packs remove nanoid",),
    "packs trust": ("cordon packs trust", "cordon packs trust my-pack", "cordon packs trust my-pack --revoke"),
    "packs outdated": ("cordon packs outdated", "cordon packs outdated --json"),
    "packs update": ("cordon packs update", "cordon packs update nanoid --yes"),
    "packs new": ("cordon packs new my-pack", "cordon packs new @me/my-pack --dir ./my-pack --wasm"),
    "packs check": ("cordon packs check ./my-pack", "cordon packs check ./my-pack --json"),
    "packs link": ("cordon packs link ./my-pack",),
    "packs unlink": ("cordon packs unlink my-pack",),
    "packs search": ("cordon packs search csv", "cordon packs search date format --json"),
}


def add_examples(parser: argparse.ArgumentParser) -> None:
    """Give `parser` and every subcommand under it the epilog of `EXAMPLES` (their line breaks kept)."""
    words = parser.prog.split()[1:]
    examples = EXAMPLES.get(" ".join(words), ())
    if examples:
        parser.epilog = "examples:\n" + "\n".join(f"  {line}" for line in examples)
        parser.formatter_class = argparse.RawDescriptionHelpFormatter
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                add_examples(sub)


def register_completion(subparsers: Verbs) -> None:
    p = subparsers.add_parser(
        "completion",
        help="print the shell script that completes cordon's commands and options (bash, zsh, fish)",
    )
    p.add_argument("shell", choices=("bash", "zsh", "fish"), help="the shell to write the script for")
    p.set_defaults(handler=Handler("completion", "main"), json=False)


def register_lsp(subparsers: Verbs) -> None:
    p = subparsers.add_parser(
        "lsp", help="the language server over stdio: sandbox types, completion and checks in any editor"
    )
    p.set_defaults(handler=Handler("lsp", "main"), json=False)


def register_doctor(subparsers: Verbs) -> None:
    p = subparsers.add_parser("doctor", help="what protects runs on this machine: the host workers' confinement")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(handler=Handler("doctor", "main"))


def register_run(subparsers: Verbs) -> None:
    p = subparsers.add_parser("run", help="run one Code-node body in the sandbox")
    p.add_argument("file", nargs="?", default="-", help="a .js body, or - for stdin")
    p.add_argument(
        "--inputs",
        metavar="JSON|@FILE|-",
        help="JSON object available to the body as `inputs`: inline, @FILE to read a file, - to read stdin",
    )
    p.add_argument("--limits", help="JSON object of limits (camelCase names), clamped to the ceilings")
    p.add_argument("--workspace", help="folder the body may reach through workspace.*")
    add_only_packs(p, "restrict the packs the body may import to these (repeatable); default: every installed pack")
    p.add_argument("--json", action="store_true", help="print exactly one JSON result object")
    p.set_defaults(handler=Handler("run", "main"))


def add_only_packs(parser: argparse.ArgumentParser, help: str) -> None:
    """`--only-packs SPEC`: narrow which installed packs count (`run`, `validate`). It grants nothing, so it
    is not `--allow-package`, which everywhere gives a document's run a pack (`add_grant_flags`)."""
    parser.add_argument("--only-packs", dest="only_packs", action="append", metavar="SPEC", help=help)


def add_grant_flags(parser: argparse.ArgumentParser) -> None:
    """The grants a command line gives a document's run, declared once: a document cannot grant itself
    powers, so what an untrusted one asks for runs only when the same grant is given here
    (core/codenode/plan.py takes them as `RunTrust.given`; core/codenode/grants.py `Grants.flags` names them)."""
    grants = parser.add_argument_group(
        "grants",
        "a document cannot grant itself powers: what an untrusted document asks for runs only "
        "when the same grant is given here",
    )
    grants.add_argument(
        "--allow-host-filesystem",
        action="store_true",
        help="let the node reach files outside its workspace (allow_host_filesystem)",
    )
    grants.add_argument(
        "--allow-local-network",
        action="store_true",
        help="let the node reach this computer and the local network (allow_local_network)",
    )
    grants.add_argument(
        "--allow-secret",
        action="append",
        default=[],
        metavar="NAME",
        help="let the node read this secret (repeat for more)",
    )
    grants.add_argument(
        "--allow-package",
        action="append",
        default=[],
        metavar="SPEC",
        help="let the node import this pack (repeat for more); either name of a shipped pack counts",
    )
    grants.add_argument(
        "--allow-raised-limits",
        action="store_true",
        help="let the node's timeout and max_response_mb switch off (timeout 0) or exceed their defaults",
    )


def register_node(subparsers: Verbs) -> None:
    node = subparsers.add_parser("node", help="run or create Code node documents (*.node.json)")
    verbs = node.add_subparsers(dest="verb", required=True)

    run = verbs.add_parser("run", help="run a Code node document headlessly")
    run.add_argument("file", help="a *.node.json document")
    run.add_argument(
        "--inputs",
        metavar="JSON|@FILE|-",
        help="JSON object of input values (declared inputs only): inline, @FILE to read a file, - to read stdin",
    )
    run.add_argument(
        "--input-streams",
        dest="input_streams",
        metavar="JSON|@FILE|-",
        help="JSON object {handle: [items]}: staged stream items, then end-of-stream (inline, @FILE or -)",
    )
    run.add_argument("--workspace", help="folder the body may reach through workspace.*")
    run.add_argument("--json", action="store_true", help="print exactly one JSON result object")
    add_grant_flags(run)
    run.set_defaults(handler=Handler("node", "main_run"))

    new = verbs.add_parser("new", help="write a commented starter document NAME.node.json")
    new.add_argument("name", help="document name (NAME or NAME.node.json)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file (its old text goes to .bak)")
    new.set_defaults(handler=Handler("node", "main_new"), json=False)


def register_validate(subparsers: Verbs) -> None:
    p = subparsers.add_parser("validate", help="check a Code-node body without running it")
    p.add_argument("file", nargs="?", default="-", help="a .js body, or - for stdin")
    add_only_packs(p, "count only this pack (or one specifier of it) as installed; repeatable. Default: every one")
    p.add_argument("--json", action="store_true", help="print exactly one JSON object")
    p.set_defaults(handler=Handler("validate", "main"))


def register_secrets(subparsers: Verbs) -> None:
    p = subparsers.add_parser("secrets", help="store, list and delete the secrets nodes read")
    verbs = p.add_subparsers(dest="verb", required=True)
    s = verbs.add_parser("set", help="store a secret (value from a prompt, or stdin when piped)")
    s.add_argument("name")
    s.set_defaults(handler=Handler("secrets", "main_set"))
    ls = verbs.add_parser("list", help="the names of the stored secrets")
    ls.add_argument("--json", action="store_true", help="print one JSON object")
    ls.set_defaults(handler=Handler("secrets", "main_list"))
    d = verbs.add_parser("delete", help="delete a secret")
    d.add_argument("name")
    d.set_defaults(handler=Handler("secrets", "main_delete"))
    st = verbs.add_parser("setup", help="where secrets are kept; create the encrypted store when no keyring runs")
    st.set_defaults(handler=Handler("secrets", "main_setup"))


# `cordon packs VERB`: what the catalog discovered (core/cli/packs.py), the installer
# (core/cli/packs_install.py) and the pack authors' tools (core/cli/packs_author.py).


def register_packs(subparsers: Verbs) -> None:
    what = "install, update, list, inspect, trust and remove sandbox packs; write, check and link your own"
    packs = subparsers.add_parser("packs", help=what, description=f"{what[0].upper()}{what[1:]}.")
    verbs = packs.add_subparsers(dest="verb", required=True)
    for add in PACKS_VERBS:
        add(verbs)


def register_packs_list(verbs: Verbs) -> None:
    p = verbs.add_parser("list", help="every discovered pack, its specifiers and its problems")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--all", action="store_true", help="also the reference's packs Cordon does not ship, and why (out of scope)"
    )
    p.set_defaults(handler=Handler("packs", "main_list"))


def register_packs_show(verbs: Verbs) -> None:
    p = verbs.add_parser("show", help="one pack: modules, digests, problems and its SKILL.md")
    p.add_argument("name", help="a package name or one of its specifiers")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=Handler("packs", "main_show"))


def register_packs_install(verbs: Verbs) -> None:
    p = verbs.add_parser("install", help="install a sandbox pack (after showing what importing it grants)")
    p.add_argument(
        "source",
        help="npm:<library>[@range] (any npm library, wrapped as a pack), a pack "
        "name[@range|@tag] from the registry, a local .tgz, or a local folder",
    )
    p.add_argument("--registry", help="npm-protocol registry URL (default: $CORDON_NPM_REGISTRY or npmjs.org)")
    p.add_argument(
        "--entry",
        action="append",
        metavar="PATH",
        help="with npm:, an entry point of the library to wrap ('.', './locale'); repeatable; default '.'",
    )
    p.add_argument(
        "--max-bundle-size",
        metavar="SIZE",
        help="with npm:, raise the library's bundle limit (default 3MB) up to 8MB, e.g. 6MB",
    )
    p.add_argument("--yes", action="store_true", help="consent without asking (what would be asked is printed)")
    p.add_argument("--json", action="store_true", help="print one JSON object (the consent request and outcome)")
    p.set_defaults(handler=Handler("packs_install", "main_install"))


def register_packs_remove(verbs: Verbs) -> None:
    p = verbs.add_parser("remove", help="uninstall a pack")
    p.add_argument("name")
    p.set_defaults(handler=Handler("packs_install", "main_remove"))


def register_packs_trust(verbs: Verbs) -> None:
    p = verbs.add_parser("trust", help="trust a pack's documentation for agents (or --revoke); no name: list")
    p.add_argument("name", nargs="?")
    p.add_argument("--revoke", action="store_true", help="mark the pack untrusted")
    p.set_defaults(handler=Handler("packs_install", "main_trust"))


def register_packs_outdated(verbs: Verbs) -> None:
    p = verbs.add_parser("outdated", help="installed packs whose recorded range now selects a newer version")
    p.add_argument("--registry", help="ask this registry instead of the one each pack was installed from")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=Handler("packs_install", "main_outdated"))


def register_packs_update(verbs: Verbs) -> None:
    p = verbs.add_parser("update", help="update one pack (or every outdated one), showing what changes first")
    p.add_argument("name", nargs="?", help="the pack to update (default: every outdated pack)")
    p.add_argument("--registry", help="ask this registry instead of the one each pack was installed from")
    p.add_argument("--yes", action="store_true", help="consent without asking (what would be asked is printed)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=Handler("packs_install", "main_update"))


def register_packs_new(verbs: Verbs) -> None:
    p = verbs.add_parser("new", help="write a working pack template (guest module, SKILL.md, example body)")
    p.add_argument("name", help="the package name (also the folder name, unless --dir)")
    p.add_argument("--dir", help="the folder to create (default: ./NAME without its scope)")
    p.add_argument("--wasm", action="store_true", help="include a WASM module example (add)")
    p.set_defaults(handler=Handler("packs_author", "main_new"))


def register_packs_check(verbs: Verbs) -> None:
    p = verbs.add_parser("check", help="discovery rules, the probe and sizes for a pack folder (installs nothing)")
    p.add_argument("dir", help="the pack folder")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=Handler("packs_author", "main_check"))


def register_packs_link(verbs: Verbs) -> None:
    p = verbs.add_parser("link", help="a dev install that follows the folder (re-read on every discovery)")
    p.add_argument("dir", help="the pack folder")
    p.set_defaults(handler=Handler("packs_author", "main_link"))


def register_packs_unlink(verbs: Verbs) -> None:
    p = verbs.add_parser("unlink", help="drop a dev link made by `cordon packs link`")
    p.add_argument("name")
    p.set_defaults(handler=Handler("packs_author", "main_unlink"))


def register_packs_search(verbs: Verbs) -> None:
    p = verbs.add_parser(
        "search", help="shipped packs, installed packs and npm libraries, with the sandbox's verdict where known"
    )
    p.add_argument("text", nargs="*", help="words to search for (none: list the packs Cordon has)")
    p.add_argument("--registry", help="npm-protocol registry URL (default: $CORDON_NPM_REGISTRY, .npmrc or npmjs.org)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=Handler("packs", "main_search"))


#: `cordon packs`' verbs, in the order its help lists them.
PACKS_VERBS: tuple[Callable[[Verbs], None], ...] = (
    register_packs_list,
    register_packs_show,
    register_packs_install,
    register_packs_remove,
    register_packs_trust,
    register_packs_outdated,
    register_packs_update,
    register_packs_new,
    register_packs_check,
    register_packs_link,
    register_packs_unlink,
    register_packs_search,
)
