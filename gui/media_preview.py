"""Previews of a run's media outputs: an image drawn to fit, audio and video with a play button.

`core.load_preview` reads the media and has a host worker check and decode it (caps, header, a
picture to draw: the image, or a video's first frame, re-encoded by the worker as PNG), on the
task manager's work pool (`gui/tasks.py`): reading 64 MB and decoding a 4K first frame take long
enough to stall the window. The preview says "Reading the media…" until its result lands; this
module only shows it. Qt decodes only that PNG, straight to the preview's size, never the run's
own image bytes. Audio and video play in a `QMediaPlayer`
(Qt Multimedia, from PySide6-Addons, with its FFmpeg backend) reading the bytes from memory
through a `QBuffer`: nothing is written to disk, least of all into the workspace. The player
is made on the first Play, so a run that outputs a hundred clips loads no media backend until
a person asks to hear one.

Playback can fail on a machine without sound (a server, CI, a container without
PulseAudio): the preview says so in its status line and plays the picture on its own; an
error the player reports is shown there too, never raised. Without Qt Multimedia at all
(`multimedia()` fails to import), the poster and the duration still show, and the Play button
is disabled with the reason as its tooltip.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from functools import cache, partial
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QImage, QImageReader, QPixmap
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSlider,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core import MediaPreview, SandboxRefusal, load_preview, problem_line
from gui.dialogs.common import plural
from gui.tasks import task_manager
from gui.theme import media_icon

if TYPE_CHECKING:
    from PySide6.QtMultimedia import QMediaPlayer

logger = logging.getLogger(__name__)

#: The box an image or a poster is scaled down to fit (never up).
PREVIEW_BOX = QSize(320, 240)


@cache
def multimedia() -> tuple[ModuleType, ModuleType]:
    """(QtMultimedia, QtMultimediaWidgets), imported once, on the first Play.

    Raises ImportError where Qt Multimedia is missing or cannot load (its libraries need
    libpulse); the caller shows that instead of playing.
    """
    from PySide6 import QtMultimedia, QtMultimediaWidgets

    return QtMultimedia, QtMultimediaWidgets


def clock(ms: float) -> str:
    """1500 -> "0:01.5": minutes, seconds and a tenth, so a short clip's length reads exactly."""
    minutes, seconds = divmod(max(ms, 0) / 1000, 60)
    return f"{int(minutes)}:{seconds:04.1f}"


def describe(preview: MediaPreview) -> str:
    """The caption under a preview: size, type, length, bytes."""
    parts = []
    if preview.width is not None and preview.height is not None:
        parts.append(f"{preview.width} × {preview.height} px")
    if preview.duration is not None:
        parts.append(clock(preview.duration * 1000))
    parts += [preview.mime_type, plural(len(preview.data), "byte")]
    return " · ".join(parts)


def scaled_image(data: bytes) -> QImage:
    """The image decoded by Qt at the size it is shown (`PREVIEW_BOX`, aspect kept, never enlarged)."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    size = reader.size()
    if size.isValid() and (size.width() > PREVIEW_BOX.width() or size.height() > PREVIEW_BOX.height()):
        reader.setScaledSize(size.scaled(PREVIEW_BOX, Qt.AspectRatioMode.KeepAspectRatio))
    return reader.read()


def _picture(image: QImage, name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setPixmap(QPixmap.fromImage(image))
    label.setFixedSize(image.size())
    return label


class MediaPreviewWidget(QWidget):
    """One media value: its picture or player, and a caption (or why it cannot be previewed)."""

    #: The preview's height changed: the media was read and shown (or refused, `loaded` is True from
    #: then on), or a status line appeared. The tree lays its rows out again.
    resized = Signal()

    def __init__(self, value: object, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mediaPreview")
        self.preview: MediaPreview | None = None
        self.picture: QLabel | None = None
        self.play_button: QToolButton | None = None
        self.slider: QSlider | None = None
        self.time_label: QLabel | None = None
        self.stack: QStackedWidget | None = None
        self.player: QMediaPlayer | None = None
        self.video_view: QWidget | None = None
        self._buffer: QBuffer | None = None
        self.caption = QLabel()
        self.caption.setObjectName("hint")
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status = QLabel()
        self.status.setObjectName("hint")
        self.status.setWordWrap(True)
        self.status.hide()
        self.loaded = False
        self.caption.setText("Reading the media…")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 2, 0, 2)
        self._layout.addWidget(self.caption)
        # owner=self: a preview whose row is gone (a new run cleared the outputs) gets no result.
        task_manager().run_in_background(partial(load_preview, value), self._on_loaded, owner=self)

    def _on_loaded(self, future: Future[MediaPreview]) -> None:
        try:
            self._show(future.result())
        except SandboxRefusal as refusal:
            logger.info("no preview: %s", refusal)
            self.caption.setText(problem_line(f"No preview: {refusal}", refusal.rule))
            self.caption.setWordWrap(True)
        except Exception:  # a decoder failing in a way no check foresaw: said here, the traceback logged
            logger.exception("media preview: reading the media failed")
            self.caption.setText("No preview: the media could not be read (the log has the details)")
        self.loaded = True
        self.resized.emit()

    def _above_caption(self, widget: QWidget) -> None:
        self._layout.insertWidget(self._layout.indexOf(self.caption), widget)
        if widget is not self.status:  # shown only when it has something to say
            # Now, not on the show a visible parent's layout queues: `resized` must report the final size.
            widget.show()

    def _show(self, preview: MediaPreview) -> None:
        self.preview = preview
        self.caption.setText(describe(preview))
        if preview.kind == "image" and preview.picture is not None:
            image = scaled_image(preview.picture)  # the PNG a host worker wrote, never the run's own bytes
            if image.isNull():
                self.caption.setText(f"No preview: Qt could not decode the image · {describe(preview)}")
            else:
                self.picture = _picture(image, "imagePreview")
                self._above_caption(self.picture)
        elif preview.kind == "video" and preview.picture is not None:
            self.picture = _picture(scaled_image(preview.picture), "videoPoster")
            self.stack = QStackedWidget()
            self.stack.addWidget(self.picture)
            self.stack.setFixedSize(self.picture.size())
            self._above_caption(self.stack)
        if preview.kind in ("audio", "video"):
            self._above_caption(self._controls(preview))
            self._above_caption(self.status)

    def _controls(self, preview: MediaPreview) -> QWidget:
        self.play_button = QToolButton()
        self.play_button.setObjectName("mediaPlay")
        self.play_button.setIcon(media_icon(playing=False))
        self.play_button.setToolTip("Play")
        self.play_button.clicked.connect(self.toggle)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimumWidth(160)
        self.slider.setEnabled(False)
        self.slider.sliderMoved.connect(self._seek)
        self.time_label = QLabel()
        self.time_label.setObjectName("timings")
        self._show_position(0, round((preview.duration or 0) * 1000))
        try:
            multimedia()
        except ImportError as exc:
            logger.warning("Qt Multimedia is unavailable, media previews cannot play: %s", exc)
            self.play_button.setEnabled(False)
            self.play_button.setToolTip(f"Playing needs Qt Multimedia, which could not load: {exc}")
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.play_button)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.time_label)
        return row

    @property
    def duration_ms(self) -> int:
        """The clip's length: the player's once it has loaded the clip, the header's before."""
        if self.slider is not None and self.slider.maximum() > 0:
            return self.slider.maximum()
        return round(((self.preview and self.preview.duration) or 0) * 1000)

    def _show_position(self, position: int, duration: int) -> None:
        assert self.slider is not None and self.time_label is not None
        if duration > 0:
            self.slider.setRange(0, duration)
        if not self.slider.isSliderDown():
            self.slider.setValue(position)
        self.time_label.setText(f"{clock(position)} / {clock(self.duration_ms)}")

    def _say(self, text: str) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))
        self.resized.emit()

    # -- playing ------------------------------------------------------------------------------
    def _make_player(self) -> QMediaPlayer:
        """The player over the bytes in memory, with a sound output and, for video, a picture."""
        assert self.preview is not None
        qtm, qtmw = multimedia()
        player: QMediaPlayer = qtm.QMediaPlayer(self)
        player.setAudioOutput(qtm.QAudioOutput(player))
        if not qtm.QMediaDevices.audioOutputs():
            self._say("No sound output device on this machine: playing without sound.")
        if self.preview.kind == "video" and self.stack is not None:
            self.video_view = qtmw.QVideoWidget()
            self.video_view.setObjectName("videoView")
            self.stack.addWidget(self.video_view)
            player.setVideoOutput(self.video_view)
        player.positionChanged.connect(self._on_position)
        player.durationChanged.connect(self._on_duration)
        player.playbackStateChanged.connect(self._on_state)
        player.errorOccurred.connect(self._on_error)
        player.mediaStatusChanged.connect(self._on_media_status)
        self._buffer = QBuffer(player)
        self._buffer.setData(QByteArray(self.preview.data))
        self._buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        # The url only names the stream for FFmpeg's probe; nothing is read from it.
        extension = "mp4" if self.preview.kind == "video" else "audio"
        player.setSourceDevice(self._buffer, QUrl(f"preview.{extension}"))
        assert self.slider is not None
        self.slider.setEnabled(True)
        return player

    @Slot()
    def toggle(self) -> None:
        """Play, or pause what plays."""
        try:
            if self.player is None:
                self.player = self._make_player()
        except ImportError as exc:  # multimedia() failed after the button was shown
            self._say(f"Cannot play: Qt Multimedia could not load ({exc})")
            return
        player = self.player
        qtm, _ = multimedia()
        if player.playbackState() == qtm.QMediaPlayer.PlaybackState.PlayingState:
            player.pause()
        else:
            if self.stack is not None and self.video_view is not None:
                self.stack.setCurrentWidget(self.video_view)
            player.play()

    @Slot(int)
    def _seek(self, position: int) -> None:
        if self.player is not None:
            self.player.setPosition(position)

    @Slot("qint64")
    def _on_position(self, position: int) -> None:
        self._show_position(position, 0)

    @Slot("qint64")
    def _on_duration(self, duration: int) -> None:
        assert self.slider is not None
        self._show_position(self.slider.value(), duration)

    @Slot(object)
    def _on_state(self, state: object) -> None:
        assert self.play_button is not None
        qtm, _ = multimedia()
        playing = state == qtm.QMediaPlayer.PlaybackState.PlayingState
        self.play_button.setIcon(media_icon(playing))
        self.play_button.setToolTip("Pause" if playing else "Play")

    @Slot(object)
    def _on_media_status(self, status: object) -> None:
        qtm, _ = multimedia()
        if status == qtm.QMediaPlayer.MediaStatus.EndOfMedia and self.stack is not None and self.picture is not None:
            self.stack.setCurrentWidget(self.picture)  # the poster again, ready to play again

    @Slot(object, str)
    def _on_error(self, error: object, message: str) -> None:
        logger.info("media preview: the player reported %s: %s", error, message)
        self._say(f"Cannot play: {message or error}")
