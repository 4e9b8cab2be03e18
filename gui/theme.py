"""The studio's look: Qt style sheets, drawn icons and the code editor's colours.

Widgets get their colours from `resources/styles/<theme>.qss`; Scintilla is not
styled by QSS, so its colours live here as an `EditorPalette` the editor
adapter applies through its API. Both come from one theme name so they never
disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QByteArray, QPointF, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPalette, QPixmap, QPolygonF
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

from core.paths import resources_dir

THEMES = ("light", "dark")
#: The line colour of the drawn icons, made for a light toolbar; the dark theme draws them in `_DARK_INK`.
_ICON_INK = "#3b4a5a"
_DARK_INK = "#c9d3dc"
#: Pixel sizes an icon is rendered at (toolbar, menus, a 2x screen).
_ICON_SIZES = (16, 24, 48)


def icon(name: str) -> QIcon:
    """A drawn icon from `resources/icons/<name>.svg` (an empty icon if it is missing), in the active
    theme's ink: dark slate lines on a dark toolbar would be all but invisible."""
    return _icon(name, Theme.name)


@cache
def _icon(name: str, theme: str) -> QIcon:
    path = resources_dir() / "icons" / f"{name}.svg"
    if not path.is_file():
        return QIcon()
    if theme != "dark":
        return QIcon(str(path))
    renderer = QSvgRenderer(QByteArray(path.read_bytes().replace(_ICON_INK.encode(), _DARK_INK.encode())))
    result = QIcon()
    for size in _ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        result.addPixmap(QPixmap.fromImage(image))
    return result


def media_icon(playing: bool) -> QIcon:
    """The media previews' Play (a triangle) or Pause (two bars), drawn in the palette's button text colour.

    The style's own media icons are dark glyphs whatever the theme: on the dark theme's buttons they were
    all but invisible. Drawn at each size, so they stay crisp on a 2x screen."""
    return _media_icon(playing, Theme.name)


@cache
def _media_icon(playing: bool, theme: str) -> QIcon:
    app = QApplication.instance()
    palette = app.palette() if isinstance(app, QApplication) else QPalette()
    ink = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText)
    result = QIcon()
    for size in _ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        edge, span = size * 0.2, size * 0.6
        if playing:
            bar = span / 3
            painter.drawRect(int(edge), int(edge), round(bar), round(span))
            painter.drawRect(int(edge + 2 * bar), int(edge), round(bar), round(span))
        else:
            painter.drawPolygon(
                QPolygonF([QPointF(edge, edge), QPointF(edge + span, size / 2), QPointF(edge, edge + span)])
            )
        painter.end()
        result.addPixmap(QPixmap.fromImage(image))
    return result


@dataclass(frozen=True)
class EditorPalette:
    """Colours as 0xRRGGBB; the editor converts them to Scintilla's 0xBBGGRR."""

    background: int
    foreground: int
    margin_background: int
    margin_foreground: int
    caret_line: int
    selection: int
    comment: int
    keyword: int
    global_name: int
    string: int
    number: int
    operator: int
    regex: int
    brace_match: int
    brace_bad: int
    error: int
    warning: int
    info: int
    find_match: int


PALETTES = {
    "light": EditorPalette(
        background=0xFFFFFF,
        foreground=0x1F2A36,
        margin_background=0xF1F3F5,
        margin_foreground=0x8995A1,
        caret_line=0xF3F7FB,
        selection=0xCFE3FA,
        comment=0x6A8A5A,
        keyword=0x1D4ED8,
        global_name=0x0E7490,
        string=0xB45309,
        number=0x7C3AED,
        operator=0x3F4B57,
        regex=0xBE185D,
        brace_match=0x16A34A,
        brace_bad=0xDC2626,
        error=0xD32F2F,
        warning=0xE0A000,
        info=0x1E6FC9,
        find_match=0xFFD54F,
    ),
    "dark": EditorPalette(
        background=0x1B1F23,
        foreground=0xD7DDE3,
        margin_background=0x22272C,
        margin_foreground=0x68737E,
        caret_line=0x242A30,
        selection=0x2F4D6B,
        comment=0x7F9F6F,
        keyword=0x82AAFF,
        global_name=0x7FDBCA,
        string=0xF0B37E,
        number=0xC792EA,
        operator=0xAAB4BE,
        regex=0xF78C9C,
        brace_match=0x4ADE80,
        brace_bad=0xF87171,
        error=0xEF5350,
        warning=0xFFC107,
        info=0x64B5F6,
        find_match=0x8A6D00,
    ),
}


class Theme:
    """The active theme: its style sheet is on the application, its palette with the editors."""

    name = "light"

    @classmethod
    def palette(cls) -> EditorPalette:
        return PALETTES[cls.name]


def _dark_palette() -> QPalette:
    """Fusion's colours for a dark theme (scroll bars, check boxes and menus follow the palette)."""
    palette = QPalette()
    roles = QPalette.ColorRole
    for role, rgb in (
        (roles.Window, 0x1F2429),
        (roles.WindowText, 0xD7DDE3),
        (roles.Base, 0x1B1F23),
        (roles.AlternateBase, 0x22272C),
        (roles.Text, 0xD7DDE3),
        (roles.Button, 0x2B3238),
        (roles.ButtonText, 0xD7DDE3),
        (roles.ToolTipBase, 0x2B3238),
        (roles.ToolTipText, 0xD7DDE3),
        (roles.Highlight, 0x2F4D6B),
        (roles.HighlightedText, 0xFFFFFF),
        (roles.Link, 0x64B5F6),
        (roles.PlaceholderText, 0x8D99A5),
        (roles.Light, 0x3A434C),
        (roles.Midlight, 0x343C44),
        (roles.Mid, 0x2B3238),
        (roles.Dark, 0x15181B),
        (roles.Shadow, 0x0B0D0F),
    ):
        palette.setColor(role, QColor(rgb))
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(0x68737E))
    return palette


def apply_theme(app: QApplication, name: str = "light") -> None:
    """Use `name` ("light" or "dark") for every widget; unknown names fall back to light."""
    Theme.name = name if name in THEMES else "light"
    app.setStyle("Fusion")
    app.setPalette(_dark_palette() if Theme.name == "dark" else app.style().standardPalette())
    sheet = resources_dir() / "styles" / f"{Theme.name}.qss"
    app.setStyleSheet(sheet.read_text(encoding="utf-8") if sheet.is_file() else "")
    app.setWindowIcon(icon("cordon"))
