"""The small things a newcomer met in the studio, each on real widgets.

Inputs declared `any` say what was given and the quick fix infers more types from the body; the
starter's input left over after its body is replaced is offered for removal; the dark theme's play
buttons are visible; dates read as local time; the elapsed time ticks during a run and the time a
person spends at the secret prompt is not counted as the run's.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from core.codenode import CodeNodeDocument, InputHandle, NodeProps, OutputHandle
from gui.inputs_form import InputsForm
from gui.json_tree import JsonTree, readable_time
from gui.main_window import autosaved_at
from gui.prompter import GuiSecretPrompter
from gui.run_panel import RunPanel, format_ms
from gui.theme import apply_theme
from gui.worker import RunRequest
from tests import install_support
from tests.gui_support import home, run_and_wait, set_body, window  # noqa: F401 (fixtures)
from tests.test_audio import sine
from tests.test_gui_quick_fixes import _fixes

memory_keyring = install_support.memory_keyring


# -- inputs declared `any`, and types inferred from the body ---------------------------------------
def test_an_any_input_says_what_type_was_given(qtbot):
    form = InputsForm()
    qtbot.addWidget(form)
    form.set_handles([InputHandle(name="x", type="any")])
    label = form.form.labelForField(form.field("x"))
    assert label.text() == "x  (any)"
    form.field("x").set_text("42")
    assert label.text() == "x  (any: a number given)" and "Node tab" in label.toolTip()
    form.field("x").set_text('{"a": 1}')
    assert label.text() == "x  (any: an object given)"


@pytest.mark.parametrize(
    ("body", "declared"),
    [
        ('await output("total", inputs.n * 2);', "number"),
        ('await output("total", -inputs.n);', "number"),
        ('let t = 0;\nfor (const v of inputs.rows) t += v;\nawait output("total", t);', "array"),
    ],
)
def test_the_declare_input_fix_infers_the_type_from_the_body(qtbot, window, body, declared):  # noqa: F811
    set_body(window, body)
    name = "rows" if "rows" in body else "n"
    qtbot.mouseClick(_fixes(window)[f"Declare input '{name}'"], Qt.MouseButton.LeftButton)
    assert window.current_document().inputs[-1].type == declared


# -- the starter's input left over ------------------------------------------------------------------
def test_the_starters_input_left_over_is_offered_for_removal(qtbot, window):  # noqa: F811
    assert window.current_document().input_names == ("items",)  # the welcome node reads inputs.items
    assert "Remove input 'items'" not in _fixes(window)
    set_body(window, 'await output("total", 42);')
    qtbot.mouseClick(_fixes(window)["Remove input 'items'"], Qt.MouseButton.LeftButton)
    assert window.current_document().input_names == () and window.current_document().testInputs == {}
    assert window.details.inputs.rows == [] and "Remove input 'items'" not in _fixes(window)
    set_body(window, "const all = Object.keys(inputs);\nawait output('total', all.length);")
    window.details.inputs.add("spare")
    qtbot.waitUntil(lambda: window.current_document().input_names == ("spare",), timeout=2000)
    window.refresh_diagnostics()
    assert "Remove input 'spare'" not in _fixes(window)  # `inputs` as a whole may read any of them


# -- the dark theme's play buttons -------------------------------------------------------------------
def _luminance(color: QColor) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF())


def _contrast(a: QColor, b: QColor) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_play_button_is_visible_on_the_dark_theme(qtbot, home):  # noqa: F811
    app = QApplication.instance()
    apply_theme(app, "dark")
    try:
        tree = JsonTree()
        qtbot.addWidget(tree)
        tree.add_entry("tone", sine(0.5))
        qtbot.waitUntil(lambda: len(tree.previews()) == 1 and tree.previews()[0].loaded, timeout=20_000)
        button = tree.previews()[0].play_button
        image = button.icon().pixmap(24, 24).toImage()
        ink = [image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height())]
        ink = [c for c in ink if c.alpha() > 200]
        assert ink, "the play icon draws nothing"
        background = button.palette().color(QPalette.ColorRole.Button)
        # WCAG's 3:1 for the parts of a control a person must see.
        assert min(_contrast(c, background) for c in ink) >= 3
    finally:
        apply_theme(app, "light")


# -- dates as local, readable time --------------------------------------------------------------------
def test_a_date_reads_as_local_time_with_the_iso_form_in_its_tooltip(qtbot):
    moment = datetime(2024, 3, 1, 12, 30, 5, tzinfo=UTC)
    tree = JsonTree()
    qtbot.addWidget(tree)
    row = tree.add_entry("when", moment)
    local = moment.astimezone()
    assert row.text(1) == readable_time(moment) == f"{local.day} {local:%b %Y, %H:%M:%S}"
    assert "T" not in row.text(1) and row.toolTip(1) == "2024-03-01T12:30:05+00:00"
    assert autosaved_at("2024-03-01T12:30:05+00:00") == readable_time(moment)
    assert autosaved_at(None) == autosaved_at("garbage") == "at an unknown time"


def test_a_date_a_body_returns_shows_as_local_time(qtbot, window):  # noqa: F811
    window.load(
        CodeNodeDocument(
            body='await output("when", new Date("2024-03-01T12:30:05Z"));', outputs=(OutputHandle(name="when"),)
        ),
        None,
    )
    assert run_and_wait(qtbot, window).result.ok
    row = window.run_panel.outputs.topLevelItem(0)
    assert row.text(1) == readable_time(datetime(2024, 3, 1, 12, 30, 5, tzinfo=UTC))


# -- elapsed time, and the secret prompt's time not counted ------------------------------------------
def test_the_elapsed_time_ticks_in_the_status_bar_during_a_run(qtbot, window):  # noqa: F811
    seen: list[str] = []
    window.run_panel.elapsedChanged.connect(seen.append)
    window.load(
        CodeNodeDocument(body='await sleep(600);\nawait output("done", 1);', outputs=(OutputHandle(name="done"),)), None
    )
    qtbot.keyClick(window.editor.sci, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(set(seen)) >= 3, timeout=20_000)  # it ticks
    assert window.run_state_label.text().startswith("Running… ") and window.run_state_label.text().endswith(" s")
    qtbot.waitUntil(lambda: not window.run_panel.running, timeout=20_000)
    assert window.run_state_label.text() == "Finished"


def test_time_at_the_secret_prompt_is_not_run_time(qtbot, memory_keyring, home):  # noqa: F811
    panel = RunPanel()
    qtbot.addWidget(panel)
    prompter = GuiSecretPrompter()
    doc = CodeNodeDocument(
        body='const ok = await requestSecret("API_TOKEN", "to call the API");\nawait output("ok", ok);',
        outputs=(OutputHandle(name="ok"),),
        props=NodeProps(secrets=("API_TOKEN",)),
    )
    with qtbot.waitSignal(prompter.prompt_opened, timeout=30_000) as opened:
        panel.start(RunRequest(doc, prompter=prompter))
    qtbot.waitUntil(lambda: "(waiting for your answer)" in panel.status.text(), timeout=5000)
    qtbot.wait(400)  # a person reading the question
    qtbot.keyClick(opened.args[0], Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: panel.last_outcome is not None and not panel.running, timeout=30_000)
    outcome = panel.last_outcome
    waited_ms = prompter.waited_s * 1000
    assert waited_ms >= 400
    assert f"Finished in {format_ms(outcome.wall_ms - waited_ms)} " in panel.status.text()
    assert f"{format_ms(waited_ms)} waiting for you, not counted" in panel.status.text()
    panel.shutdown()


# -- a legacy yield of several handles is one emitted item, as in the reference (in the studio) ---
def test_a_legacy_yield_of_two_handles_is_one_emitted_row(qtbot, window):  # noqa: F811
    window.load(CodeNodeDocument(body="yield({ a: 1, b: 2 });\nyield(3);\n"), None)
    assert run_and_wait(qtbot, window).result.ok
    emitted = window.run_panel.emitted
    rows = [
        (emitted.topLevelItem(i).text(0), emitted.topLevelItem(i).text(1)) for i in range(emitted.topLevelItemCount())
    ]
    assert rows == [("1  a, b", "{2 keys}"), ("2  output", "3")]
    assert window.run_panel.tabs.tabText(1) == "Emitted (2)"
