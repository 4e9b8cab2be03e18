"""`cordon` as a newcomer meets it, beside git, cargo and deno (issue 30, item 14): a misspelt command
is answered with the closest one, every help shows examples, large inputs come from a file or stdin,
no display prints help instead of aborting, Ctrl+D at a prompt cancels cleanly, and shells complete."""

from __future__ import annotations

import argparse
import json
import shlex

import pytest

from core.cli import build_parser, main


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
            command = shlex.split(line.split(" | ")[-1])
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
