"""The outputs panel previews a run's media: a real body in the real window turns a picked WAV and MP4
(made by PyAV here) into assets and draws a canvas; the panel shows the canvas's pixels, the tone's
length with a play button, the clip's first frame as its poster; pressing play never raises, with or
without a sound device (offscreen CI has none: the preview says so)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtMultimedia import QMediaDevices, QMediaPlayer

from core.codenode import CodeNodeDocument, InputHandle, OutputHandle
from gui.json_tree import JsonTree
from gui.media_preview import MediaPreviewWidget, clock
from tests.gui_support import home, run_and_wait, set_body, window
from tests.test_audio import sine
from tests.test_video import clip

__all__ = ["home", "window"]

BODY = """\
const drawing = createCanvas(80, 60);
const ctx = drawing.getContext("2d");
ctx.fillStyle = "red";
ctx.fillRect(20, 10, 30, 20);
await output("drawing", await media.toImage(await drawing.toBytes()));
await output("tone", await audio.toAsset(await audio.trim(inputs.tone, { start: 0.25 })));
await output("film", await video.toAsset(inputs.film));
"""
#: What a loaded player has reached once it knows the clip (or has played it through).
LOADED = (
    QMediaPlayer.MediaStatus.LoadedMedia,
    QMediaPlayer.MediaStatus.BufferingMedia,
    QMediaPlayer.MediaStatus.BufferedMedia,
    QMediaPlayer.MediaStatus.EndOfMedia,
)


def loaded(qtbot, tree: JsonTree, count: int) -> list[MediaPreviewWidget]:
    """The tree's `count` previews once each has read its media (they read it on the work pool)."""
    qtbot.waitUntil(lambda: len(tree.previews()) == count and all(p.loaded for p in tree.previews()), timeout=20_000)
    return tree.previews()


def close_to(color: QColor, rgb: tuple[int, int, int], tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip((color.red(), color.green(), color.blue()), rgb, strict=True))


def press_play(qtbot, preview: MediaPreviewWidget) -> QMediaPlayer:
    """Click Play and wait until the player has loaded the clip or said why it cannot."""
    assert preview.play_button is not None and preview.play_button.isEnabled()
    qtbot.mouseClick(preview.play_button, Qt.MouseButton.LeftButton)
    player = preview.player
    assert isinstance(player, QMediaPlayer)
    qtbot.waitUntil(lambda: player.mediaStatus() in LOADED or "Cannot play" in preview.status.text(), timeout=20_000)
    assert "Cannot play" not in preview.status.text(), preview.status.text()
    # Offscreen CI has no sound device: the preview says it plays without sound instead of failing.
    assert ("No sound output device" in preview.status.text()) == (not QMediaDevices.audioOutputs())
    return player


def test_outputs_panel_previews_canvas_audio_and_video(qtbot, window, tmp_path):
    (tmp_path / "tone.wav").write_bytes(sine(1.5))
    (tmp_path / "film.mp4").write_bytes(clip())
    doc = CodeNodeDocument(
        body=BODY,
        inputs=(InputHandle(name="tone"), InputHandle(name="film")),
        outputs=(OutputHandle(name="drawing"), OutputHandle(name="tone"), OutputHandle(name="film")),
    )
    window.load(doc, None)
    window.run_panel.inputs.field("tone").add_files([tmp_path / "tone.wav"])
    window.run_panel.inputs.field("film").add_files([tmp_path / "film.mp4"])
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.ok, outcome.result.error
    outputs = window.run_panel.outputs
    assert [outputs.topLevelItem(i).text(2) for i in range(3)] == ["image", "audio", "video"]
    shown = {p.preview.kind: p for p in loaded(qtbot, outputs, 3) if p.preview is not None}
    assert sorted(shown) == ["audio", "image", "video"]
    for i in range(3):  # each preview row grew from one line to its picture or player
        row = outputs.topLevelItem(i).child(0)
        assert outputs.visualItemRect(row).height() >= outputs.itemWidget(row, 1).sizeHint().height() > 40

    drawing = shown["image"]
    picture = drawing.picture.pixmap().toImage()
    assert (picture.width(), picture.height()) == (80, 60) and "80 × 60 px" in drawing.caption.text()
    assert picture.pixelColor(35, 20) == QColor(255, 0, 0) and picture.pixelColor(5, 5).alpha() == 0

    tone = shown["audio"]
    assert tone.duration_ms == 1250 and tone.time_label.text() == f"0:00.0 / {clock(1250)}"
    player = press_play(qtbot, tone)
    qtbot.waitUntil(lambda: player.duration() > 0, timeout=20_000)
    assert player.duration() == tone.duration_ms == 1250  # the player measures what the header said

    film = shown["video"]
    poster = film.picture.pixmap().toImage()
    assert (poster.width(), poster.height()) == (64, 48) and "0:01.0" in film.caption.text()
    # The first frame: left half red, right half black (later frames add blue to the top half).
    assert close_to(poster.pixelColor(10, 40), (255, 0, 0)) and close_to(poster.pixelColor(50, 5), (0, 0, 0))
    press_play(qtbot, film)
    assert film.video_view is not None and film.stack.indexOf(film.video_view) == 1  # it plays in the poster's place

    window.run_panel.clear_results()  # the players go with their rows
    assert outputs.topLevelItemCount() == 0
    qtbot.waitUntil(lambda: outputs.previews() == [], timeout=5_000)


def test_a_value_without_a_preview_says_why_by_rule(qtbot):
    tree = JsonTree()
    qtbot.addWidget(tree)
    bomb = bytearray(clip(sound=False))
    at = bomb.find(b"stts")  # the sample table now claims hours
    bomb[at + 16 : at + 20] = (3600 * 10240).to_bytes(4, "big")
    tree.add_entry("bomb", bytes(bomb))
    tree.add_entry("dead", {"type": "audio", "uri": "sandbox://media/" + "0" * 32, "mimeType": "audio/wav"})
    bomb_preview, dead_preview = loaded(qtbot, tree, 2)
    assert bomb_preview.preview is None and bomb_preview.play_button is None
    assert "[video-too-long]" in bomb_preview.caption.text()
    assert "[media-handle-unknown]" in dead_preview.caption.text() and "audio.toAsset" in dead_preview.caption.text()
    assert tree.topLevelItem(1).text(2) == "audio"


def test_media_inside_an_array_is_read_only_when_its_row_opens(qtbot, home):
    tree = JsonTree()
    qtbot.addWidget(tree)
    tree.add_entry("clips", [sine(0.5), sine(0.75)])
    clips = tree.topLevelItem(0)
    clips.setExpanded(True)
    assert clips.childCount() == 2 and tree.previews() == []  # listed, not read
    clips.child(1).setExpanded(True)
    (opened,) = loaded(qtbot, tree, 1)
    assert opened.preview.kind == "audio" and opened.duration_ms == 750


def save_action(tree: JsonTree, row: int, kind: str):
    (action,) = [a for a in tree.context_menu(tree.topLevelItem(row)).actions() if a.text() == f"Save {kind} as…"]
    return action


def test_save_media_as_writes_the_bytes_only_where_the_person_chose(qtbot, window, tmp_path, monkeypatch):
    """An output row's "Save image/audio/video as…" writes the media's own bytes to
    the file the person picks; cancelling the dialog writes nothing; a handle of the finished run says why."""
    doc = CodeNodeDocument(
        body="\n".join(BODY.splitlines()[:5]) + '\nawait output("tone", await audio.toAsset(inputs.tone));',
        inputs=(InputHandle(name="tone"),),
        outputs=(OutputHandle(name="drawing"), OutputHandle(name="tone")),
    )
    (tmp_path / "tone.wav").write_bytes(sine(0.5))
    window.load(doc, None)
    window.run_panel.inputs.field("tone").add_files([tmp_path / "tone.wav"])
    outcome = run_and_wait(qtbot, window)
    assert outcome.result.ok, outcome.result.error
    outputs = window.run_panel.outputs
    asked: list[tuple[str, object]] = []
    target = tmp_path / "chosen" / "picture.png"
    target.parent.mkdir()
    monkeypatch.setattr(outputs, "ask_media_path", lambda kind, suggested: asked.append((kind, suggested)) or None)
    save_action(outputs, 0, "image").trigger()
    assert asked[0][0] == "image" and str(asked[0][1]).endswith("drawing.png")
    assert list(target.parent.iterdir()) == []  # cancelled: nothing written anywhere

    monkeypatch.setattr(outputs, "ask_media_path", lambda kind, suggested: target)
    with qtbot.waitSignal(outputs.mediaSaved, timeout=20_000) as saved:
        save_action(outputs, 0, "image").trigger()
    assert saved.args[0] is True and str(target) in saved.args[1]
    assert target.read_bytes().startswith(b"\x89PNG") and list(target.parent.iterdir()) == [target]
    assert str(target) in window.statusBar().currentMessage()

    sound = tmp_path / "chosen" / "tone.wav"
    monkeypatch.setattr(outputs, "ask_media_path", lambda kind, suggested: sound)
    with qtbot.waitSignal(outputs.mediaSaved, timeout=20_000) as saved:
        save_action(outputs, 1, "audio").trigger()
    assert saved.args[0] is True and sound.read_bytes() == (tmp_path / "tone.wav").read_bytes()

    tree = JsonTree()
    qtbot.addWidget(tree)
    tree.add_entry("dead", {"type": "image", "uri": "sandbox://media/" + "0" * 32, "mimeType": "image/png"})
    monkeypatch.setattr(tree, "ask_media_path", lambda kind, suggested: tmp_path / "dead.png")
    with qtbot.waitSignal(tree.mediaSaved, timeout=20_000) as saved:
        save_action(tree, 0, "image").trigger()
    assert saved.args[0] is False and "[media-handle-unknown]" in saved.args[1]
    assert not (tmp_path / "dead.png").exists()


def test_returning_a_canvas_image_handle_is_a_problem_naming_to_asset(qtbot, window):
    """The Problems list says a returned handle ends with the run, before any run."""
    set_body(window, "const c = createCanvas(8, 8);\nreturn await c.toImage();\n")
    problems = window.problems
    qtbot.waitUntil(lambda: problems.topLevelItemCount() > 0, timeout=5000)
    rows = [problems.topLevelItem(i) for i in range(problems.topLevelItemCount())]
    row = next(r for r in rows if r.text(2) == "media-handle-returned")
    assert row.text(0).startswith("2:") and "image.toAsset" in row.text(1)
