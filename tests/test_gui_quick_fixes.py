"""Declarations from the body — each "not declared" problem has a one-click fix,
the README's first example runs after one, and a refused run says where and how to declare."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from core.codenode import (
    CodeNodeDocument,
    InputHandle,
    NodeRunRequest,
    OutputHandle,
    apply_fix,
    run_node,
    validate_node,
)
from gui.dialogs.consent import ConsentDialog
from tests.gui_support import home, run_and_wait, set_body, window
from tests.install_support import memory_keyring

__all__ = ["home", "memory_keyring", "window"]

README_EXAMPLE = 'await output("count", inputs.rows.filter((r) => r.score > 50).length);'


def _fixes(window) -> dict[str, object]:
    return {button.text(): button for button in window.problems.fix_buttons()}


def test_the_readme_first_example_teaches_output_and_runs_after_the_quick_fixes(qtbot, window):
    """The README's first example uses output(), not the deprecated return."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    first = readme[readme.index("```python") : readme.index("```", readme.index("```python") + 9)]
    assert README_EXAMPLE in first and "return" not in first
    set_body(window, README_EXAMPLE)
    fixes = _fixes(window)
    # The starter's `items` is left over once its body is replaced: Problems offers to remove it.
    assert sorted(fixes) == ["Declare input 'rows'", "Declare output 'count'", "Remove input 'items'"]
    qtbot.mouseClick(fixes["Declare input 'rows'"], Qt.MouseButton.LeftButton)
    assert window.current_document().input_names == ("items", "rows")
    assert window.current_document().inputs[-1].type == "array"  # `.filter` says what rows is
    assert [row.name_edit.text() for row in window.details.inputs.rows] == ["items", "rows"]  # the Node tab form
    qtbot.mouseClick(_fixes(window)["Declare output 'count'"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(_fixes(window)["Remove input 'items'"], Qt.MouseButton.LeftButton)
    assert window.current_document().input_names == ("rows",)
    assert _fixes(window) == {} and window.dirty
    window.run_panel.inputs.field("rows").set_text('[{"score": 70}, {"score": 20}]')
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.ok, outcome.result.error
    assert outcome.result.outputs == {"count": 1}


def test_a_legacy_body_converts_to_output_in_one_undoable_click(qtbot, window):
    """`return {...}` becomes output() calls, the handles declared, the outputs the same."""
    set_body(window, "const n = 2;\nreturn { doubled: n * 2, n };\n")
    legacy = next(d for d in validate_node(window.current_document()) if d.rule == "legacy-contract")
    assert legacy.fix is not None and legacy.fix.label == "Convert to output()"
    before = run_and_wait(qtbot, window).result.outputs
    qtbot.mouseClick(_fixes(window)["Convert to output()"], Qt.MouseButton.LeftButton)
    assert window.editor.text() == 'const n = 2;\nawait output("doubled", n * 2);\nawait output("n", n);\n'
    assert window.current_document().output_names == ("running", "total", "doubled", "n")
    assert not any(d.rule == "legacy-contract" for d in validate_node(window.current_document()))
    assert "Convert to output()" not in _fixes(window)
    after = run_and_wait(qtbot, window)
    assert after.result.ok and after.result.outputs == before == {"doubled": 4, "n": 2}
    window.editor.sci.undo()  # one edit of the body
    assert window.editor.text() == "const n = 2;\nreturn { doubled: n * 2, n };\n"


def test_the_conversion_is_offered_only_where_the_return_says_every_output():
    def fix(body):
        found = [d for d in validate_node(CodeNodeDocument(body=body)) if d.rule == "legacy-contract"]
        return found[0].fix if found else None

    assert fix("return inputs.x * 2") is not None  # the single `output` handle
    doc = apply_fix(CodeNodeDocument(body="return inputs.x * 2"), fix("return inputs.x * 2"))
    assert doc.body == 'await output("output", inputs.x * 2);' and doc.output_names[-1] == "output"
    for body in (
        "if (inputs.x) return 1;\nreturn 2;",  # two returns
        "return { ...inputs.o };",  # keys known only at run time
        'return { ["a" + 1]: 1 };',
        'return { "not a handle": 1 };',
        "return { a: 1, a: 2 };",
        "yield(1);\nreturn 2;",
        "inputs.x * 2",  # an implicit return: nothing to rewrite
    ):
        assert fix(body) is None, body
    assert fix("const f = () => { return 1; };\nreturn { v: f() };") is not None  # a nested return is its own


def test_the_help_examples_teach_output_not_return():
    """The Sandbox API examples (Help) use output(), outside the legacy-contract section."""
    text = (Path(__file__).parent.parent / "docs" / "sandbox-api.md").read_text(encoding="utf-8")
    examples = text[text.index("## Examples") : text.index("## Running a body")]
    assert "return " not in examples and examples.count("await output(") >= 5


def test_an_undeclared_output_has_its_fix(qtbot, window):
    set_body(window, 'await output("parsed", JSON.parse("[1]"));\n')
    qtbot.mouseClick(_fixes(window)["Declare output 'parsed'"], Qt.MouseButton.LeftButton)
    assert "parsed" in window.current_document().output_names
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.ok and outcome.result.outputs == {"parsed": [1]}


def test_an_undeclared_secret_is_a_problem_with_its_fix(qtbot, window, memory_keyring):
    memory_keyring.set_password("cordon", "API_KEY", "sk-1")
    set_body(window, 'await output("total", await getSecret("API_KEY"));\n')
    row = next(d for d in validate_node(window.current_document()) if d.rule == "undeclared-secret")
    assert row.line == 1 and "a run refuses it" in row.message
    outcome = run_and_wait(qtbot, window)  # refused, saying how to allow it
    assert outcome.result.error.rule == "secret-out-of-scope"
    assert "Allow secret 'API_KEY'" in outcome.result.error.message
    qtbot.mouseClick(_fixes(window)["Allow secret 'API_KEY'"], Qt.MouseButton.LeftButton)
    assert window.current_document().props.secrets == ("API_KEY",)
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.outputs == {"total": "sk-1"}


def test_a_declared_input_gets_the_type_its_use_implies():
    doc = CodeNodeDocument(body='inputs.a.split(",");\ninputs.b.map(String);\ninputs.c.length;\n')
    fixes = {d.fix.name: d.fix for d in validate_node(doc) if d.fix is not None}
    for fix in fixes.values():
        doc = apply_fix(doc, fix)
    assert {h.name: h.type for h in doc.inputs} == {"a": "string", "b": "array", "c": "any"}


def test_every_secret_read_form_is_checked_and_a_refused_write_says_how_to_declare():
    doc = CodeNodeDocument(
        body='await requestSecret("A", "why");\nawait nodetool.secrets.get("B");\n'
        'await nodetool.secrets.tryGet("C");\nawait getSecret(name);\nawait emit("out", 1);\n',
        outputs=(OutputHandle(name="out"),),
    )
    fixes = [d.fix for d in validate_node(doc) if d.fix is not None]
    assert [f.label for f in fixes] == ["Allow secret 'A'", "Allow secret 'B'", "Allow secret 'C'"]
    for fix in fixes:
        doc = apply_fix(doc, fix)
    assert doc.props.secrets == ("A", "B", "C") and apply_fix(doc, fixes[0]) == doc  # idempotent
    result = run_node(
        NodeRunRequest(
            CodeNodeDocument(
                body='await emit("totl", 1);', inputs=(InputHandle(name="x"),), outputs=(OutputHandle(name="total"),)
            )
        )
    )
    assert (
        "declare it in the node's output handles (studio: the Node tab, or the quick fix in Problems"
        in result.run.error.message
    )


def test_every_fix_button_fits_its_row(qtbot, window):
    set_body(
        window,
        'import { x } from "@cordon/sandbox-no-such";\nconst key = await getSecret("API_KEY");\ninputs.rows;\n',
    )
    qtbot.waitExposed(window)
    problems = window.problems
    buttons = problems.fix_buttons()
    # secret, input 'rows' and the starter's unread 'items' (a pack Cordon would ship has no fix)
    assert len(buttons) == 3 and problems.topLevelItemCount() > 3
    for i in range(problems.topLevelItemCount()):  # rows are uniform: the row without a fix as tall as the rest
        assert problems.visualItemRect(problems.topLevelItem(i)).height() >= max(b.sizeHint().height() for b in buttons)
    assert problems.columnWidth(0) > problems.fontMetrics().horizontalAdvance("3:28") + 16  # "line:column" unelided


def test_an_import_no_pack_serves_offers_to_install_the_npm_library(qtbot, window, monkeypatch):
    """The studio's one click for `cordon packs install npm:<name>`: the Pack Manager opens preparing it."""
    opened = []
    monkeypatch.setattr(window, "open_pack_manager", lambda install=None: opened.append(install))
    set_body(window, 'import { chunk } from "lodash";\nreturn chunk([1, 2], 1);\n')
    fixes = _fixes(window)
    assert "Install npm:lodash" in fixes
    assert "asks first" in fixes["Install npm:lodash"].toolTip()
    qtbot.mouseClick(fixes["Install npm:lodash"], Qt.MouseButton.LeftButton)
    assert opened == ["lodash"]
    set_body(window, 'import x from "@cordon/sandbox-nope";\nreturn x;\n')
    assert not any(label.startswith("Install npm:") for label in _fixes(window))  # a reserved scope: never offered


def test_an_import_not_allowed_yet_says_the_run_asks_and_its_fix_asks_the_packs_consent(qtbot, window):
    """A "declare 'nanoid'" problem asked for something the studio has no place for. The problem now
    says what a run does about it (asks for consent), and its quick fix asks that same question now."""
    set_body(window, 'import { parse } from "@cordon/sandbox-csv";\nawait output("out", 1);\n')
    (problem,) = [d for d in validate_node(window.current_document()) if d.rule == "import-not-declared"]
    assert "the next run asks for your consent" in problem.message and "declare '" not in problem.message
    label = "Allow pack '@cordon/sandbox-csv'…"
    fixes = _fixes(window)
    assert label in fixes and "allows it in this document" in fixes[label].toolTip()
    seen = []

    def answer(click: str) -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, ConsentDialog):
            QTimer.singleShot(10, lambda: answer(click))
            return
        seen.append(dialog.facts.specifiers)
        getattr(dialog, click).click()

    QTimer.singleShot(0, lambda: answer("refuse"))
    qtbot.mouseClick(fixes[label], Qt.MouseButton.LeftButton)
    assert seen == [("@cordon/sandbox-csv",)] and window.current_document().packages == ()
    QTimer.singleShot(0, lambda: answer("allow"))
    qtbot.mouseClick(_fixes(window)[label], Qt.MouseButton.LeftButton)
    assert [p.specifier for p in window.current_document().packages] == ["@cordon/sandbox-csv"]
    assert label not in _fixes(window)  # allowed: nothing left to fix, and the next run does not ask
