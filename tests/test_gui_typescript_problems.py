"""The TypeScript checker's findings in the studio's Problems list, beside the checks': line:column,
severity and source ("typescript"), a click moves the caret there, they follow the body as it is
edited, and the checks' quick fixes stay (issue 34). Real window, real TypeScript guest."""

from __future__ import annotations

from PySide6.QtCore import Qt

from core.codenode import CodeNodeDocument
from tests.gui_support import home, run_and_wait, set_body, window

__all__ = ["home", "window"]

TIMEOUT_MS = 90_000  # a failure is a clean failure inside pytest-timeout's 120 s


def rows(win) -> list[tuple[str, str, str, str]]:
    """Each Problems row as (line:column, problem, rule, source)."""
    problems = win.problems
    return [tuple(problems.topLevelItem(i).text(c) for c in range(4)) for i in range(problems.topLevelItemCount())]


def typescript_rows(win) -> list[tuple[str, str, str, str]]:
    return [r for r in rows(win) if r[3] == "typescript"]


def first_typescript_item(win):
    """The first Problems row the checker gave (the tree item, for its tooltip and where to click)."""
    problems = win.problems
    items = (problems.topLevelItem(i) for i in range(problems.topLevelItemCount()))
    return next(item for item in items if item.text(3) == "typescript")


def open_typescript(win, body: str) -> None:
    doc = CodeNodeDocument(
        body=body,
        language="typescript",
        inputs=({"name": "city", "type": "string"},),
        outputs=({"name": "total", "type": "number"},),
    )
    win.load(doc, None)


def test_a_type_error_is_a_problem_the_list_jumps_to_and_it_follows_the_body(qtbot, window):
    open_typescript(window, 'const total: number = inputs.city;\nawait output("total", total + inputs.town);\n')
    qtbot.waitUntil(lambda: bool(typescript_rows(window)), timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: len(typescript_rows(window)) == 2, timeout=TIMEOUT_MS)
    [(where, problem, rule, source), town] = typescript_rows(window)
    assert (where, rule, source) == ("1:7", "ts2322", "typescript")
    assert town[0] == "2:38" and "'town' does not exist" in town[1]
    assert "'string' is not assignable to type 'number'" in problem
    checks = [r for r in rows(window) if r[3] == "cordon"]
    assert ("2:31", "undeclared-input") in [(r[0], r[2]) for r in checks], "the checks' findings stay beside it"
    assert "Declare input 'town'" in [b.text() for b in window.problems.fix_buttons()], "and their quick fixes"
    assert window.problems_label.text().startswith("3 errors"), "the counts have the checker's two findings too"
    problems = window.problems
    row = first_typescript_item(window)
    assert row.toolTip(0) == "error"
    window.editor.goto(2, 3)
    qtbot.mouseClick(problems.viewport(), Qt.MouseButton.LeftButton, pos=problems.visualItemRect(row).center())
    assert window.editor.caret() == (1, 7), "a click puts the caret on the finding"
    set_body(window, 'const total: number = inputs.city.length;\nawait output("total", total);\n')
    qtbot.waitUntil(lambda: not typescript_rows(window), timeout=TIMEOUT_MS)
    assert "error" not in window.problems_label.text()


def test_a_javascript_bodys_inferred_finding_is_a_warning_that_does_not_stop_the_run(qtbot, window):
    set_body(window, 'const n = 1;\nawait output("total", n.size ?? 3);\n')
    qtbot.waitUntil(lambda: bool(typescript_rows(window)), timeout=TIMEOUT_MS)
    [(where, problem, rule, source)] = typescript_rows(window)
    assert (where, rule, source) == ("2:25", "ts2339", "typescript")
    assert "Property 'size' does not exist on type '1'" in problem
    row = first_typescript_item(window)
    assert row.toolTip(0) == "warning"
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.ok, outcome.result.run.error
    assert outcome.result.outputs == {"total": 3}
