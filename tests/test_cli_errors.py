"""Errors named in the body's own terms.

The body is wrapped before the engine sees it (`core/entry.py`), so a body that ends unfinished made
the parser meet the wrapper's `}` on a line past the body: `return (1 +` said "unexpected token in
expression: '}'" at line 2. The error is now the body's: where its code ends, in Node's words.
"""

from __future__ import annotations

import json

import pytest

from core.cli import main
from gui.diagnostics import diagnose
from tests.gui_support import home, run_and_wait, set_body, window  # noqa: F401 (fixtures)


def run_json(capsys, path: str) -> dict:
    assert main(["run", path, "--json"]) == 1
    return json.loads(capsys.readouterr().out)["error"]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("return (1 +", 1, "unexpected end of input"),
        ("return (1 +\n", 1, "unexpected end of input"),
        ("const a = [1,\n  2,\n\n", 2, "unexpected end of input"),
        ("if (true) {\n  return 1", 2, "unexpected end of input"),
        ("const x = 1;\nreturn x; }", 2, "unexpected token '}'"),
    ],
)
def test_a_syntax_error_at_the_end_of_the_body_is_at_its_last_line(capsys, body, text, line, message):
    error = run_json(capsys, body(text))
    assert (error["name"], error["line"], error["message"]) == ("SyntaxError", line, message)


def test_a_syntax_error_inside_the_body_keeps_the_engine_words(capsys, body):
    error = run_json(capsys, body("const x = 1;\nlet y = x +* 2;\nreturn y"))
    assert (error["line"], error["message"]) == (2, "unexpected token in expression: '*'")


def test_the_human_mode_names_the_body_line(capsys, body):
    assert main(["run", body("return (1 +")]) == 1
    assert "SyntaxError (line 1): unexpected end of input" in capsys.readouterr().err


def test_the_studio_marks_the_body_line_of_an_unfinished_body(qtbot, window):  # noqa: F811
    set_body(window, "const a = 1;\nreturn (a +")
    outcome = run_and_wait(qtbot, window)
    assert (outcome.result.error.line, outcome.result.error.message) == (2, "unexpected end of input")
    assert "line 2" in window.run_panel.error_banner.text()
    assert "'}'" not in window.run_panel.error_banner.text()
    # Problems says the same, at a line of the body (the check compiles the body behind a `return;`).
    problems = [d for d in diagnose(window.current_document(), None) if d.rule == "syntax-error"]
    assert [(d.line, d.column, d.message) for d in problems] == [(2, 12, "SyntaxError: unexpected end of input")]
