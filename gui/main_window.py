"""The studio's main window: one Code node document, its editor, its problems, its runs.

The document is split the way a person edits it: the body lives in the editor,
name, handles, limits and grants in the Node tab, pack declarations in the
consent flow (Settings holds only app-wide choices and the defaults of new
documents). `current_document()` puts them back together, and that is what is
saved, validated, autosaved and run, so none of them can drift.
Unsaved work is guarded three ways: a prompt before it would be lost, a
recovery file every 30 s, and the offer to recover it after a crash.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt, QTimer, QUrl, Slot
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core import host_worker_confinement, import_insertion_line, installation, paths
from core.codenode import (
    ALLOW_PACK,
    CONVERT_LEGACY,
    CodeNodeDocument,
    DocumentError,
    DocumentKey,
    GrantQuestion,
    Grants,
    LimitQuestion,
    PackConsentQuestion,
    RunTrust,
    SecretStoreQuestion,
    Settled,
    analyse,
    apply_fix,
    default_path,
    is_trusted,
    load_document,
    plan_node_run,
    read_document,
    revoke_trust,
    save_document,
    saved_bytes,
    settle,
    starter_document,
    trust,
)
from core.packs import Catalog
from core.packs.install import InstallSource
from core.validate import INSTALL_NPM, REMOVE_DECLARATION, Diagnostic, Fix
from gui.catalog_holder import CatalogHolder
from gui.completion import CompletionSource, GuestApiProbe, PackIndex
from gui.diagnostics import diagnose, summary
from gui.dialog_prompter import DialogPrompter
from gui.dialogs.about import about_window, copy_text
from gui.dialogs.common import closable_window, styled_label
from gui.dialogs.document_trust import TrustDecision, TrustFacts, ask_trust
from gui.dialogs.help import sandbox_api_window, shortcuts_window
from gui.dialogs.package_picker import allow_in_document, pick_package
from gui.documents import AUTOSAVE_MS, FILE_FILTER, RecentFiles, RecoveredWork, Recovery, display_name
from gui.editor import CodeEditor
from gui.inputs_form import InputsError
from gui.json_tree import readable_time
from gui.node_details import NodeDetails
from gui.pack_manager import PackManager
from gui.problems_view import ProblemsView
from gui.prompter import GuiSecretPrompter
from gui.run_panel import RunPanel
from gui.secrets_page import SecretsPage
from gui.settings import AppSettings, edit_settings, load_settings
from gui.tasks import task_manager
from gui.theme import Theme, apply_theme, icon
from gui.worker import RunOutcome, RunRequest

APP_TITLE = "Cordon Studio"
#: The unsaved-changes question's buttons, each with its mnemonic.
UNSAVED_BUTTONS = {
    QMessageBox.StandardButton.Save: "&Save",
    QMessageBox.StandardButton.Discard: "Do&n't Save",
    QMessageBox.StandardButton.Cancel: "&Cancel",
}
#: Pixels the code editor keeps however narrow the window or wide the side panel is dragged.
EDITOR_MIN_WIDTH = 420
SIDE_MIN_WIDTH = 260
DIAGNOSE_MS = 300


def examples_dir() -> Path:
    return paths.resources_dir() / "examples"


def elevated_part(grants: Grants) -> Grants:
    """What of `grants` reaches past the sandbox on the host: files, the local network, secrets, raised
    limits (packs run inside the sandbox and have their own consent)."""
    return Grants(grants.host_filesystem, grants.local_network, grants.secrets, (), grants.limits)


def autosaved_at(saved_at: str | None) -> str:
    """When recovered work was last autosaved, in local, readable time (the file keeps ISO UTC)."""
    try:
        return readable_time(datetime.fromisoformat(saved_at)) if saved_at else "at an unknown time"
    except ValueError:
        return "at an unknown time"


def elevated_summary(grants: Grants) -> str:
    """A few words per elevated grant, for the status-bar badge."""
    words = ["host files"] if grants.host_filesystem else []
    if grants.local_network:
        words.append("local network")
    if grants.secrets:
        words.append("secrets")
    if grants.limits:
        words.append("raised limits")
    return ", ".join(words)


#: The quick fix of the grants "Run without these grants" left out: the trust question again, asked explicitly.
DECIDE_GRANTS = "decide-grants"


def left_out_problem(denied: Grants) -> Diagnostic:
    """The Problems row while runs leave out grants the person refused: what they miss, and a way to decide
    again that goes through the same trust question (never a one-click grant)."""
    return Diagnostic(
        None,
        None,
        "info",
        "grants-left-out",
        "Runs of this document leave out what you refused: " + "; ".join(denied.lines()) + ". The document "
        "itself still asks for it.",
        Fix(DECIDE_GRANTS, "", "Decide again…"),
    )


def refusal_text(settled: Settled, catalog: Catalog | None) -> str:
    """Why a run did not start, in the studio's words for the question that ended it."""
    question = settled.refused_at
    if isinstance(question, GrantQuestion | LimitQuestion):
        return "Not run: cancelled at the question about the grants this document asks for."
    if isinstance(question, SecretStoreQuestion):
        return "Not run: this node reads secrets and there is nowhere to keep them yet (Tools → Secrets → Set up…)."
    if isinstance(question, PackConsentQuestion):
        module = catalog.module if catalog is not None else (lambda spec: None)
        named = []
        for spec in settled.refused.packages:
            found = module(spec)
            named.append(f"'{spec}' (pack {found.pack})" if found is not None else f"'{spec}'")
        return (
            f"Not run: the body imports {', '.join(named)}, which this document does not allow: run again to be "
            "asked, or remove the import."
        )
    assert settled.refusal is not None
    return f"Not run: {settled.refusal.message}"


def confinement_text(layers: dict[str, object] | None) -> str:
    """What the About box says of the host workers: the layers the last worker reported, or why none."""
    if layers is None:
        return "Host workers (where packs and media decoders run): not started yet in this session."
    missing = [line for line in str(layers.get("missing") or "").splitlines() if line]
    if missing:
        return "Host workers run with these protections missing: " + "; ".join(missing) + "."
    return (
        "Host workers (where packs and media decoders run) are confined: no network, Landlock ABI "
        f"{layers.get('landlock_abi')} (only Cordon's and the system's files, read-only), seccomp, "
        "namespaces, resource limits, and killed when their run ends."
    )


class MainWindow(QMainWindow):
    def __init__(self, settings: AppSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or load_settings()
        self.catalogs = CatalogHolder(self)
        self.recent = RecentFiles()
        self.recovery = Recovery()
        self.prompter = GuiSecretPrompter(self)
        self._pack_index: PackIndex | None = None
        self.editor = CodeEditor(CompletionSource(GuestApiProbe.get, self.pack_index))
        self.editor.set_font(self.settings.editor_font())
        self.problems = ProblemsView()
        self.details = NodeDetails()
        self.run_panel = RunPanel()
        self.path: Path | None = None
        self._saved: CodeNodeDocument = starter_document("untitled")
        self._doc: CodeNodeDocument = self._saved
        #: Grants the open document arrived with that the person has not decided on (see `run_trust`).
        self._arrived = Grants()
        self._arrived_key: DocumentKey | None = None
        #: Grants the person refused with "Run without these grants": left out of runs, the document unchanged.
        self._denied = Grants()
        #: The open file's trust record, when the person trusted it (Revoke Trust removes it).
        self._trusted_key: DocumentKey | None = None
        self._build_layout()
        self._build_actions()
        self._build_status_bar()

        self._diagnose_timer = QTimer(self, singleShot=True, interval=DIAGNOSE_MS)
        self._diagnose_timer.timeout.connect(self.refresh_diagnostics)
        self._autosave_timer = QTimer(self, interval=AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        self._autosave_timer.start()
        self.editor.textChanged.connect(self._on_text_changed)
        self.editor.caretMoved.connect(self._on_caret_moved)
        self.editor.typesChanged.connect(self._show_problems)
        self.details.changed.connect(self._on_details_changed)
        self.problems.activated.connect(self.editor.goto)
        self.problems.fixRequested.connect(self.apply_quick_fix)
        self.run_panel.inputs.changed.connect(self._on_inputs_changed)
        self.run_panel.runRequested.connect(self.run)
        self.run_panel.errorActivated.connect(self._on_error_line)
        self.run_panel.runFinished.connect(self._on_run_finished)
        self.run_panel.elapsedChanged.connect(self.run_state_label.setText)  # the status bar ticks during a run
        for tree in (self.run_panel.outputs, self.run_panel.emitted):
            tree.mediaSaved.connect(self._on_media_saved)
        self.run_panel.controller.runningChanged.connect(self._on_running_changed)
        self.catalogs.ready.connect(self._on_catalog_ready)
        GuestApiProbe.start()
        self.new_document(ask=False)
        self.resize(1280, 800)

    # -- layout ----------------------------------------------------------------------------
    def _build_layout(self) -> None:
        self.problems_title = QLabel("Problems")
        self.problems_title.setObjectName("sectionTitle")
        problems_box = QWidget()
        problems_layout = QVBoxLayout(problems_box)
        problems_layout.setContentsMargins(6, 2, 6, 4)
        problems_layout.addWidget(self.problems_title)
        problems_layout.addWidget(self.problems)
        self.left = QSplitter(Qt.Orientation.Vertical)
        self.left.addWidget(self.editor)
        self.left.addWidget(problems_box)
        self.left.setStretchFactor(0, 4)
        self.left.setStretchFactor(1, 1)
        self.left.setSizes([600, 150])
        self.side_tabs = QTabWidget()
        self.side_tabs.addTab(self.run_panel, icon("run"), "Run")
        self.side_tabs.addTab(self.details, "Node")
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.left)
        self.split.addWidget(self.side_tabs)
        # The editor never gets squeezed below a usable width: the side panel yields first (it scrolls).
        self.left.setMinimumWidth(EDITOR_MIN_WIDTH)
        self.side_tabs.setMinimumWidth(SIDE_MIN_WIDTH)
        self.split.setChildrenCollapsible(False)
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 2)
        self.split.setSizes([740, 520])
        self._build_trust_banner()
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.trust_banner)
        central_layout.addWidget(self.split, 1)
        self.setCentralWidget(central)

    def _build_trust_banner(self) -> None:
        """VS Code's restricted-mode banner, inverted: this document runs with more than the sandbox allows."""
        self.trust_banner = QFrame(objectName="trustBanner")
        self.trust_banner.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(self.trust_banner)
        row.setContentsMargins(8, 4, 8, 4)
        self.trust_banner_text = styled_label(role="callout")
        self.trust_banner_text.setWordWrap(True)
        self.trust_banner_revoke = QPushButton("Revoke Trust")
        self.trust_banner_revoke.setToolTip("Forget that you trust this file: its next run asks again")
        self.trust_banner_revoke.clicked.connect(self.revoke_trust)
        self.trust_banner_close = QPushButton("Dismiss")
        self.trust_banner_close.setFlat(True)
        self.trust_banner_close.clicked.connect(self.trust_banner.hide)
        row.addWidget(self.trust_banner_text, 1)
        row.addWidget(self.trust_banner_revoke)
        row.addWidget(self.trust_banner_close)
        self.trust_banner.hide()

    def _action(
        self,
        text: str,
        slot,
        shortcut: QKeySequence | str | None = None,
        icon_name: str | None = None,
        tip: str | None = None,
    ) -> QAction:
        action = QAction(icon(icon_name) if icon_name else QIcon(), text, self)
        action.setProperty("iconName", icon_name)  # redrawn in the new ink when the theme changes
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.new_action = self._action("&New", self.new_document, K.New, "new", "New Code node document")
        self.open_action = self._action("&Open…", self.open_document, K.Open, "open", "Open a document")
        self.save_action = self._action("&Save", self.save, K.Save, "save", "Save the document")
        self.save_as_action = self._action("Save &As…", self.save_as, "Ctrl+Shift+S")
        self.quit_action = self._action("&Quit", self.close, K.Quit)
        self.find_action = self._action("&Find…", self.editor.show_find, K.Find, "find")
        self.replace_action = self._action("&Replace…", self.editor.show_replace, "Ctrl+H")
        self.goto_action = self._action("&Go to Line…", self.ask_goto_line, "Ctrl+G")
        self.complete_action = self._action("Complete", self.editor.complete, None)
        self.complete_action.setShortcut(QKeySequence("Ctrl+Space"))
        self.complete_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # the editor handles the key
        self.run_action = self._action("&Run", self.run, "Ctrl+Return", "run", "Run the body (Ctrl+Enter)")
        self.run_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.cancel_action = self._action("&Cancel Run", self.cancel_run, "Esc", "stop", "Stop the run (Esc)")
        self.cancel_action.setEnabled(False)
        self.insert_pack_action = self._action(
            "&Insert Pack Import…", self.insert_pack, "Ctrl+Shift+I", "pack", "Import an installed pack into this body"
        )
        self.pack_manager_action = self._action(
            "&Pack Manager…", self.open_pack_manager, None, "pack", "Install, update and remove packs"
        )
        self.secrets_action = self._action("&Secrets…", self.open_secrets, None, "key", "Secrets in your keyring")
        self.settings_action = self._action(
            "Se&ttings…", self.open_settings, "Ctrl+,", "settings", "Appearance and the limits new documents start with"
        )

        menu = self.menuBar()
        file_menu = menu.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.examples_menu = file_menu.addMenu("Open &Example")
        self._fill_examples_menu()
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action])
        file_menu.addSeparator()
        self.revoke_trust_action = self._action(
            "Revoke &Trust",
            self.revoke_trust,
            tip="Forget that you trust this document: its grants are asked about again before the next run",
        )
        self.revoke_trust_action.setEnabled(False)
        file_menu.addAction(self.revoke_trust_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

        edit_menu = menu.addMenu("&Edit")
        sci = self.editor.sci
        self.undo_action = self._action("&Undo", sci.undo, K.Undo)
        self.redo_action = self._action("Re&do", sci.redo, K.Redo)
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self._action("Cu&t", sci.cut, K.Cut))
        edit_menu.addAction(self._action("&Copy", sci.copy, K.Copy))
        edit_menu.addAction(self._action("&Paste", sci.paste, K.Paste))
        edit_menu.addAction(self._action("Select &All", sci.selectAll, K.SelectAll))
        for action in edit_menu.actions():  # Scintilla already binds these keys where it has focus
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        edit_menu.addSeparator()
        edit_menu.addActions([self.find_action, self.replace_action, self.goto_action, self.complete_action])
        self.comment_action = self._action("Toggle &Comment", self.editor.toggle_comment, "Ctrl+/")
        self.comment_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # the editor handles the key
        edit_menu.addAction(self.comment_action)
        sci.updateUi.connect(self._refresh_undo)

        run_menu = menu.addMenu("&Run")
        run_menu.addActions([self.run_action, self.cancel_action])

        packs_menu = menu.addMenu("&Packs")
        self.revoke_pack_action = self._action(
            "&Revoke a Pack's Consent…", self.revoke_pack, tip="Take back this document's permission to import a pack"
        )
        packs_menu.addActions([self.insert_pack_action, self.revoke_pack_action, self.pack_manager_action])

        tools_menu = menu.addMenu("&Tools")
        tools_menu.addActions([self.secrets_action, self.settings_action])

        help_menu = menu.addMenu("&Help")
        self.log_folder_action = self._action(
            "Open &Log Folder", self.open_log_folder, tip="Show the studio's log files (attach them to a bug report)"
        )
        self.api_help_action = self._action(
            "Sandbox &API", self.show_api_help, "F1", tip="What a body can use: globals, imports, limits (searchable)"
        )
        self.shortcuts_action = self._action("&Keyboard Shortcuts", self.show_shortcuts)
        help_menu.addActions([self.api_help_action, self.shortcuts_action])
        help_menu.addSeparator()
        help_menu.addActions([self.log_folder_action, self._action("&About Cordon Studio", self.about)])

        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("mainToolbar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addActions([self.new_action, self.open_action, self.save_action])
        toolbar.addSeparator()
        toolbar.addActions([self.run_action, self.cancel_action])
        toolbar.addSeparator()
        toolbar.addActions([self.find_action, self.insert_pack_action])

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.caret_label = QLabel("Ln 1, Col 1")
        self.problems_label = QLabel("No problems")
        self.run_state_label = QLabel("Ready")
        self.trust_badge = QLabel()
        self.trust_badge.setObjectName("trustBadge")
        for label in (self.trust_badge, self.problems_label, self.caret_label, self.run_state_label):
            label.setContentsMargins(8, 0, 8, 0)
            bar.addPermanentWidget(label)
        self.trust_badge.hide()

    # -- the document ------------------------------------------------------------------------
    def current_document(self) -> CodeNodeDocument:
        """What is saved, validated, autosaved and run: the editor's body in the document."""
        return self._doc.model_copy(update={"body": self.editor.text()})

    @property
    def dirty(self) -> bool:
        return self.current_document() != self._saved

    def load(self, doc: CodeNodeDocument, path: Path | None, *, saved: CodeNodeDocument | None = None) -> None:
        """Show `doc` (from `path`, or untitled). `saved` is what counts as unmodified (default: `doc`)."""
        if self.run_panel.running:  # its results belong to the document being replaced
            self.cancel_run()
        self.run_panel.clear_results(new_document=True)  # the last document's results are not this one's
        self.run_state_label.setText("Ready")  # nor is its "Failed": a new document has not failed
        self.path = path
        self._saved = saved if saved is not None else doc
        self._doc = doc
        self._arrived, self._arrived_key, self._trusted_key, self._denied = Grants(), None, None, Grants()
        self.details.load(doc)
        with QSignalBlocker(self.editor):
            self.editor.set_text(doc.body)
        self._refresh_undo()  # a loaded document has no history
        self.run_panel.inputs.set_handles(doc.inputs, self._streamed(doc.body), saved=doc.testInputs, reset=True)
        self.editor.set_document(doc)
        self.recovery.clear()
        self._update_title()
        self.refresh_diagnostics()
        self.refresh_trust(banner=False)

    def _update_title(self) -> None:
        self.details.sync(self._doc)  # limits and grants changed elsewhere show on the Node tab
        self.setWindowTitle(f"{display_name(self.path, self._doc)}[*] — {APP_TITLE}")
        self.setWindowModified(self.dirty)

    @Slot()
    def new_document(self, *, ask: bool = True) -> None:
        if ask and not self.maybe_save():
            return
        doc = starter_document("untitled").model_copy(update={"props": self.settings.default_props})
        self.load(doc, None)
        self.statusBar().showMessage("New document", 3000)

    @Slot()
    def open_document(self) -> None:
        if not self.maybe_save():
            return
        path = self.ask_open_path()
        if path is not None:
            self.open_path(path, ask=False)

    def open_path(self, path: Path, *, ask: bool = True) -> bool:
        """Open `path` in this window. False (and a message) when it cannot be read."""
        if ask and not self.maybe_save():
            return False
        try:
            doc, data = read_document(path)
        except DocumentError as exc:
            QMessageBox.critical(self, "Cannot open", exc.message)
            if not path.exists():
                self.recent.remove(path)
            return False
        self.load(doc, path)
        self.hold_grants(doc, DocumentKey.of(path, data))
        self.recent.add(path)
        self.statusBar().showMessage(f"Opened {path}", 3000)
        return True

    def hold_grants(self, doc: CodeNodeDocument, key: DocumentKey | None) -> None:
        """The grants `doc` arrived with wait for the person's decision, unless the document is trusted.

        `key` is None for a document whose file is not what is shown (recovered
        work): its decision cannot be remembered.
        """
        self._arrived_key, self._denied = key, Grants()
        trusted = key is not None and is_trusted(key)
        self._arrived = Grants() if trusted else Grants.requested_by(doc)
        self._trusted_key = key if trusted else None
        self.refresh_trust(banner=True)

    def elevated(self) -> Grants:
        """What the next run would hold beyond the sandbox without asking: the document's host grants
        that are not waiting for the person's decision."""
        return elevated_part(Grants.requested_by(self._doc).missing(self._arrived))

    def refresh_trust(self, *, banner: bool = False) -> None:
        """The badge shows while the document runs elevated; `banner` (on open, on Trust) shows the banner
        when a trusted file does. Revoke Trust is there while a trust record is."""
        elevated = self.elevated()
        self.trust_badge.setVisible(bool(elevated))
        self.trust_badge.setText(f"Elevated: {elevated_summary(elevated)}" if elevated else "")
        self.trust_badge.setToolTip("\n".join(elevated.lines()))
        self.revoke_trust_action.setEnabled(self._trusted_key is not None)
        self.run_panel.set_host_filesystem(elevated.host_filesystem)
        if self._trusted_key is None or not elevated:
            self.trust_banner.hide()
        elif banner:
            asks = "; ".join(elevated.lines())
            self.trust_banner_text.setText(
                f"You trust this document: it runs with more than the sandbox allows. It may {asks}."
            )
            self.trust_banner.show()

    @Slot(bool, str)
    def _on_media_saved(self, ok: bool, message: str) -> None:
        """A media output saved (or not) through its row's "Save … as…": said in the status bar."""
        self.statusBar().showMessage(message, 8000 if ok else 15000)

    @Slot()
    def revoke_trust(self) -> None:
        """Forget the trust record of the open file; its grants wait for a decision again (never widens)."""
        key = self._trusted_key
        if key is None:
            return
        revoke_trust(key.path)
        self._trusted_key, self._denied = None, Grants()
        self._arrived = Grants.requested_by(self._doc)
        self.refresh_trust()
        self.statusBar().showMessage("Trust revoked: the next run asks about this document's grants", 5000)

    def run_trust(self, doc: CodeNodeDocument) -> RunTrust:
        """What the person already decided about `doc` in this window, for the run plan: the grants it arrived
        with wait for a decision; those the person set here (Settings, the pack picker) are given; those
        refused with "Run without these grants" stay refused until the document is opened again."""
        name = str(self.path) if self.path is not None else display_name(self.path, doc)
        given = Grants.requested_by(doc).missing(self._arrived)
        return RunTrust(name, self._arrived_key, given=given, denied=self._denied)

    def apply_settled(self, settled: Settled) -> None:
        """Keep what the answers decided: a trust (remembered by core), the grants left out of runs (the
        document itself is not changed), and the packs allowed (their consent lives in the document)."""
        if settled.trusted_now:
            self._arrived, self._denied = Grants(), Grants()
            if self._arrived_key is not None:
                self._trusted_key = self._arrived_key
            self.refresh_trust(banner=True)
        elif settled.denied != self._denied and settled.refusal is None:
            self._denied = settled.denied
            self.refresh_diagnostics()
            self.statusBar().showMessage(
                "Running without: " + "; ".join(settled.denied.lines()) + ". The document is unchanged "
                "(open it again to be asked again).",
                15000,
            )
        if settled.stamped.packages != self._doc.packages:  # what was allowed stays allowed, also when another
            self._doc = self._doc.model_copy(update={"packages": settled.stamped.packages})  # pack was refused
            self._update_title()
            self.refresh_diagnostics()

    def decide_grants_again(self) -> None:
        """The grants runs leave out, asked about again with the trust dialog: Trust runs the document with
        them (and remembers it); anything else keeps leaving them out."""
        asked = self._denied.shared(Grants.requested_by(self._doc))
        if not asked:
            return
        name = str(self.path) if self.path is not None else display_name(self.path, self._doc)
        if self.ask_trust(TrustFacts(name, asked, remembered=self._arrived_key is not None)) is TrustDecision.TRUST:
            if self._arrived_key is not None:
                trust(self._arrived_key)
                self._trusted_key = self._arrived_key
            self._arrived, self._denied = Grants(), Grants()
            self.refresh_trust(banner=True)
            self.statusBar().showMessage("Trusted: the next run has this document's grants", 5000)
        self.refresh_diagnostics()

    def ask_trust(self, facts: TrustFacts) -> TrustDecision:
        """The document trust dialog (a method, like the file dialogs, so embedding apps can answer it)."""
        return ask_trust(self, facts)

    def open_example(self, path: Path) -> None:
        """An example opens as an untitled copy: saving never writes over the shipped file.

        Examples ship with Cordon, so what they ask for is first-party, as shipped packs are.
        """
        if not self.maybe_save():
            return
        try:
            doc = load_document(path)
        except DocumentError as exc:
            QMessageBox.critical(self, "Cannot open example", exc.message)
            return
        self.load(doc, None)
        self.statusBar().showMessage(f"Example {path.name}: saving asks where to write your copy", 5000)

    @Slot()
    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self._write(self.path)

    @Slot()
    def save_as(self) -> bool:
        suggested = self.path or (self.recent_folder() / default_path(self._doc.name or "untitled"))
        path = self.ask_save_path(suggested)
        if path is None:
            return False
        return self._write(path)

    def _write(self, path: Path) -> bool:
        problem = self.details.problem()
        if problem is not None:
            QMessageBox.warning(self, "Cannot save", f"The node's fields are not valid: {problem}")
            self.side_tabs.setCurrentWidget(self.details)
            return False
        doc = self.current_document()
        try:
            save_document(doc, path)
        except DocumentError as exc:
            QMessageBox.critical(self, "Cannot save", exc.message)
            return False
        self.path = path
        self._saved = doc
        self._doc = doc
        self._remember_saved(doc, path)
        self.recent.add(path)
        self.recovery.clear()
        self._update_title()
        self.statusBar().showMessage(f"Saved {path}", 3000)
        return True

    def _remember_saved(self, doc: CodeNodeDocument, path: Path) -> None:
        """A file the person saved holds their grants: trust it as written, so reopening does not ask.

        Grants still waiting for a decision stay waiting, now about the new file.
        """
        key = DocumentKey.of(path, saved_bytes(doc))  # the bytes save_document wrote
        if self._arrived:
            self._arrived_key = key
        elif Grants.requested_by(doc):
            trust(key)
            self._trusted_key = key
        self.refresh_trust()

    def maybe_save(self) -> bool:
        """Before unsaved work would be lost: Save / Discard / Cancel. True when it is safe to go on."""
        if not self.dirty:
            return True
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Unsaved changes",
            f"Save the changes to {display_name(self.path, self._doc)}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        for button, text in UNSAVED_BUTTONS.items():  # Alt+S, Alt+N, Alt+C, as in most editors
            box.button(button).setText(text)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        answer = box.standardButton(clicked) if clicked is not None else None
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # File dialogs are methods so tests (and embedding apps) can answer them without a dialog.
    def ask_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, "Open Code node", str(self.recent_folder()), FILE_FILTER)
        return Path(name) if name else None

    def ask_save_path(self, suggested: Path) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self, "Save Code node", str(suggested), FILE_FILTER)
        if not name:
            return None
        return default_path(name) if not name.endswith(".json") else Path(name)

    def recent_folder(self) -> Path:
        for path in self.recent.paths():
            if path.parent.is_dir():
                return path.parent
        return Path.home()

    @Slot()
    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.recent.paths()
        for path in paths:
            action = self.recent_menu.addAction(str(path))
            action.setData(str(path))
            action.setEnabled(path.exists())
            action.triggered.connect(self._on_recent_triggered)
        if not paths:
            self.recent_menu.addAction("(none)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear Recent", self.recent.clear)

    @Slot()
    def _on_recent_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.open_path(Path(action.data()))

    def _fill_examples_menu(self) -> None:
        for path in sorted(examples_dir().glob("*.node.json")):
            action = self.examples_menu.addAction(path.name.removesuffix(".node.json"))
            action.setData(str(path))
            action.triggered.connect(self._on_example_triggered)

    @Slot()
    def _on_example_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.open_example(Path(action.data()))

    # -- recovery --------------------------------------------------------------------------------
    @Slot()
    def autosave(self) -> None:
        """Keep unsaved work in the recovery file (or remove it when there is none)."""
        if self.dirty:
            with contextlib.suppress(OSError):  # a full disk must not interrupt typing
                self.recovery.write(self.current_document(), self.path)
        else:
            self.recovery.clear()

    def offer_recovery(self) -> list[MainWindow]:
        """Ask about each orphaned recovery file; the first recovered loads here, others in new windows."""
        windows: list[MainWindow] = []
        for work in Recovery.orphans():
            if self.ask_recover(work):
                fresh = not windows and self.path is None and not self.dirty
                target = self if fresh else MainWindow(self.settings)
                target.restore(work)
                if target is not self:
                    target.show()
                windows.append(target)
            work.discard()
        return windows

    def ask_recover(self, work: RecoveredWork) -> bool:
        name = display_name(work.original, work.document)
        answer = QMessageBox.question(
            self,
            "Recover unsaved work?",
            f"Cordon closed without saving {name} (last autosave {autosaved_at(work.saved_at)}).\n\n"
            "Recover it? If you don't, the unsaved changes are deleted.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def restore(self, work: RecoveredWork) -> None:
        """Show recovered work as unsaved changes to its original file (or untitled)."""
        saved = None
        if work.original is not None and work.original.exists():
            with contextlib.suppress(DocumentError):
                saved = load_document(work.original)
        self.load(
            work.document,
            work.original if saved is not None else None,
            saved=saved or work.document.model_copy(update={"body": ""}),
        )
        self.hold_grants(work.document, None)  # its grants may be those its file arrived with
        self.recovery.write(work.document, self.path)
        self.statusBar().showMessage("Recovered unsaved work", 5000)

    # -- editing ----------------------------------------------------------------------------------
    @Slot()
    def _refresh_undo(self) -> None:
        """Undo/Redo are offered only when there is something to undo or redo."""
        self.undo_action.setEnabled(bool(self.editor.sci.canUndo()))
        self.redo_action.setEnabled(bool(self.editor.sci.canRedo()))

    @Slot()
    def _on_text_changed(self) -> None:
        self._refresh_undo()
        self._update_title()
        self._diagnose_timer.start()

    @Slot()
    def _on_details_changed(self) -> None:
        with contextlib.suppress(DocumentError):
            self._doc = self.details.apply_to(self._doc)
        self._update_title()
        self.refresh_trust()
        self._diagnose_timer.start()

    @Slot(object)
    def apply_quick_fix(self, fix) -> None:
        """A Problems quick fix: declare the input or output, or allow the secret, in this document; allow an
        imported pack (after its consent question); or install the npm library an import names (the Pack
        Manager prepares it and asks for consent)."""
        if fix.kind == INSTALL_NPM:
            self.open_pack_manager(install=fix.name)
            return
        if fix.kind == DECIDE_GRANTS:
            self.decide_grants_again()
            return
        if fix.kind == ALLOW_PACK:  # the pack's consent question, as before a run; a yes is stamped in the document
            allowed = allow_in_document(self, self.catalogs.wait(), self.current_document(), fix.name)
            if allowed is None:
                self.statusBar().showMessage(f"'{fix.name}' is still not allowed in this document", 5000)
                return
            fixed = allowed
        else:
            fixed = apply_fix(self.current_document(), fix)
        if fixed.body != self.editor.text():  # Convert to output(): one undoable edit of the body
            self.editor.replace_all_text(fixed.body)
        self._doc = fixed
        self.details.load(self._doc)
        self._update_title()
        self.refresh_diagnostics()
        where = "the body and the Node tab" if fix.kind == CONVERT_LEGACY else "the Node tab"
        self.statusBar().showMessage(f"{fix.label}: done (see {where})", 5000)

    @Slot()
    def _on_inputs_changed(self) -> None:
        """Typed test inputs are part of the document: saved with it, restored when it opens."""
        values = self.run_panel.inputs.test_inputs()
        if values is not None and values != self._doc.testInputs:
            self._doc = self._doc.model_copy(update={"testInputs": values})
            self._update_title()

    @Slot(int, int)
    def _on_caret_moved(self, line: int, column: int) -> None:
        self.caret_label.setText(f"Ln {line}, Col {column}")

    @Slot()
    def refresh_diagnostics(self) -> None:
        """Validate now (normally ~300 ms after the last keystroke) and mark what was found."""
        self._diagnose_timer.stop()
        doc = self.current_document()
        found = diagnose(doc, self.catalogs.get())
        denied = self._denied.shared(Grants.requested_by(doc))
        if denied:
            found = [left_out_problem(denied), *found]
        self.editor.set_diagnostics(found)
        self._show_problems()
        if not self.run_panel.running:
            self.run_panel.inputs.set_handles(doc.inputs, self._streamed(doc.body), saved=doc.testInputs)
        self.editor.set_document(doc)

    @Slot()
    def _show_problems(self) -> None:
        """The Problems list and its counts: the checks' findings and the TypeScript checker's."""
        found = [*self.editor.diagnostics(), *self.editor.type_diagnostics()]
        self.problems.set_diagnostics(found)
        text = summary(found)
        self.problems_label.setText(text)
        self.problems_title.setText(f"Problems — {text}" if found else "Problems")

    @staticmethod
    def _streamed(body: str) -> set[str]:
        """Inputs the body reads with stream("name"): the form takes their items."""
        facts = analyse(body)
        return {use.name for use in facts.streamed} if facts.streaming else set()

    @Slot()
    def _on_catalog_ready(self) -> None:
        self._pack_index = None  # exports may have changed with the packs
        self.refresh_diagnostics()

    def pack_index(self) -> PackIndex:
        """Pack specifiers and exports for completion (rebuilt when the packs change)."""
        catalog = self.catalogs.get()
        if catalog is None:
            return PackIndex(None)
        if self._pack_index is None:
            self._pack_index = PackIndex(catalog)
        return self._pack_index

    @Slot()
    def ask_goto_line(self) -> None:
        line, ok = QInputDialog.getInt(
            self, "Go to line", "Line:", self.editor.caret()[0], 1, max(1, self.editor.sci.lineCount())
        )
        if ok:
            self.editor.goto(line)

    @Slot(int)
    def _on_error_line(self, line: int) -> None:
        self.editor.goto(line)

    # -- running ------------------------------------------------------------------------------------
    @Slot()
    def run(self) -> None:
        """Run the document as it is now, after its inputs are valid and its packs are allowed."""
        if self.run_panel.running:
            return
        self.side_tabs.setCurrentWidget(self.run_panel)
        problem = self.details.problem()
        if problem is not None:
            self.run_panel.show_refusal(f"Not run: the node's fields are not valid: {problem}")
            return
        try:
            inputs, streams = self.run_panel.inputs.values()
        except InputsError as exc:
            self.run_panel.show_refusal(f"Not run: {exc}")
            return
        doc = self.current_document()
        plan = plan_node_run(doc, inputs, streams or None, catalog=self.catalogs.wait, trust=self.run_trust(doc))
        settled = settle(plan, DialogPrompter(self, self.ask_trust))
        self.apply_settled(settled)
        if settled.refusal is not None:
            self.run_panel.show_refusal(refusal_text(settled, plan.catalog))
            return
        self.editor.clear_run_error()
        self.run_panel.start(
            RunRequest(
                settled.document,
                inputs,
                streams or None,
                self.run_panel.workspace,
                self.prompter,
                catalog=settled.catalog,
            )
        )

    @Slot()
    def cancel_run(self) -> None:
        self.run_panel.cancel()
        self.prompter.cancel_pending()

    @Slot(bool)
    def _on_running_changed(self, running: bool) -> None:
        self.run_action.setEnabled(not running)
        self.cancel_action.setEnabled(running)
        self.run_state_label.setText("Running…" if running else "Ready")

    @Slot(object)
    def _on_run_finished(self, outcome: RunOutcome) -> None:
        self.prompter.cancel_pending()
        self.prompter.forget_session_secrets()
        result = outcome.result
        if outcome.cancelled:
            self.run_state_label.setText("Cancelled")
        elif result.ok:
            self.run_state_label.setText("Finished")
        else:
            self.run_state_label.setText("Failed")
        error = result.error
        if error is not None and error.line and not outcome.cancelled:
            self.editor.show_run_error(error.line, f"{error.name}: {error.message}")

    # -- packs, secrets, settings -----------------------------------------------------------------
    @Slot()
    def insert_pack(self) -> None:
        picked = pick_package(self, self.catalogs.wait(), self.current_document())
        if picked is None:
            return
        line = import_insertion_line(self.editor.text())
        self._doc = picked.document.model_copy(update={"body": self._doc.body})
        self.editor.insert_line(line, picked.import_line)
        self.editor.goto(line + 1)
        self.refresh_diagnostics()

    @Slot()
    def revoke_pack(self) -> None:
        """Drop one of the document's pack declarations (its consent): the next run that imports it asks again."""
        declared = [p.specifier for p in self._doc.packages]
        if not declared:
            self.statusBar().showMessage("This document allows no pack.", 5000)
            return
        specifier, ok = QInputDialog.getItem(
            self, "Revoke a pack's consent", "Stop allowing this pack in the document:", declared, 0, False
        )
        if ok and specifier:
            self.apply_quick_fix(Fix(REMOVE_DECLARATION, specifier, f"Revoked '{specifier}'"))

    @Slot()
    def open_pack_manager(self, install: str | None = None) -> None:
        """The Pack Manager; with `install`, it starts preparing `npm:<install>` at once."""
        manager = PackManager(self.catalogs.wait(), registry=self.settings.registry_url)
        manager.packs_changed.connect(self._on_catalog_ready)  # the manager reloaded the shared catalog
        window = closable_window(self, "Pack Manager", manager, 900, 600)
        if install:
            manager.install(InstallSource.npm_library(install))
        window.exec()

    @Slot()
    def open_secrets(self) -> None:
        closable_window(self, "Secrets", SecretsPage(), 480, 360).exec()

    @Slot()
    def show_api_help(self) -> None:
        """Help → Sandbox API, beside the window (not modal): a person reads it while writing the body."""
        window = sandbox_api_window(self, insert=self.editor.insert_snippet)
        window.setModal(False)
        window.show()
        self.api_help = window

    @Slot()
    def show_shortcuts(self) -> None:
        keys = [
            (action.text().replace("&", "").rstrip("…"), action.shortcut())
            for action in self.findChildren(QAction)
            if not action.shortcut().isEmpty()
        ]
        shortcuts_window(self, keys).exec()

    @Slot()
    def open_settings(self) -> None:
        """App-wide settings and the defaults of new documents; this document's limits are on its Node tab."""
        chosen = edit_settings(self, self.settings)
        if chosen is None:
            return
        self.settings = chosen
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, self.settings.theme)
            for action in self.findChildren(QAction):
                if action.property("iconName"):
                    action.setIcon(icon(action.property("iconName")))
        self.editor.apply_palette(Theme.palette())
        self.editor.set_font(self.settings.editor_font())

    @Slot()
    def open_log_folder(self) -> None:
        """The folder of the studio's rotating log (`core.logs`) in the system's file manager. Where none
        opens it (no file manager, a bare window manager), the status bar says so and the path is copied."""
        folder = paths.log_dir()
        if self.open_folder(folder):
            self.statusBar().showMessage(f"Opened the log folder {folder}", 5000)
            return
        copy_text(str(folder))
        self.statusBar().showMessage(f"No file manager opened the log folder; its path is copied: {folder}", 20000)

    def open_folder(self, folder: Path) -> bool:
        """Show `folder` in the system's file manager (a method, like the file dialogs, so tests and embedding
        apps can answer it). False when nothing could open it."""
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def about(self) -> None:
        """Help → About Cordon Studio: the version and the folders, each with a Copy button (gui/dialogs/about.py)."""
        about_window(self, APP_TITLE, installation(), confinement_text(host_worker_confinement())).exec()

    # -- closing ----------------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.cancel_run()
        self.run_panel.shutdown()
        task_manager().drop(self)  # what its panels' background work still delivers goes nowhere
        self._autosave_timer.stop()
        self.recovery.close()
        event.accept()
