"""`cordon` imports a subcommand's code only when that subcommand runs (core/cli/commands.py).

Each check starts a fresh interpreter, runs the command through `core.cli.main` and reads back which
modules it loaded: what a whole `cordon X` process pays is what it imports, and counting modules
asserts it without timing anything (bench/bench_startup.py prints the times).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from core.cli import build_parser
from core.cli.commands import Handler

REPO = Path(__file__).resolve().parents[1]
#: Runs `core.cli.main` on the arguments, then prints the loaded module names on stderr's last line.
PROBE = (
    "import json, sys\n"
    "from core.cli import main\n"
    "try:\n"
    "    status = main(sys.argv[1:])\n"
    "except SystemExit as exc:\n"
    "    status = exc.code\n"
    "sys.stdout.flush()\n"
    "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    "sys.exit(status)\n"
)
#: Every subcommand module's code; `cordon X` may load only X's.
SUBCOMMAND_MODULES = {
    f"core.cli.{m}"
    for m in ("run", "node", "packs", "packs_install", "packs_author", "validate", "secrets", "completion")
}
#: What the other subcommands import and a run of a body without imports must not (installer, keyring,
#: Code-node documents, static checks, the npm compiler).
NOT_FOR_A_RUN = (
    "core.packs.install",
    "core.packs.npm",
    "core.secrets_store",
    "keyring",
    "core.codenode",
    "core.validate",
    "httpx",
    # pydantic (limits are a dataclass) and what the import scan and the graph's refusals stand on.
    "pydantic",
    "core.specifier",
)
#: The engine and what it stands on: `--help` and `--version` need none of it.
ENGINE = ("core.engine", "wasmtime", "pydantic", "core.packs", "tree_sitter")


def cordon(*args: str, stdin: str | None = None) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """`cordon ARGS` as a fresh process; its result and the modules it had loaded when it ended."""
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        input=stdin,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"},  # help lines unwrapped
        capture_output=True,
        text=True,
        timeout=120,
    )
    # The probe's line is its last; a first process in a new home may say after it that it finishes
    # the engine's compile (driver._finish_compile).
    *_, last = (line for line in proc.stderr.splitlines() if line.startswith("["))
    return proc, set(json.loads(last))


def loaded_under(modules: set[str], prefixes: tuple[str, ...] | set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_help_loads_no_subcommand_code_and_no_engine():
    proc, modules = cordon("--help")
    assert proc.returncode == 0, proc.stderr
    for name in ("run", "node", "packs", "validate", "secrets"):
        assert f"\n    {name} " in proc.stdout, f"`cordon --help` lists {name}"
    assert loaded_under(modules, SUBCOMMAND_MODULES) == []
    assert loaded_under(modules, ENGINE) == []
    assert "importlib.metadata" not in modules, "the version is read only for --version"


def test_each_subcommand_help_is_complete_without_its_code():
    proc, modules = cordon("packs", "--help")
    assert proc.returncode == 0, proc.stderr
    verbs = [
        "list",
        "show",
        "install",
        "remove",
        "trust",
        "outdated",
        "update",
        "new",
        "check",
        "link",
        "unlink",
        "search",
    ]
    assert f"{{{','.join(verbs)}}}" in proc.stdout, "every packs verb, in order"
    assert "shipped packs, installed packs and npm libraries" in proc.stdout
    assert loaded_under(modules, SUBCOMMAND_MODULES | set(ENGINE)) == []
    for args, expected in (
        (("run", "--help"), ("--inputs", "--limits", "--workspace", "--only-packs", "--json")),
        (("node", "run", "--help"), ("--input-streams", "--allow-host-filesystem", "--allow-secret", "grants:")),
        (("secrets", "--help"), ("{set,list,delete,setup}",)),
        (("packs", "search", "--help"), ("[text ...]", "--registry")),
    ):
        proc, modules = cordon(*args)
        assert proc.returncode == 0, proc.stderr
        assert all(option in proc.stdout for option in expected), (args, proc.stdout)
        assert loaded_under(modules, SUBCOMMAND_MODULES) == [], args


def test_version_without_the_parser_or_behind_another_option():
    for args in (("--version",), ("-v", "--version")):
        proc, modules = cordon(*args)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith("cordon-studio "), proc.stdout
        assert loaded_under(modules, SUBCOMMAND_MODULES | set(ENGINE)) == []


def test_run_loads_only_the_run_subcommand(tmp_path):
    body = tmp_path / "one.js"
    body.write_text("return 1", encoding="utf-8")
    for args, stdin in ((("run", str(body), "--json"), None), (("run", "-", "--json"), "return 1")):
        proc, modules = cordon(*args, stdin=stdin)
        assert proc.returncode == 0, proc.stderr
        result = json.loads(proc.stdout)
        assert result["ok"] and result["result"] == 1
        assert result["timings"]["run_ms"] >= 0
        assert loaded_under(modules, SUBCOMMAND_MODULES) == ["core.cli.run"]
        assert loaded_under(modules, NOT_FOR_A_RUN) == []


def test_a_usage_error_still_answers_as_json():
    proc, modules = cordon("run", "--json", "--no-such-option")
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"]["rule"] == "usage"
    assert loaded_under(modules, SUBCOMMAND_MODULES) == []


def handlers(parser: argparse.ArgumentParser) -> list[Handler]:
    """Every Handler the grammar names, through every level of subcommands."""
    found = [parser.get_default("handler")] if parser.get_default("handler") is not None else []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += handlers(sub)
    return found


def test_every_declared_handler_is_a_function_of_its_module():
    """A handler is named as text, so a misspelt one would fail only when that subcommand runs: load them all."""
    found = handlers(build_parser())
    # run, node run|new, secrets x4, packs x12, validate, doctor, completion, lsp
    assert len(found) == 1 + 2 + 4 + 12 + 1 + 1 + 1 + 1
    for handler in found:
        assert isinstance(handler, Handler)
        assert callable(handler.load()), handler
