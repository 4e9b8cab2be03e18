"""Issue 14, items 2 and 3: declarations from the body — each "not declared" problem has a one-click fix,
the README's first example runs after one, and a refused run says where and how to declare."""

from __future__ import annotations

from PySide6.QtCore import Qt

from core.codenode import CodeNodeDocument, InputHandle, OutputHandle, apply_fix, run_node, validate_node
from tests.gui_support import home, run_and_wait, set_body, window
from tests.install_support import memory_keyring

__all__ = ["home", "memory_keyring", "window"]

README_EXAMPLE = "return inputs.rows.filter((r) => r.score > 50).length"


def _fixes(window) -> dict[str, object]:
    return {button.text(): button for button in window.problems.fix_buttons()}


def test_the_readme_first_example_runs_after_one_quick_fix(qtbot, window):
    set_body(window, README_EXAMPLE)
    fixes = _fixes(window)
    assert list(fixes) == ["Declare input 'rows'"]
    qtbot.mouseClick(fixes["Declare input 'rows'"], Qt.MouseButton.LeftButton)
    assert window.current_document().input_names == ("items", "rows")
    assert window.current_document().inputs[-1].type == "array"  # `.filter` says what rows is
    assert [row.name_edit.text() for row in window.details.inputs.rows] == ["items", "rows"]  # the Node tab form
    assert _fixes(window) == {} and window.dirty
    window.run_panel.inputs.field("rows").set_text('[{"score": 70}, {"score": 20}]')
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.ok, outcome.result.error
    assert outcome.result.outputs == {"output": 1}


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
        CodeNodeDocument(
            body='await emit("totl", 1);', inputs=(InputHandle(name="x"),), outputs=(OutputHandle(name="total"),)
        )
    )
    assert (
        "declare it in the node's output handles (studio: the Node tab, or the quick fix in Problems"
        in result.run.error.message
    )


def test_every_fix_button_fits_its_row(qtbot, window):
    set_body(
        window,
        'import { x } from "@cordon/sandbox-no-such";\nconst key = await getSecret("API_KEY");\nreturn inputs.rows;\n',
    )
    qtbot.waitExposed(window)
    problems = window.problems
    buttons = problems.fix_buttons()
    assert len(buttons) == 2 and problems.topLevelItemCount() > 2  # (a pack Cordon would ship has no fix)
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
