"""Running from the studio: the real engine on a QThread, the real window, real widgets."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt, QTimer

from core.codenode import CodeNodeDocument, InputHandle, NodeProps, OutputHandle
from gui.inputs_form import InputsForm
from gui.worker import RunController, RunRequest
from tests.gui_support import home, run_and_wait, set_body, top_level, window
from tests.install_support import memory_keyring

__all__ = ["home", "memory_keyring", "window"]


def test_typed_body_runs_and_shows_outputs_emissions_console_and_timings(qtbot, window):
    set_body(window, "")
    qtbot.keyClicks(window.editor.sci, 'console.log("hi " + inputs.items.length); ')
    window.editor.sci.autoCCancel()
    qtbot.keyClicks(window.editor.sci, 'await emit("running", 7); await output("total", 42);')
    window.editor.sci.autoCCancel()
    outcome = run_and_wait(qtbot, window)
    panel = window.run_panel
    assert outcome.result.ok, outcome.result.error
    assert top_level(panel.outputs) == {"total": "42"}
    assert panel.emitted.topLevelItemCount() == 1 and panel.emitted.topLevelItem(0).text(1) == "7"
    assert panel.console.toPlainText().splitlines()[0] == "hi 3"  # the declared default [1, 2, 3]
    assert panel.status.text().startswith("Finished in") and "setup" in panel.status.text()
    assert panel.progress.value() == 100 and not panel.error_banner.isVisible()
    assert window.run_state_label.text() == "Finished"


def test_cancel_while_true_keeps_the_window_answering(qtbot, window):
    set_body(window, 'console.log("started");\nprogress(40, "spinning");\nwhile (true) {}\n')
    ticks = []
    timer = QTimer(window, interval=10)
    timer.timeout.connect(lambda: ticks.append(threading.current_thread() is threading.main_thread()))
    timer.start()
    qtbot.keyClick(window.editor.sci, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    panel = window.run_panel
    qtbot.waitUntil(lambda: panel.progress.value() == 40, timeout=10_000)  # fed by progress() mid-run
    assert panel.progress_message.text() == "spinning"
    qtbot.waitUntil(lambda: panel.console.toPlainText() == "started", timeout=10_000)  # console lines live
    seen = len(ticks)
    qtbot.waitUntil(lambda: len(ticks) >= seen + 10, timeout=10_000)  # the UI loop keeps turning
    assert panel.running and window.cancel_action.isEnabled()
    qtbot.keyClicks(window.details.name_edit, "still typing")  # and takes input
    assert window.details.name_edit.text().endswith("still typing")
    window.editor.setFocus()
    qtbot.keyClick(window.editor.sci, Qt.Key.Key_Escape)  # Esc = Cancel
    qtbot.waitUntil(lambda: not panel.running, timeout=10_000)
    timer.stop()
    assert all(ticks)
    assert panel.last_outcome.cancelled and not panel.last_outcome.result.ok
    assert panel.status.text().startswith("Cancelled after")
    assert not panel.error_banner.isVisible()  # a cancel asked for is no red error
    assert window.run_state_label.text() == "Cancelled"
    set_body(window, 'await output("total", 1);')  # the next run works
    assert run_and_wait(qtbot, window).result.ok


def test_error_names_its_line_and_a_click_goes_there(qtbot, window):
    set_body(window, 'const a = 1;\nconst b = 2;\nnull.boom;\nawait output("total", a + b);\n')
    outcome = run_and_wait(qtbot, window)
    error = outcome.result.error
    assert not outcome.result.ok and error.line == 3
    banner = window.run_panel.error_banner
    assert banner.isVisible() and "TypeError" in banner.text() and "line 3" in banner.text()
    assert window.editor.run_error_line() == 3
    window.editor.goto(1)
    qtbot.mouseClick(banner, Qt.MouseButton.LeftButton)
    assert window.editor.caret()[0] == 3


def test_inputs_form_validates_and_raw_json_round_trips(qtbot):
    form = InputsForm()
    qtbot.addWidget(form)
    form.show()
    handles = (
        InputHandle(name="count", type="integer", default=2),
        InputHandle(name="name", type="string"),
        InputHandle(name="flags", type="array", default=[]),
        InputHandle(name="on", type="boolean"),
        InputHandle(name="numbers", type="number"),
    )
    form.set_handles(handles, streamed={"numbers"})
    assert form.values() == ({"count": 2, "name": "", "flags": [], "on": False}, {})
    form.field("count").set_text("2.5")
    assert form.validate() == "count: 2.5 is not a whole number" and form.error_label.isVisible()
    form.field("count").set_text("3")
    form.field("flags").set_text('[1, {"$bytes": "AAE="}]')
    form.field("numbers").set_text('[1, "x"]')
    assert form.validate() == "numbers: item 1 must be a number, got str"
    form.field("numbers").set_text("[1, 2.5]")
    assert form.validate() is None
    inputs, streams = form.values()
    assert inputs["flags"] == [1, b"\x00\x01"] and streams == {"numbers": [1, 2.5]}
    form.raw_toggle.setChecked(True)  # form -> raw JSON, values carried
    assert '"$bytes": "AAE="' in form.raw_edit.toPlainText()
    form.raw_edit.setPlainText('{"count": 4, "nope": 1}')
    assert "'nope' is not a declared input" in form.validate()
    form.raw_edit.setPlainText('{"count": 4, "numbers": [9]}')
    assert form.values() == ({"count": 4}, {"numbers": [9]})
    form.raw_toggle.setChecked(False)  # and back
    assert form.field("count").text() == "4"


def test_invalid_input_refuses_the_run_and_says_why(qtbot, window):
    window.run_panel.inputs.field("items").set_text("[1, 2")
    window.run()
    assert not window.run_panel.running
    assert "items: not valid JSON" in window.run_panel.error_banner.text()


def test_streamed_input_and_image_output_preview(qtbot, window):
    doc = CodeNodeDocument(
        body='let total = 0;\nfor await (const n of stream("numbers")) total += n;\n'
        'const img = await image.blank({width: 24, height: 16, background: "#3366ff"});\n'
        'await output("sheet", await image.toAsset(img));\nawait output("total", total);\n',
        inputs=(InputHandle(name="numbers", type="number"),),
        outputs=(OutputHandle(name="sheet"), OutputHandle(name="total")),
    )
    window.load(doc, None)
    window.run_panel.inputs.field("numbers").set_text("[1, 2, 3.5]")
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.ok, outcome.result.error
    outputs = window.run_panel.outputs
    assert top_level(outputs)["total"] == "6.5"
    assert outputs.topLevelItem(0).text(2) == "image"
    outputs.expandAll()
    # the preview decodes in a worker of its own: generous under a loaded CI machine
    qtbot.waitUntil(lambda: len(outputs.previews()) == 1 and outputs.previews()[0].loaded, timeout=60_000)
    assert outputs.previews()[0].picture.pixmap().width() == 24


def test_a_flood_of_emissions_is_counted_not_queued_one_by_one(qtbot):
    controller = RunController()
    reports = []
    controller.reported.connect(reports.append)
    doc = CodeNodeDocument(body='for (let i = 0; i < 3000; i++) await emit("n", i);', outputs=(OutputHandle(name="n"),))
    controller.start(RunRequest(doc))
    qtbot.waitUntil(lambda: not controller.running, timeout=30_000)
    emitted = [e.value for batch in reports for e in batch.emitted]
    assert emitted == list(range(3000))
    assert len(reports) < 3000  # coalesced: a wake-up carries everything queued since the last


def test_a_secret_request_opens_the_prompt_and_the_run_finishes_with_the_answer(qtbot, window, memory_keyring):
    doc = CodeNodeDocument(
        body='const ok = await requestSecret("API_TOKEN", "to call the API");\n'
        'await output("total", ok ? await getSecret("API_TOKEN") : "none");\n',
        outputs=(OutputHandle(name="total"),),
        props=NodeProps(secrets=("API_TOKEN",)),
    )
    window.load(doc, None)
    window.run()
    qtbot.waitUntil(lambda: window.prompter.dialog is not None, timeout=20_000)
    dialog = window.prompter.dialog
    assert dialog.reason.text() == "to call the API"
    qtbot.keyClicks(dialog.value, "tok-1")
    qtbot.keyClick(dialog.value, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.run_panel.running, timeout=20_000)
    assert window.run_panel.last_outcome.result.outputs == {"total": "tok-1"}
    window.run()  # asked again, then the run is cancelled
    qtbot.waitUntil(lambda: window.prompter.dialog is not None, timeout=20_000)
    window.cancel_action.trigger()
    qtbot.waitUntil(lambda: not window.run_panel.running, timeout=20_000)
    assert window.prompter.dialog is None and window.run_panel.last_outcome.cancelled


def test_files_become_media_refs_except_for_a_bytes_handle(qtbot, tmp_path):
    """A Code node's values are JSON copies: picked files arrive as media refs (as the reference's
    media inputs do); only a declared `bytes` handle takes the raw bytes."""
    png = tmp_path / "dot.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 8)
    form = InputsForm()
    qtbot.addWidget(form)
    form.set_handles(
        (InputHandle(name="photos", type="array", default=[]), InputHandle(name="raw", type="bytes")), streamed=set()
    )
    form.field("photos").add_files([png, png])
    form.field("raw").add_files([png])
    inputs, _ = form.values()
    assert [p["type"] for p in inputs["photos"]] == ["image", "image"]
    assert inputs["photos"][0]["mimeType"] == "image/png" and inputs["photos"][0]["filename"] == "dot.png"
    assert inputs["photos"][0]["uri"].startswith("data:image/png;base64,")
    assert inputs["raw"] == png.read_bytes()


def test_a_workspace_call_without_a_workspace_names_the_choose_button_not_a_flag(qtbot, window):
    """The refusal named `cordon run --workspace DIR`, a flag the studio has no place for;
    it now names the Choose… button beside the Run tab's Workspace line (the CLI keeps its flag)."""
    set_body(window, 'await workspace.read("notes.txt");\n')
    outcome = run_and_wait(qtbot, window)
    error = outcome.result.error
    assert error is not None and error.rule == "workspace-unavailable"
    assert "Choose… beside Workspace in the Run tab" in error.message and "--workspace" not in error.message
