"""`cordon` as a newcomer meets it, beside git, cargo and deno: a misspelt command
is answered with the closest one, every help shows examples, large inputs come from a file or stdin,
no display prints help instead of aborting, Ctrl+D at a prompt cancels cleanly, and shells complete."""

from __future__ import annotations

import argparse
import io
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from core.cli import build_parser, main

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["rnu"], "cordon: 'rnu' is not a cordon command. Did you mean 'run'?"),
        (["packs", "instal", "x"], "cordon: 'instal' is not a cordon packs command. Did you mean 'install'?"),
        (["secrets", "lst"], "cordon: 'lst' is not a cordon secrets command. Did you mean 'list'?"),
        (["zzzzzz"], "cordon: 'zzzzzz' is not a cordon command. See 'cordon --help'."),
    ],
)
def test_a_misspelt_command_suggests_the_closest(capsys, argv, line):
    assert main(argv) == 2
    assert capsys.readouterr().err.strip() == line


def test_a_misspelt_command_under_json_is_one_object_with_the_suggestion(capsys):
    assert main(["packs", "instal", "x", "--json"]) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    error = json.loads(out)["error"]
    assert error["rule"] == "usage"
    assert error["message"] == "'instal' is not a cordon packs command. Did you mean 'install'?"


def every_parser(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += every_parser(sub)
    return found


def test_every_help_ends_with_examples_that_parse():
    parsers = every_parser(build_parser())
    assert len(parsers) > 20
    for parser in parsers:
        help_text = parser.format_help()
        assert "\nexamples:\n" in help_text, parser.prog
        examples = help_text.split("\nexamples:\n", 1)[1].strip().splitlines()
        assert 1 <= len(examples) <= 3, parser.prog
        for line in examples:
            text = line.split(" | ")[-1]  # what a pipe feeds
            if "$(" in text:  # eval "$(cordon completion bash)"
                text = text.split("$(", 1)[1].split(")", 1)[0]
            command = shlex.split(text.split(" > ")[0])  # without the redirection
            assert command[0] == "cordon", line
            # each example is a command of this parser's, and the grammar accepts it as written
            assert " ".join(command).startswith(parser.prog), (parser.prog, line)
            if parser.get_default("handler") is not None:
                build_parser().parse_args(command[1:])


def test_packs_says_what_it_does(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # help lines unwrapped
    assert main(["--help"]) == 0
    top = capsys.readouterr().out
    assert "list and inspect" not in top
    packs_line = next(line for line in top.splitlines() if line.strip().startswith("packs "))
    assert all(verb in packs_line for verb in ("install", "update", "list", "inspect", "trust", "remove")), packs_line


#: More than a shell passes as one argument (Linux: 128 KiB, MAX_ARG_STRLEN): "Argument list too long".
BIG_ROWS = {"rows": list(range(40_000))}
CSV_SUMMARY = str(REPO / "resources" / "examples" / "csv-summary.node.json")


def on_stdin(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def json_out(capsys) -> dict:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return json.loads(out)


def test_run_reads_large_inputs_from_a_file_or_stdin(capsys, monkeypatch, tmp_path):
    (tmp_path / "body.js").write_text("return inputs.rows.length")
    rows = tmp_path / "rows.json"
    rows.write_bytes(json.dumps(BIG_ROWS).encode())
    assert rows.stat().st_size > 128 * 1024
    monkeypatch.chdir(tmp_path)
    assert main(["run", "body.js", "--inputs", "@rows.json", "--json"]) == 0
    assert json_out(capsys)["result"] == 40_000
    on_stdin(monkeypatch, rows.read_bytes())
    assert main(["run", "body.js", "--inputs", "-", "--json"]) == 0
    assert json_out(capsys)["result"] == 40_000


def test_node_run_reads_inputs_from_a_file_or_stdin(capsys, monkeypatch, tmp_path):
    csv = "n\n" + "\n".join(str(i) for i in range(30_000)) + "\n"
    values = tmp_path / "values.json"
    values.write_text(json.dumps({"csv": csv}))
    assert main(["node", "run", CSV_SUMMARY, "--inputs", f"@{values}", "--json"]) == 0
    assert json_out(capsys)["outputs"]["summary"]["rows"] == 30_000
    on_stdin(monkeypatch, values.read_bytes())
    assert main(["node", "run", CSV_SUMMARY, "--inputs", "-", "--json"]) == 0
    assert json_out(capsys)["outputs"]["summary"]["rows"] == 30_000


def test_a_missing_inputs_file_says_so(capsys, tmp_path):
    (tmp_path / "body.js").write_text("return 1")
    missing = tmp_path / "nope.json"
    assert main(["run", str(tmp_path / "body.js"), "--inputs", f"@{missing}", "--json"]) == 2
    error = json_out(capsys)["error"]
    assert error["message"] == f"--inputs @{missing}: no such file: {missing}"
    assert error["rule"] == "source-not-found"
    assert main(["node", "run", CSV_SUMMARY, "--inputs", f"@{missing}"]) == 2
    assert f"--inputs @{missing}: no such file" in capsys.readouterr().err


def test_inputs_and_body_both_from_stdin_are_refused(capsys, monkeypatch):
    on_stdin(monkeypatch, b"return 1")
    for argv in (["run", "-", "--inputs", "-"], ["run", "--inputs", "-"]):
        assert main([*argv, "--json"]) == 2
        message = json_out(capsys)["error"]["message"]
        assert message.startswith("--inputs - and the body (FILE -) both read stdin"), message
    argv = ["node", "run", CSV_SUMMARY, "--inputs", "-", "--input-streams", "-", "--json"]
    assert main(argv) == 2
    assert "--inputs - and --input-streams - both read stdin" in json_out(capsys)["error"]["message"]


def test_cordon_alone_without_a_display_prints_help_and_how_to_open_the_studio():
    """A fresh process, as an SSH session or a container runs it: Qt used to abort it (exit 134)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from core.cli import main; sys.exit(main([]))"],
        cwd=REPO,
        env={**env, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith("usage: cordon"), proc.stdout
    assert "\nexamples:\n" in proc.stdout
    assert "the studio was not opened" in proc.stderr
    assert "Run `cordon` in a desktop session" in proc.stderr


CORDON_SCRIPT = Path(sys.executable).parent / "cordon"


def bash_completes(line: str) -> list[str]:
    """What real bash offers on Tab after `line`, through the script `cordon completion bash` prints."""
    words = line.split(" ")
    script = (
        "source <(cordon completion bash) || exit 3\n"
        f"COMP_LINE={shlex.quote(line)}; COMP_POINT=${{#COMP_LINE}}; COMP_TYPE=9\n"
        f"COMP_WORDS=({' '.join(shlex.quote(w) for w in words)}); COMP_CWORD={len(words) - 1}\n"
        f"_python_argcomplete cordon {shlex.quote(words[-1])} {shlex.quote(words[-2])}\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    env = {**os.environ, "PATH": f"{CORDON_SCRIPT.parent}{os.pathsep}{os.environ['PATH']}"}
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=60, cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    return [word.strip() for word in proc.stdout.splitlines() if word.strip()]


def test_bash_completes_commands_verbs_and_options_from_the_parser():
    assert bash_completes("cordon packs ins") == ["install"]
    assert bash_completes("cordon run --inp") == ["--inputs"]
    assert {"run", "node", "packs", "validate", "secrets", "doctor", "completion"} <= set(bash_completes("cordon "))
    assert set(bash_completes("cordon completion ")) >= {"bash", "zsh", "fish"}


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_a_script_for_each_shell(capsys, shell):
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    assert "cordon" in script and "_ARGCOMPLETE" in script
    if shell == "bash":
        assert subprocess.run(["bash", "-n"], input=script, text=True, timeout=30).returncode == 0


def test_allow_package_grants_everywhere_and_only_packs_narrows(capsys):
    """`--allow-package` gave a document's run a pack in `node run` but narrowed the
    importable packs in `run` and `validate`; one flag, one meaning. The grants are declared once."""
    parser = build_parser()
    for words in (["run", "-"], ["validate", "-"]):
        assert parser.parse_args([*words, "--only-packs", "nanoid"]).only_packs == ["nanoid"]
        with pytest.raises(SystemExit):
            parser.parse_args([*words, "--allow-package", "nanoid"])
    capsys.readouterr()
    node = parser.parse_args(["node", "run", "x.node.json", "--allow-package", "nanoid", "--allow-secret", "K"])
    assert node.allow_package == ["nanoid"] and node.allow_secret == ["K"]
