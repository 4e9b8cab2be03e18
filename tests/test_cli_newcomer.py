"""`cordon` as a newcomer meets it, beside git, cargo and deno (issue 30, item 14): a misspelt command
is answered with the closest one, every help shows examples, large inputs come from a file or stdin,
no display prints help instead of aborting, Ctrl+D at a prompt cancels cleanly, and shells complete."""

from __future__ import annotations

import json

import pytest

from core.cli import main


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
