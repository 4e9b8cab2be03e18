"""Inputs that fit real data — an editor per declared type, files kept as values, previewed,
and test inputs saved with the document. Real window, real engine; only the OS file dialog is answered."""

from __future__ import annotations

import base64
import hashlib
import json
import os

from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLineEdit, QPlainTextEdit

from core.codenode import CodeNodeDocument, InputHandle, OutputHandle, load_document, save_document
from core.codenode.document import dumps, loads
from tests.gui_support import home, run_and_wait, window

__all__ = ["home", "window"]


def _noise_png(path, min_bytes: int = 200 * 1024):
    """A PNG of random pixels: it does not compress, so it is as big as it looks (>= 200 KB)."""
    side = 270
    Image.frombytes("RGB", (side, side), os.urandom(side * side * 3)).save(path)
    assert path.stat().st_size >= min_bytes
    return path


def test_a_200_kb_image_through_files_arrives_intact_and_is_previewed(qtbot, window, tmp_path, monkeypatch):
    png = _noise_png(tmp_path / "photo.png")
    window.load(
        CodeNodeDocument(
            body='await output("sha256", await crypto.digest("SHA-256", inputs.img));\n'
            'await output("n", inputs.img.length);\n',
            inputs=(InputHandle(name="img", type="bytes"),),
            outputs=(OutputHandle(name="sha256"), OutputHandle(name="n")),
        ),
        None,
    )
    field = window.run_panel.inputs.field("img")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(png), ""))
    qtbot.mouseClick(field.pick_button, Qt.MouseButton.LeftButton)
    assert field.preview_labels() == [f"photo.png — {png.stat().st_size / 1024:.1f} KB"]
    assert field.files[0].thumbnail is not None and field.files[0].thumbnail.width() == 64
    assert not field.findChildren(QLineEdit) and not field.findChildren(QPlainTextEdit)  # no base64 text field
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.ok, outcome.result.error
    assert outcome.result.outputs["sha256"] == hashlib.sha256(png.read_bytes()).digest()
    assert outcome.result.outputs["n"] == png.stat().st_size


def test_files_for_an_any_input_are_media_refs_held_out_of_the_text(qtbot, window, tmp_path, monkeypatch):
    png = _noise_png(tmp_path / "a.png")
    window.load(
        CodeNodeDocument(
            body='await output("kind", [inputs.pics.length, inputs.pics[0].type]);\n',
            inputs=(InputHandle(name="pics", type="array"),),
            outputs=(OutputHandle(name="kind"),),
        ),
        None,
    )
    field = window.run_panel.inputs.field("pics")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(png), str(png)], ""))
    qtbot.mouseClick(field.pick_button, Qt.MouseButton.LeftButton)
    assert field.text_edit.isHidden() and len(field.preview_labels()) == 2
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.outputs == {"kind": [2, "image"]}
    form = window.run_panel.inputs
    form.raw_toggle.setChecked(True)  # raw JSON would be base64: refused
    assert not form.raw_toggle.isChecked() and "clear them first" in form.error_label.text()
    qtbot.mouseClick(field.clear_button, Qt.MouseButton.LeftButton)  # back to JSON
    assert not field.text_edit.isHidden() and field.files == []


def test_a_multi_line_csv_input_keeps_its_lines(qtbot, window):
    window.load(
        CodeNodeDocument(
            body='await output("lines", inputs.csv.split("\\n"));\n',
            inputs=(InputHandle(name="csv", type="string"),),
            outputs=(OutputHandle(name="lines"),),
        ),
        None,
    )
    edit = window.run_panel.inputs.field("csv").text_edit
    edit.setFocus()
    for i, line in enumerate(["name,score", "ada,70", "bob,20"]):
        if i:
            qtbot.keyClick(edit, Qt.Key.Key_Return)  # Enter adds a line
        qtbot.keyClicks(edit, line)
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.outputs == {"lines": ["name,score", "ada,70", "bob,20"]}


def test_json_inputs_are_validated_as_typed(qtbot, window):
    window.load(
        CodeNodeDocument(
            body='await output("n", inputs.cfg.n);\n',
            inputs=(InputHandle(name="cfg", type="object"),),
            outputs=(OutputHandle(name="n"),),
        ),
        None,
    )
    form = window.run_panel.inputs
    form.field("cfg").set_text('{"n": ')
    assert "cfg: not valid JSON" in form.validate()
    form.field("cfg").set_text("[1]")
    assert form.validate() == "cfg: must be an object, got list"
    form.field("cfg").set_text('{\n  "n": 5\n}')
    assert form.validate() is None and form.values() == ({"cfg": {"n": 5}}, {})


def test_test_inputs_are_saved_with_the_document_and_survive_declaration_edits(qtbot, window, tmp_path):
    path = tmp_path / "t.node.json"
    save_document(
        CodeNodeDocument(
            body='await output("out", [inputs.csv, inputs.raw]);\n',
            inputs=(InputHandle(name="csv", type="string"), InputHandle(name="raw", type="bytes")),
            outputs=(OutputHandle(name="out"),),
        ),
        path,
    )
    assert window.open_path(path, ask=False)
    form = window.run_panel.inputs
    form.field("csv").set_text("a,b\n1,2")
    blob = tmp_path / "blob.bin"
    blob.write_bytes(bytes(range(256)))
    form.field("raw").add_files([blob])
    assert window.dirty
    window.details.outputs.add("extra")  # the declarations change...
    qtbot.waitUntil(lambda: "extra" in window.current_document().output_names, timeout=3000)
    window.refresh_diagnostics()
    assert form.field("csv").text() == "a,b\n1,2"  # ...what was typed stays
    assert window.save()
    saved = load_document(path)
    assert saved.testInputs["csv"] == "a,b\n1,2" and saved.testInputs["raw"] == {"$bytes": _b64(bytes(range(256)))}
    window.new_document(ask=False)
    assert window.open_path(path, ask=False)  # reopened: the values come back
    assert window.run_panel.inputs.values() == ({"csv": "a,b\n1,2", "raw": bytes(range(256))}, {})
    assert not window.dirty


def test_a_large_picked_video_is_stored_beside_the_document_not_in_it(qtbot, window, tmp_path):
    """A 42 KB video made a 1 KB document 58 KB of base64; now it goes beside it."""
    path = tmp_path / "clip.node.json"
    save_document(
        CodeNodeDocument(
            body='await output("out", inputs.film);\n',
            inputs=(InputHandle(name="film", type="any"),),
            outputs=(OutputHandle(name="out"),),
        ),
        path,
    )
    assert window.open_path(path, ask=False)
    film = tmp_path / "film.mp4"
    film.write_bytes(os.urandom(42 * 1024))
    window.run_panel.inputs.field("film").add_files([film])
    before = window.run_panel.inputs.values()
    assert window.save() and not window.dirty
    assert path.stat().st_size < 4 * 1024  # a marker, not 56 KB of base64
    assert [p.name for p in (tmp_path / "clip.assets").iterdir()] == [hashlib.sha256(film.read_bytes()).hexdigest()]
    window.new_document(ask=False)
    assert window.open_path(path, ask=False)  # reopened: the video comes back whole, and nothing asks
    assert window.run_panel.inputs.values() == before and not window.dirty


def test_a_file_without_test_inputs_loads_and_one_without_them_is_written_as_before():
    old = {"schemaVersion": 1, "body": ["return 1"], "inputs": [{"name": "x", "type": "any"}]}
    doc = loads(json.dumps(old))
    assert doc.testInputs == {}
    assert "testInputs" not in json.loads(dumps(doc))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def test_opening_another_document_with_the_same_inputs_shows_its_own_test_inputs(qtbot, window):
    handles = (InputHandle(name="csv", type="string"),)
    window.load(CodeNodeDocument(body="return inputs.csv", inputs=handles, testInputs={"csv": "first"}), None)
    assert window.run_panel.inputs.field("csv").text() == "first"
    window.load(CodeNodeDocument(body="return inputs.csv", inputs=handles, testInputs={"csv": "x\ny"}), None)
    assert window.run_panel.inputs.field("csv").text() == "x\ny" and not window.dirty
