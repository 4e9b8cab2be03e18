"""Layout and themes: a usable editor width, inputs sized to their content, a starter that fits,
pack docs that fill their pane, a dark theme a person can read, dialogs that keep their layout, plural texts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QLabel,
    QLineEdit,
    QMenu,
    QStyle,
    QStyleOptionButton,
    QVBoxLayout,
    QWidget,
)

from core.codenode import STARTER_BODY, InputHandle
from core.packs import Catalog, PackRoot
from core.packs.roots import SHIPPED_DIR
from gui.dialogs.common import human_size, plural
from gui.main_window import EDITOR_MIN_WIDTH
from gui.pack_manager import PackManager
from gui.run_panel import INPUTS_MAX_SHARE, RunPanel
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
    assert [human_size(n) for n in (1, 912, 14_540, 3_250_000)] == ["1 byte", "912 bytes", "14.2 KB", "3.1 MB"]
    assert QApplication.instance() is not None


def test_a_dialog_keeps_its_layout_after_a_validation_error(qtbot):
    dialog = SettingsDialog(AppSettings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    fields = [w for w in dialog.findChildren(QLineEdit) if w.isVisible() and w.objectName() != "qt_spinbox_lineedit"]
    before = [w.height() for w in fields]
    dialog.limits.secrets.setText("API_TOKEN, bad name")
    qtbot.wait(20)
    assert dialog.limits.secrets_error.isVisible()
    assert [w.height() for w in fields] == before  # the message got its own room: no field was squeezed


def test_dark_theme_menus_have_a_border(qtbot, dark):
    menu = QMenu()
    qtbot.addWidget(menu)
    menu.addAction("Open…")
    menu.addAction("Save")
    image = menu.grab().toImage()
    middle = image.height() // 2
    inside = _luma(image.pixelColor(image.width() // 2, image.height() - 4))
    assert abs(_luma(image.pixelColor(0, middle)) - inside) > 30  # the edge is not the menu's own fill
    assert abs(_luma(image.pixelColor(image.width() - 1, middle)) - inside) > 30


def _wait_fitted(qtbot, panel: RunPanel) -> None:
    box = panel.inputs_scroll.widget()
    qtbot.waitUntil(lambda: abs(panel.inputs_scroll.height() - min(box.sizeHint().height(), _half(panel))) <= 1)


def _half(panel: RunPanel) -> int:
    return int(sum(panel.split.sizes()) * INPUTS_MAX_SHARE)


@pytest.mark.parametrize(
    "handles",
    [(), (InputHandle(name="n", type="number"),), (InputHandle(name="flag", type="boolean"),)],
    ids=["no inputs", "one number", "one boolean"],
)
def test_a_short_inputs_form_leaves_no_empty_band(qtbot, handles):
    panel = RunPanel()
    qtbot.addWidget(panel)
    panel.resize(520, 760)
    panel.show()
    qtbot.waitExposed(panel)
    panel.inputs.set_handles(handles)
    _wait_fitted(qtbot, panel)
    content = panel.inputs_scroll.widget().sizeHint().height()
    assert panel.inputs_scroll.height() <= content + 1 < 150  # (the old fixed pane was 150 px)
    assert panel.inputs_scroll.verticalScrollBar().maximum() == 0  # all of it in view
    assert panel.tabs.height() > 760 - 150 - 150  # the results take the rest


def test_many_inputs_scroll_within_half_the_panel_and_follow_a_resize(qtbot):
    panel = RunPanel()
    qtbot.addWidget(panel)
    panel.resize(520, 760)
    panel.show()
    qtbot.waitExposed(panel)
    panel.inputs.set_handles([InputHandle(name=f"column{i}", type="string") for i in range(20)])
    _wait_fitted(qtbot, panel)
    assert panel.inputs_scroll.height() == _half(panel)
    assert panel.inputs_scroll.verticalScrollBar().maximum() > 0  # the rest scrolls
    panel.resize(520, 500)
    _wait_fitted(qtbot, panel)
    assert panel.inputs_scroll.height() == _half(panel) < 300
    panel.inputs.set_handles([InputHandle(name="n", type="number")])  # back to a short form: no band
    _wait_fitted(qtbot, panel)
    assert panel.inputs_scroll.height() <= panel.inputs_scroll.widget().sizeHint().height() + 1


def test_the_starter_nodes_lines_fit_the_editor_at_its_default_width_and_font(qtbot, window):
    qtbot.waitExposed(window)
    assert window.editor.text() == STARTER_BODY
    sci = window.editor.sci
    shown = sci.viewport().width()
    ends = [sci.pointXFromPosition(sci.lineEndPosition(n)) for n in range(sci.lineCount())]
    assert max(ends) < shown, (max(ends), shown)  # no line runs past the right edge


def test_the_pack_docs_fill_their_pane(qtbot, home):
    manager = PackManager(Catalog([PackRoot(SHIPPED_DIR, "shipped")]))
    qtbot.addWidget(manager)
    try:
        manager.resize(1000, 700)
        manager.show()
        qtbot.waitExposed(manager)
        title = next(w for w in manager.findChildren(QLabel) if w.text() == "Documentation (SKILL.md)")
        for select in (lambda: manager.select_pack("@cordon/sandbox-rrule"), manager.pack_list.clearSelection):
            select()
            qtbot.wait(20)
            docs_top = manager.docs.mapTo(manager, QPoint(0, 0)).y()
            docs_bottom = manager.docs.mapTo(manager, QPoint(0, manager.docs.height())).y()
            buttons_top = manager.trust_button.mapTo(manager, QPoint(0, 0)).y()
            above = manager.docs_banner if manager.docs_banner.isVisible() else title  # no empty banner's band
            assert 0 <= docs_top - above.mapTo(manager, QPoint(0, above.height())).y() <= 16
            assert 0 <= buttons_top - docs_bottom <= 16  # nothing but the layout's spacing below the docs
            assert manager.docs.height() > 200
        assert not manager.docs_banner.isVisible()  # (nothing selected: no banner)
    finally:
        manager.shutdown()
