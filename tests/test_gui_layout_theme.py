"""Layout and themes (issue 14 item 7): a usable editor width, a dark theme a person can read, plural texts."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QLineEdit,
    QStyle,
    QStyleOptionButton,
    QVBoxLayout,
    QWidget,
)

from core.codenode import NodeProps
from gui.dialogs.common import plural
from gui.main_window import EDITOR_MIN_WIDTH
from gui.settings import AppSettings, SettingsDialog
from gui.theme import apply_theme, icon
from tests.gui_support import home, window

__all__ = ["home", "window"]


@pytest.fixture
def dark(qapp):
    apply_theme(qapp, "dark")
    yield qapp
    apply_theme(qapp, "light")


def _luma(color: QColor) -> float:
    return 0.299 * color.red() + 0.587 * color.green() + 0.114 * color.blue()


def test_dark_theme_checkbox_is_visible_by_its_pixels(qtbot, dark):
    host = QWidget()
    qtbot.addWidget(host)
    box = QCheckBox("Allow")
    QVBoxLayout(host).addWidget(box)
    host.show()
    qtbot.waitExposed(host)
    option = QStyleOptionButton()
    box.initStyleOption(option)
    rect = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
    for checked in (False, True):  # unchecked is the case Fusion's dark palette lost (contrast ~8)
        box.setChecked(checked)
        image = box.grab().toImage()
        background = _luma(image.pixelColor(image.width() - 2, 1))
        contrast = max(
            abs(_luma(image.pixelColor(x, y)) - background)
            for x in range(rect.left(), rect.right() + 1)
            for y in range(rect.top(), rect.bottom() + 1)
        )
        assert contrast > 60, (checked, contrast)


def test_dark_theme_toolbar_icons_have_contrast(qtbot, dark):
    image = icon("save").pixmap(24, 24).toImage()
    inks = [_luma(image.pixelColor(x, y)) for x in range(24) for y in range(24) if image.pixelColor(x, y).alpha() > 200]
    toolbar = _luma(QColor("#262c32"))
    assert inks and max(inks) - toolbar > 100


def test_the_editor_keeps_a_usable_width_and_the_side_panel_yields(qtbot, window):
    window.resize(760, 600)
    window.split.setSizes([100, 660])  # a person drags the side panel wide
    qtbot.wait(50)
    assert window.editor.width() >= EDITOR_MIN_WIDTH - 20  # (the problems box's margins)
    assert window.side_tabs.width() > 0


def test_counts_read_as_english():
    assert plural(1, "item") == "1 item" and plural(2, "file") == "2 files" and plural(0, "key") == "0 keys"
    assert QApplication.instance() is not None


def test_a_dialog_keeps_its_layout_after_a_validation_error(qtbot):
    dialog = SettingsDialog(AppSettings(), NodeProps())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    fields = [w for w in dialog.findChildren(QLineEdit) if w.isVisible() and w.objectName() != "qt_spinbox_lineedit"]
    before = [w.height() for w in fields]
    dialog.limits.secrets.setText("API_TOKEN, bad name")
    qtbot.wait(20)
    assert dialog.limits.secrets_error.isVisible()
    assert [w.height() for w in fields] == before  # the message got its own room: no field was squeezed
