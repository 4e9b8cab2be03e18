"""Settings: the studio's own choices (theme, editor font, the npm registry) and the limits new documents start with.

Only app-wide settings live here, kept as JSON in `config_dir()/settings.json`. A
document's own limits and grants (timeout, response size, secret scope and the two
host-only switches) are edited on its Node tab (`gui.node_details`), where a person
looks for them, with the same `LimitsEditor` this dialog uses for the defaults.
The spin boxes stop at `core.limits.CEILINGS`, the same
ceilings `resolve_limits` clamps to, so no form can promise more than a run gets.
The host-only switches (`allow_local_network`, `allow_host_filesystem`) widen what
every pack the node imports can reach, so turning one on needs an explicit
confirmation.

    settings = load_settings()
    chosen = edit_settings(parent, settings)   # None when cancelled; else already saved
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from PySide6.QtCore import QSignalBlocker, Slot
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFontComboBox,
    QFormLayout,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core import CEILINGS, MB, CordonError, secrets_store, write_atomic
from core.codenode import NodeProps
from core.paths import config_dir
from gui.dialogs.common import refit, styled_label
from gui.theme import THEMES

SETTINGS_FILE = "settings.json"
#: `timeoutMs` has no ceiling (0 means none); the spin box stops at a day.
TIMEOUT_MAX_S = 24 * 60 * 60
MAX_RESPONSE_MB = CEILINGS["fetchMaxBodyBytes"] / MB
FONT_SIZE_RANGE = (6, 48)

Theme = Literal["light", "dark"]


class AppSettings(BaseModel):
    """What a person chose for the studio (not per document)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    theme: Theme = "light"
    #: Empty: the platform's fixed-width font.
    editor_font_family: str = ""
    editor_font_size: Annotated[int, Field(ge=FONT_SIZE_RANGE[0], le=FONT_SIZE_RANGE[1])] = 11
    #: npm-protocol registry for installs; None: `CORDON_NPM_REGISTRY` or npmjs.org.
    registry_url: str | None = None
    #: The props a new document starts with.
    default_props: NodeProps = NodeProps()

    def editor_font(self) -> QFont:
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        if self.editor_font_family:
            font.setFamily(self.editor_font_family)
        font.setPointSize(self.editor_font_size)
        return font


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def load_settings() -> AppSettings:
    """The saved settings; a missing or damaged file gives the defaults (never a crash at start-up)."""
    try:
        return AppSettings.model_validate(orjson.loads(settings_path().read_bytes()))
    except (OSError, orjson.JSONDecodeError, ValidationError):
        return AppSettings()


def save_settings(settings: AppSettings) -> None:
    """Atomic replace, so a crash mid-save keeps the previous file."""
    write_atomic(settings_path(), orjson.dumps(settings.model_dump(mode="json"), option=orjson.OPT_INDENT_2))


#: prop -> (the question, what saying yes means) for each host-only switch.
HOST_ONLY_WARNINGS = {
    "allow_local_network": (
        "Let this node reach your local network?",
        "Code in this node, and every pack it imports, will be able to send requests to this computer "
        "(localhost) and to machines on your private network: routers, printers, admin pages, databases. "
        "Cordon normally refuses those addresses. Only allow this for code you trust.",
    ),
    "allow_host_filesystem": (
        "Let this node read and write files outside its workspace?",
        "Code in this node, and every pack it imports, will be able to read, change and delete files "
        "anywhere your user account can, not only in the node's workspace folder. "
        "Only allow this for code you trust.",
    ),
}


class LimitsEditor(QWidget):
    """A Code node's props as a form; `props()` gives ceiling-clamped `NodeProps`.

    `props()` raises `SecretNameError` while the secret scope holds a bad name;
    `is_valid()` says so first (the dialog disables OK meanwhile).
    """

    def __init__(self, props: NodeProps | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(0, TIMEOUT_MAX_S)
        self.timeout.setDecimals(1)
        self.timeout.setSuffix(" s")
        self.timeout.setSpecialValueText("no timeout")
        self.timeout.setToolTip("Wall-clock budget of the node's own work (time waiting for you is not counted).")
        form.addRow("Timeout", self.timeout)
        self.max_response = QDoubleSpinBox()
        self.max_response.setRange(0.01, MAX_RESPONSE_MB)
        self.max_response.setDecimals(2)
        self.max_response.setSuffix(" MB")
        self.max_response.setToolTip(f"Largest fetch response body (at most {MAX_RESPONSE_MB:g} MB).")
        form.addRow("Largest fetch response", self.max_response)
        self.secrets = QLineEdit()
        self.secrets.setPlaceholderText("names, separated by commas (none: the node reads no secret)")
        self.secrets.setToolTip(
            "The secrets this node (and the packs it imports) may read. Values stay in the system keyring."
        )
        form.addRow("Secrets the node may read", self.secrets)
        self.secrets_error = styled_label(role="fieldError")
        self.secrets_error.hide()
        form.addRow("", self.secrets_error)
        self.switches: dict[str, QCheckBox] = {}
        for prop, text in (
            ("allow_local_network", "Allow local network (host-only)"),
            ("allow_host_filesystem", "Allow files outside the workspace (host-only)"),
        ):
            box = QCheckBox(text)
            box.setToolTip(HOST_ONLY_WARNINGS[prop][1])
            box.toggled.connect(self._confirm_switch)
            self.switches[prop] = box
            form.addRow("", box)
        self.secrets.textChanged.connect(self._check_secrets)
        self.set_props(props or NodeProps())

    def set_props(self, props: NodeProps) -> None:
        """Show `props`; values above a ceiling are shown (and later saved) clamped to it."""
        self.timeout.setValue(min(props.timeout, TIMEOUT_MAX_S))
        self.max_response.setValue(min(props.max_response_mb, MAX_RESPONSE_MB))
        self.secrets.setText(", ".join(props.secrets))
        for prop, box in self.switches.items():
            with QSignalBlocker(box):
                box.setChecked(bool(getattr(props, prop)))

    def secret_names(self) -> tuple[str, ...]:
        """The scope as typed; raises `SecretNameError` naming the first bad name."""
        names = [n.strip() for n in self.secrets.text().split(",") if n.strip()]
        return tuple(dict.fromkeys(secrets_store.check_name(n) for n in names))

    def props(self) -> NodeProps:
        return NodeProps(
            timeout=_whole(self.timeout.value()),
            max_response_mb=_whole(self.max_response.value()),
            allow_local_network=self.switches["allow_local_network"].isChecked(),
            allow_host_filesystem=self.switches["allow_host_filesystem"].isChecked(),
            secrets=self.secret_names(),
        )

    def is_valid(self) -> bool:
        return not self.secrets_error.text()

    @Slot()
    def _check_secrets(self) -> None:
        try:
            self.secret_names()
        except CordonError as exc:
            self.secrets_error.setText(exc.message)
        else:
            self.secrets_error.setText("")
        self.secrets_error.setVisible(bool(self.secrets_error.text()))
        if isinstance(self.window(), QDialog):  # on the Node tab the tab scrolls; the main window keeps its size
            refit(self.window())

    @Slot(bool)
    def _confirm_switch(self, checked: bool) -> None:
        """Turning a host-only switch on needs a yes to a warning whose default is no."""
        if not checked:
            return
        box = self.sender()
        prop = next(p for p, b in self.switches.items() if b is box)
        question, detail = HOST_ONLY_WARNINGS[prop]
        warning = QMessageBox(
            QMessageBox.Icon.Warning,
            "Host-only permission",
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        warning.setInformativeText(detail)
        warning.button(QMessageBox.StandardButton.Yes).setText("Allow")
        warning.button(QMessageBox.StandardButton.No).setText("Keep it off")
        warning.setDefaultButton(QMessageBox.StandardButton.No)
        warning.setEscapeButton(QMessageBox.StandardButton.No)
        if warning.exec() != QMessageBox.StandardButton.Yes:
            with QSignalBlocker(box):
                box.setChecked(False)


class AppearanceEditor(QWidget):
    """Theme and editor font."""

    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        self.theme = QComboBox()
        for name in THEMES:
            self.theme.addItem(name.capitalize(), name)
        self.theme.setCurrentIndex(self.theme.findData(settings.theme))
        form.addRow("Theme", self.theme)
        self.font_family = QFontComboBox()
        self.font_family.setFontFilters(QFontComboBox.FontFilter.MonospacedFonts)
        self.font_family.setCurrentFont(settings.editor_font())
        form.addRow("Editor font", self.font_family)
        self.font_size = QSpinBox()
        self.font_size.setRange(*FONT_SIZE_RANGE)
        self.font_size.setSuffix(" pt")
        self.font_size.setValue(settings.editor_font_size)
        form.addRow("Editor font size", self.font_size)

    def apply_to(self, settings: AppSettings) -> AppSettings:
        return settings.model_copy(
            update={
                "theme": self.theme.currentData(),
                "editor_font_family": self.font_family.currentFont().family(),
                "editor_font_size": self.font_size.value(),
            }
        )


class SettingsDialog(QDialog):
    """The limits new documents start with, and appearance. A document's own limits are on its Node tab."""

    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self._settings = settings
        self.limits = LimitsEditor(settings.default_props)
        self.appearance = AppearanceEditor(settings)
        defaults = QWidget()
        defaults_layout = QVBoxLayout(defaults)
        self.defaults_note = styled_label(
            "The limits and grants every new document starts with. The open document's own are on its "
            "Node tab (beside Run), saved with it.",
            role="hint",
        )
        self.defaults_note.setWordWrap(True)
        defaults_layout.addWidget(self.defaults_note)
        defaults_layout.addWidget(self.limits)
        defaults_layout.addStretch(1)
        self.tabs = QTabWidget()
        self.tabs.addTab(defaults, "New documents")
        self.tabs.addTab(self.appearance, "Appearance")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.limits.secrets.textChanged.connect(self._update_ok)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.buttons)

    @Slot()
    def _update_ok(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self.limits.is_valid())

    def settings(self) -> AppSettings:
        return self.appearance.apply_to(self._settings).model_copy(update={"default_props": self.limits.props()})


def edit_settings(parent: QWidget | None, settings: AppSettings) -> AppSettings | None:
    """Run the dialog; on OK save the settings and return them (None when cancelled)."""
    dialog = SettingsDialog(settings, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    chosen = dialog.settings()
    save_settings(chosen)
    return chosen


def _whole(value: float) -> int | float:
    """A spin box's float as the document writes it: 30, not 30.0, so a saved file changes only where edited."""
    return int(value) if value.is_integer() else value
