"""The pack manager: installed packs, their problems and docs; install, remove, trust.

Left, every pack the catalog knows (shipped and installed, and packs that
failed to load) with version, documentation trust and origin. Right, the
selected pack: its modules with their digests, its diagnostics (each named
status as a sentence, then the technical detail), and its SKILL.md rendered as
formatted text — labelled as untrusted third-party text unless the pack is
trusted, and rendered without HTML, links or images so it can fetch nothing.

Installing runs the installer's own flow: `prepare_install` (download or
copy, verify, unpack, classify; nothing placed) in the background with
a progress bar, then the consent dialog, then `commit_install` only after an
explicit yes; a no discards the staging folder. Sources: the one search box
(shipped packs, installed packs and npm libraries together, `core.packs.search`,
searched in the background as you type; clicking an npm row installs it), a
name typed there ("Find versions", pick one; `npm:<name>` for any npm library),
a `.tgz` file, or a folder.

    manager = PackManager(catalog, registry=settings.registry_url)   # the studio's shared catalog
    manager.packs_changed.connect(...)   # that catalog changed: refresh pickers, completions

Background work goes through the studio's task manager (`gui.tasks`, its work
pool), one job at a time. Rediscovery (~1 s with npm modules) runs in the same
job as the install or removal, so the window never freezes; `Catalog.reload()` swaps
its snapshot in one assignment, so a run in flight keeps the one it started with.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, wait
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core import CancelHandle, CordonError, problem_line
from core.packs import (
    SIZE_LABELS,
    Catalog,
    Pack,
    PackStatus,
    SearchHit,
    SearchResults,
    default_catalog,
    npm_library_of,
    pack_sizes,
    reference_alias,
    search_packs,
)
from core.packs.install import (
    MB,
    NPM_JS_CEILING,
    NPM_JS_MAX,
    PROGRESS_UNITS,
    ConsentRequest,
    InstallError,
    InstallSource,
    Outdated,
    PackageVersions,
    commit_install,
    discard,
    is_trusted,
    outdated,
    package_versions,
    prepare_install,
    recorded_source,
    remove,
    set_trust,
)
from gui.dialogs.common import CALLOUT_STYLE, confirm, display_text, human_size, plain_label, plural, styled_label
from gui.dialogs.consent import ConsentDialog, ConsentFacts, pack_trusted
from gui.pack_statuses import detail, sentence
from gui.tasks import task_manager

logger = logging.getLogger(__name__)

UNTRUSTED_BANNER = (
    "Untrusted documentation: written by the pack's author, not by Cordon. Read it as you would "
    "any third-party text; agents see it only as untrusted content."
)
#: Typed before a name in the name box, it names any npm library, as `cordon packs install npm:<name>` does.
NPM_PREFIX = "npm:"
#: The pause in typing after which the box searches (what VS Code's extension search waits, about).
SEARCH_DEBOUNCE_MS = 300
TRUSTED_BANNER = "Trusted documentation: registered for agents like any skill."
#: The Docs column and Documentation line of a pack without a readable SKILL.md (nothing to trust).
NO_DOCS = "—"
#: An npm library Cordon wrapped has the library's own documentation, not a SKILL.md.
NPM_LIBRARY_DOCS = (
    "*{library} is an npm library: import it as its own documentation shows (https://www.npmjs.com/package/{library}).*"
)
PHASES = {
    "resolve": "Looking up",
    "download": "Downloading",
    "extract": "Unpacking",
    "dependencies": "Fetching dependencies",
    "compile": "Bundling",
    "probe": "Test-loading in the sandbox",
}


class DocsBrowser(QTextBrowser):
    """SKILL.md as formatted text that loads nothing: no images, no links followed, no HTML."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)

    def show_markdown(self, text: str) -> None:
        features = QTextDocument.MarkdownFeature.MarkdownDialectGitHub | QTextDocument.MarkdownFeature.MarkdownNoHTML
        self.document().setMarkdown(text, features)
        self.verticalScrollBar().setValue(0)

    def loadResource(self, kind: int, name: Any) -> Any:  # Qt's name
        return None  # a pack's docs may not make Cordon read a file or reach a URL


class PackManager(QWidget):
    #: The catalog or a trust decision changed (after an install, a removal, a trust change, a reload).
    packs_changed = Signal()
    #: An install attempt ended: (placed, what happened in words).
    install_finished = Signal(bool, str)
    #: The consent dialog of an install was opened (tests and the main window can reach it).
    consent_requested = Signal(object)

    def __init__(
        self, catalog: Catalog | None = None, *, registry: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.catalog = catalog or default_catalog()
        self.registry = registry
        self.consent_dialog: ConsentDialog | None = None
        self._request: ConsentRequest | None = None
        #: The source of the install in flight (its failure is said in words that fit how it was asked for).
        self._installing: InstallSource | None = None
        #: The background job in flight (one at a time), if any.
        self._task: Future[Any] | None = None
        #: Packs whose recorded range now selects a newer version (from the last "Check for updates").
        self.updates: dict[str, Outdated] = {}
        self._cancel = CancelHandle()
        #: The search in flight: its number (a newer one makes its result stale) and its cancel handle.
        self._search_seq = 0
        self._search_cancel = CancelHandle()
        #: The last search's rows, in the order shown.
        self.search_hits: tuple[SearchHit, ...] = ()
        self._shut_down = False
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        layout = QVBoxLayout(self)
        layout.addLayout(self._install_bar())
        self.search_pane = self._search_pane()
        layout.addWidget(self.search_pane)
        splitter = QSplitter()
        self.pack_list = QTreeWidget()
        self.pack_list.setHeaderLabels(["Pack", "Version", "Docs", "Origin"])
        self.pack_list.setRootIsDecorated(False)
        self.pack_list.itemSelectionChanged.connect(self._show_selected)
        splitter.addWidget(self.pack_list)
        splitter.addWidget(self._details())
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([400, 700])
        layout.addWidget(splitter, 1)
        layout.addLayout(self._progress_row())
        self._fill()
        # Every reload of the catalog, whoever makes it (a linked folder edited: gui.catalog_holder), redraws.
        tasks = task_manager()  # taken here, on the UI thread: the catalog calls back from worker threads
        unsubscribe = self.catalog.subscribe(lambda: tasks.run_on_main(self._fill, owner=self))
        self.destroyed.connect(lambda *_: unsubscribe())

    # -- layout ------------------------------------------------------------------------------
    def _install_bar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        self.package_name = QLineEdit()
        self.package_name.setPlaceholderText("Search packs and npm libraries (Enter: versions of a name, npm:<name>)")
        self.package_name.setClearButtonEnabled(True)
        self.package_name.returnPressed.connect(self.find_versions)
        self.package_name.textEdited.connect(self._forget_versions)
        self.package_name.textEdited.connect(self._search_soon)
        # Typing restarts the wait; a search starts once the typing pauses (never one per key).
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DEBOUNCE_MS)
        self._search_timer.timeout.connect(self.search_now)
        self.find_button = QPushButton("Find versions")
        self.find_button.clicked.connect(self.find_versions)
        self.versions = QComboBox()
        self.versions.setMinimumWidth(110)
        self.versions.setEnabled(False)
        self.install_button = QPushButton("Install…")
        self.install_button.setEnabled(False)
        self.install_button.clicked.connect(self._install_chosen_version)
        self.tgz_button = QPushButton("From .tgz…")
        self.tgz_button.clicked.connect(self._choose_tarball)
        self.folder_button = QPushButton("From folder…")
        self.folder_button.clicked.connect(self._choose_folder)
        # The CLI's --max-bundle-size: a library past the default is refused until the person raises it.
        self.bundle_limit = QSpinBox()
        self.bundle_limit.setRange(1, NPM_JS_CEILING // MB)
        self.bundle_limit.setValue(NPM_JS_MAX // MB)
        self.bundle_limit.setPrefix("npm bundle limit ")
        self.bundle_limit.setSuffix(" MB")
        self.bundle_limit.setToolTip(
            f"How large an npm library's sandbox bundle may be: {NPM_JS_MAX // MB} MB by default, up to "
            f"{NPM_JS_CEILING // MB} MB. A larger bundle is parsed on every pack's first run; the consent "
            "request shows the limit in force."
        )
        for widget in (
            self.package_name,
            self.find_button,
            self.versions,
            self.install_button,
            self.tgz_button,
            self.folder_button,
            self.bundle_limit,
        ):
            bar.addWidget(widget)
        return bar

    def _search_pane(self) -> QWidget:
        """The one box's results: shipped, installed and npm rows together, each with its sandbox verdict."""
        pane = QWidget()
        layout = QVBoxLayout(pane)
        layout.setContentsMargins(0, 0, 0, 0)
        self.search_results = QTreeWidget()
        self.search_results.setHeaderLabels(["Name", "Version", "From", "Sandbox verdict", "Description"])
        self.search_results.setRootIsDecorated(False)
        self.search_results.setMaximumHeight(200)
        self.search_results.itemClicked.connect(self._search_row_clicked)
        self.search_note = plain_label()
        layout.addWidget(self.search_results)
        layout.addWidget(self.search_note)
        pane.hide()
        return pane

    def _details(self) -> QWidget:
        pane = QWidget()
        layout = QVBoxLayout(pane)
        self.title = styled_label(role="sectionTitle")
        self.title.setStyleSheet("font-size: 13pt")
        layout.addWidget(self.title)
        self.description = plain_label()
        layout.addWidget(self.description)
        form = QFormLayout()
        self.origin = plain_label()
        self.trust_state = plain_label()
        form.addRow("Origin:", self.origin)
        form.addRow("Documentation:", self.trust_state)
        #: The pack's sizes as the consent dialog and the CLI say them (`core.packs.sizes`), by label.
        self.size_labels = {label: plain_label() for label in SIZE_LABELS}
        for label, widget in self.size_labels.items():
            form.addRow(f"{label}:", widget)
        self._form = form
        layout.addLayout(form)
        self.modules = QTreeWidget()
        self.modules.setHeaderLabels(["Module (import specifier)", "Kind", "Digest"])
        self.modules.setRootIsDecorated(False)
        self.modules.setMaximumHeight(100)
        layout.addWidget(self.modules)
        self.diagnostics_label = styled_label("Problems", role="sectionTitle")
        layout.addWidget(self.diagnostics_label)
        self.diagnostics = QListWidget()
        self.diagnostics.setWordWrap(True)
        self.diagnostics.setMaximumHeight(130)
        layout.addWidget(self.diagnostics)
        layout.addWidget(styled_label("Documentation (SKILL.md)", role="sectionTitle"))
        self.docs_banner = plain_label()
        layout.addWidget(self.docs_banner)
        self.docs = DocsBrowser()
        layout.addWidget(self.docs, 1)
        buttons = QHBoxLayout()
        self.trust_button = QPushButton()
        self.trust_button.clicked.connect(self._toggle_trust)
        self.remove_button = QPushButton("Remove…")
        self.remove_button.clicked.connect(self._remove_selected)
        self.check_updates_button = QPushButton("Check for updates")
        self.check_updates_button.clicked.connect(self.check_updates)
        self.update_button = QPushButton("Update…")
        self.update_button.setEnabled(False)
        self.update_button.clicked.connect(self._update_selected)
        buttons.addWidget(self.trust_button)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.check_updates_button)
        buttons.addWidget(self.update_button)
        buttons.addStretch()
        layout.addLayout(buttons)
        return pane

    def _progress_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.status = plain_label(wrap=True)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.hide()
        row.addWidget(self.status, 1)
        row.addWidget(self.progress)
        row.addWidget(self.cancel_button)
        return row

    # -- the list ------------------------------------------------------------------------------
    @Slot()
    def reload(self) -> None:
        """Rediscover packs (in the background), then redraw; `packs_changed` says when it is done."""
        if not self.busy:
            self._start(
                "Looking for packs",
                lambda _progress: self.catalog.reload(),
                lambda _result: self._finished_change("Packs reloaded."),
                self._failed,
            )

    def _fill(self) -> None:
        """Redraw the list from the catalog's snapshot, keeping the selection when the pack is still there."""
        keep = self.selected_name()
        self.pack_list.clear()
        for pack in self.catalog.packs():
            trusted = pack_trusted(pack)
            newer = self.updates.get(pack.name)
            version = f"{pack.version} → {newer.latest} (update available)" if newer else pack.version
            docs = NO_DOCS if pack.skill is None else "trusted" if trusted else "untrusted"
            item = QTreeWidgetItem([pack.name, version, docs, pack.origin])
            item.setData(0, Qt.ItemDataRole.UserRole, pack.name)
            if self._statuses(pack.name):
                item.setToolTip(0, "This pack has problems: select it to see them.")
            if not pack.modules:  # loaded, but discovery skipped every module: nothing to import
                item.setText(3, f"{pack.origin}, unusable: no importable module")
                item.setForeground(0, Qt.GlobalColor.red)
            self.pack_list.addTopLevelItem(item)
        for name in self._unusable():
            item = QTreeWidgetItem([name, "—", "", "not loaded"])
            item.setData(0, Qt.ItemDataRole.UserRole, name)
            item.setForeground(0, Qt.GlobalColor.red)
            self.pack_list.addTopLevelItem(item)
        for column in range(4):
            self.pack_list.resizeColumnToContents(column)
        if keep is None or not self.select_pack(keep):
            first = self.pack_list.topLevelItem(0)
            if first is not None:
                first.setSelected(True)
            else:
                self._show_selected()

    def _statuses(self, name: str) -> list[PackStatus]:
        """The pack's problems for someone who imports it: its SKILL.md's are its author's (`cordon packs check`)."""
        return [s for s in self.catalog.diagnostics() if s.pack == name and not s.for_authors]

    def _unusable(self) -> list[str]:
        loaded = {p.name for p in self.catalog.packs()}
        return sorted(
            {s.pack for s in self.catalog.diagnostics() if s.pack and s.pack not in loaded and s.severity == "error"}
        )

    def names(self) -> list[str]:
        """Pack names in list order (loaded packs, then packs that failed to load)."""
        return [
            self.pack_list.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole)
            for i in range(self.pack_list.topLevelItemCount())
        ]

    def selected_name(self) -> str | None:
        items = self.pack_list.selectedItems()
        return items[0].data(0, Qt.ItemDataRole.UserRole) if items else None

    def select_pack(self, name: str) -> bool:
        for i in range(self.pack_list.topLevelItemCount()):
            item = self.pack_list.topLevelItem(i)
            if item.data(0, Qt.ItemDataRole.UserRole) == name:
                self.pack_list.clearSelection()
                item.setSelected(True)
                return True
        return False

    @Slot()
    def _show_selected(self) -> None:
        name = self.selected_name()
        pack = self.catalog.pack(name) if name else None
        self.modules.clear()
        self.diagnostics.clear()
        self.title.setText(f"{pack.name} {pack.version}" if pack else name or "No pack selected")
        self.description.setText(display_text(pack.description) if pack else "")
        self.origin.setText(
            {"shipped": "shipped with Cordon", "installed": "installed (scripts never run)"}.get(
                pack.origin, pack.origin
            )
            if pack
            else ("failed to load" if name else "")
        )
        self._show_sizes(pack)
        trusted = pack_trusted(pack) if pack is not None else bool(name) and is_trusted(name)
        self.trust_state.setText(
            (NO_DOCS if pack is not None and pack.skill is None else "trusted" if trusted else "untrusted")
            if name
            else ""
        )
        if pack is not None:
            for spec, module in sorted(pack.modules.items()):
                # A shipped pack answers to the reference's name too: both are listed, one module.
                for name in filter(None, (spec, reference_alias(spec))):
                    item = QTreeWidgetItem([name, module.kind, module.digest[:23] + "…"])
                    item.setToolTip(2, module.digest)
                    self.modules.addTopLevelItem(item)
            self.modules.resizeColumnToContents(0)
        statuses = self._statuses(name) if name else []
        for status in statuses:
            self.diagnostics.addItem(f"{sentence(status)}\n    {detail(status)}")
        self.diagnostics_label.setText(f"Problems ({len(statuses)})" if statuses else "Problems: none")
        self.diagnostics.setVisible(bool(statuses))
        self._show_docs(pack, trusted)
        # Trust is about a SKILL.md reaching agents: nothing to trust without one (an npm library has none).
        self.trust_button.setEnabled(pack is not None and pack.skill is not None)
        self.trust_button.setText("Untrust documentation" if trusted else "Trust documentation")
        self._update_remove_button()

    def _show_sizes(self, pack: Pack | None) -> None:
        shown = dict(pack_sizes(pack).rows()) if pack is not None else {}
        for label, widget in self.size_labels.items():
            widget.setText(shown.get(label, ""))
            self._form.setRowVisible(widget, label in shown)

    def _update_remove_button(self) -> None:
        name = self.selected_name()
        pack = self.catalog.pack(name) if name else None
        self.remove_button.setEnabled(bool(name) and not (pack and pack.origin == "shipped") and not self.busy)
        self.update_button.setEnabled(bool(name) and name in self.updates and not self.busy)
        self.check_updates_button.setEnabled(not self.busy)

    @Slot()
    def check_updates(self) -> None:
        """Ask each pack's registry (in the background) for the newest version its recorded range allows."""
        if self.busy:
            return
        registry = self.registry
        self._start(
            "Checking for updates", lambda _progress: outdated(registry=registry), self._updates_found, self._failed
        )

    def _updates_found(self, found: list[Outdated]) -> None:
        self.updates = {item.record.name: item for item in found}
        self._fill()
        self.status.setText(f"{plural(len(found), 'update')} available." if found else "Every pack is up to date.")

    @Slot()
    def _update_selected(self) -> None:
        """Prepare the selected pack's recorded source again: consent lists what changes; a failure places nothing."""
        newer = self.updates.get(self.selected_name() or "")
        if newer is not None:
            self.install(recorded_source(newer.record), registry=self.registry or newer.record.registry)

    def _show_docs(self, pack: Pack | None, trusted: bool) -> None:
        if pack is None or pack.skill is None:
            self.docs_banner.setText("")
            self.docs_banner.hide()  # an empty banner would keep a band the docs should fill
            library = npm_library_of(pack.root) if pack else None
            self.docs.show_markdown(
                (NPM_LIBRARY_DOCS.format(library=library) if library else "*This pack has no readable SKILL.md.*")
                if pack
                else ""
            )
            return
        self.docs_banner.setText(TRUSTED_BANNER if trusted else UNTRUSTED_BANNER)
        self.docs_banner.show()
        self.docs_banner.setStyleSheet("" if trusted else CALLOUT_STYLE)
        self.docs.show_markdown(pack.skill.body)

    # -- trust and removal ----------------------------------------------------------------------
    @Slot()
    def _toggle_trust(self) -> None:
        name = self.selected_name()
        pack = self.catalog.pack(name) if name else None
        if pack is None:
            return
        self.set_trusted(pack.name, not pack_trusted(pack))

    def set_trusted(self, name: str, trusted: bool) -> None:
        set_trust(name, trusted)  # documentation trust only: discovery is unchanged
        self._fill()
        self.packs_changed.emit()

    @Slot()
    def _remove_selected(self) -> None:
        name = self.selected_name()
        if name is None:
            return
        if confirm(
            self,
            "Remove pack",
            f"Remove {name}?",
            "Documents that import it will fail to run until it is installed again.",
            "Remove",
        ):
            self._start(
                f"Removing {name}",
                lambda _progress: self._rediscovered(remove(name)),
                lambda _result: self._finished_change(f"Removed {name}."),
                self._failed,
            )

    # -- installing ----------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._task is not None or self.consent_dialog is not None

    @Slot()
    def find_versions(self) -> None:
        """Ask the registry for the typed package's versions (newest first, the `latest` tag selected)."""
        name = self.package_name.text().strip()
        if " " in name:  # words, not a name: Enter searches for them now
            self.search_now()
            return
        if not name or self.busy:
            return
        registry = self.registry
        lookup = name.removeprefix(NPM_PREFIX)  # `npm:<library>` lists the library's versions
        self._start(
            f"Looking up {name}",
            lambda _progress: package_versions(lookup, registry=registry, cancel=self._cancel),
            self._versions_found,
            self._failed,
        )

    def _versions_found(self, found: PackageVersions) -> None:
        versions, latest = list(found.versions), found.latest
        self.versions.clear()
        for version in versions:
            self.versions.addItem(f"{version} (latest)" if version == latest else version, version)
        if latest in versions:
            self.versions.setCurrentIndex(versions.index(latest))
        self.versions.setEnabled(bool(versions))
        self.install_button.setEnabled(bool(versions))
        self.status.setText(f"{plural(len(versions), 'version')} of {self.package_name.text().strip()}.")

    @Slot()
    def _forget_versions(self) -> None:
        """The versions listed belong to the name that was looked up, not to a name being typed."""
        self.versions.clear()
        self.versions.setEnabled(False)
        self.install_button.setEnabled(False)

    @Slot()
    def _install_chosen_version(self) -> None:
        version = self.versions.currentData()
        name = self.package_name.text().strip()
        if not (name and version):
            return
        if not name.startswith(NPM_PREFIX):
            self.install(InstallSource("registry", name=name, spec=version))
            return
        try:  # wrapped, as `cordon packs install npm:<name>@<version> [--max-bundle-size]` does
            source = InstallSource.npm_library(
                f"{name.removeprefix(NPM_PREFIX)}@{version}", max_bundle_bytes=self.npm_bundle_limit()
            )
        except CordonError as exc:
            self._failed(exc)
            return
        self.install(source)

    # -- the one search box -------------------------------------------------------------------
    @Slot()
    def _search_soon(self) -> None:
        self._search_timer.start()

    @Slot()
    def search_now(self) -> None:
        """Search shipped packs, installed packs and npm for the box's words, in the background; a newer
        search makes this one's answer stale (it is dropped), and an empty box hides the results."""
        self._search_timer.stop()
        self._search_cancel.cancel()
        self._search_seq += 1
        text = self.package_name.text().strip()
        if not text:
            self.search_hits = ()
            self.search_results.clear()
            self.search_pane.hide()
            return
        seq, cancel, registry, catalog = self._search_seq, CancelHandle(), self.registry, self.catalog
        self._search_cancel = cancel
        self.search_note.setText(f"Searching shipped, installed and npm packs for “{text}”…")
        self.search_pane.show()
        task_manager().run_in_background(
            lambda: search_packs(text, catalog=catalog, registry=registry, cancel=cancel),
            lambda future: self._search_done(seq, future),
            owner=self,
            cancel=cancel.cancel,
        )

    def _search_done(self, seq: int, future: Future[SearchResults]) -> None:
        if seq != self._search_seq:
            return  # typed on since: a newer search is coming
        exc = future.exception()
        if exc is not None:
            logger.log(logging.INFO if isinstance(exc, CordonError) else logging.ERROR, "search failed", exc_info=exc)
            self.search_note.setText(f"Search failed: {exc}")
            return
        found = future.result()
        self.search_hits = found.hits
        self.search_results.clear()
        for hit in found.hits:
            item = QTreeWidgetItem([hit.name, hit.version, hit.source, hit.verdict, hit.description])
            item.setToolTip(
                3,
                f"Click to install {hit.install} (you are asked first)" if hit.install else "Click to show this pack",
            )
            if hit.rule is not None:
                item.setForeground(3, Qt.GlobalColor.red)
            self.search_results.addTopLevelItem(item)
        for column in range(4):
            self.search_results.resizeColumnToContents(column)
        notes = [] if found.hits else [f"Nothing found for “{found.text}”."]
        if found.npm_note is not None:
            notes.append(found.npm_note)
        elif found.hits:
            notes.append("Click an npm row to install it (you are asked first); a pack row shows the pack.")
        self.search_note.setText(" ".join(notes))

    @Slot(QTreeWidgetItem, int)
    def _search_row_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        """An npm row: the install-with-consent path; a shipped or installed row: that pack's page."""
        hit = self.search_hits[self.search_results.indexOfTopLevelItem(item)]
        if hit.install is None:
            self.select_pack(hit.name)
            return
        try:
            npm = hit.install.startswith(NPM_PREFIX)
            source = InstallSource.parse(hit.install, max_bundle_bytes=self.npm_bundle_limit() if npm else None)
        except CordonError as exc:
            self._failed(exc)
            return
        self.install(source)

    def npm_bundle_limit(self) -> int | None:
        """The bundle limit the box sets for an npm library, in bytes; None at the default (nothing raised)."""
        chosen = self.bundle_limit.value() * MB
        return None if chosen == NPM_JS_MAX else chosen

    @Slot()
    def _choose_tarball(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Install a pack from a tarball", "", "npm tarballs (*.tgz *.tar.gz)"
        )
        if path:
            self.install(InstallSource("tarball", path=Path(path)))

    @Slot()
    def _choose_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Install a pack from a folder")
        if path:
            self.install(InstallSource("folder", path=Path(path)))

    def install(self, source: InstallSource, *, registry: str | None = None) -> None:
        """Prepare `source` in the background, then ask for consent (see `consent_requested`)."""
        if self.busy:
            return
        registry = registry or self.registry
        self._installing = source
        self._start(
            f"Preparing {source.name or source.path}",
            lambda progress: prepare_install(source, registry=registry, on_progress=progress, cancel=self._cancel),
            self._ask_consent,
            self._install_failed,
        )

    def _ask_consent(self, request: ConsentRequest) -> None:
        if self._shut_down:  # prepared while the window was closing: nobody is there to answer
            discard(request)
            return
        self._request = request
        dialog = ConsentDialog(ConsentFacts.from_request(request), self)
        dialog.finished.connect(self._consent_answered)
        self.consent_dialog = dialog
        self.status.setText(f"{request.name} {request.version} is ready: waiting for your answer.")
        dialog.open()
        self.consent_requested.emit(dialog)

    @Slot(int)
    def _consent_answered(self, code: int) -> None:
        request, self._request = self._request, None
        dialog, self.consent_dialog = self.consent_dialog, None
        if dialog is not None:
            dialog.deleteLater()
        assert request is not None
        if code != QDialog.DialogCode.Accepted:
            discard(request)
            message = f"{request.name} was not installed: you did not allow it."
            self.status.setText(message)
            self.install_finished.emit(False, message)
            return
        self._start(
            f"Installing {request.name}",
            lambda _progress: self._rediscovered(commit_install(request)),
            lambda _path: self._installed(request),
            self._install_failed,
        )

    def _installed(self, request: ConsentRequest) -> None:
        message = f"Installed {request.name} {request.version}."
        newer = self.updates.get(request.name)
        if newer is not None and newer.latest == request.version:
            del self.updates[request.name]
        self._finished_change(message)
        self.select_pack(request.name)
        self.install_finished.emit(True, message)

    def _install_failed(self, exc: Exception) -> None:
        by_name = self._installing is not None and self._installing.kind == "registry"
        library = exc.npm_library if isinstance(exc, InstallError) and by_name else None
        if library:  # a plain npm library typed where packs go: say how it installs, and search for it
            self.package_name.setText(NPM_PREFIX + library)
            self.search_now()
            self.status.setText(
                f"{library} is an npm library, not a sandbox pack: click its npm row above "
                f"(or Find versions of {NPM_PREFIX}{library})"
            )
            self.status.setStyleSheet("color: #c62828")
        else:
            self._failed(exc)
            if isinstance(exc, CordonError) and "npm-module-too-large" in exc.message:
                self.status.setText(
                    f"{self.status.text()} In the studio: raise the npm bundle limit beside the search box "
                    f"(up to {NPM_JS_CEILING // MB} MB) and install again."
                )
        self.install_finished.emit(False, self.status.text())

    def _failed(self, exc: Exception) -> None:
        if isinstance(exc, CordonError):
            self.status.setText(problem_line(exc.message, exc.rule))
        else:
            self.status.setText(f"Unexpected error: {type(exc).__name__}: {exc}")
        self.status.setStyleSheet("color: #c62828")

    def _rediscovered(self, result: object) -> object:
        """Worker-thread step after placing or removing: the catalog sees the change.

        The installer has already reloaded the shared catalog (`default_catalog`), so only a
        manager over a catalog of its own rediscovers here: one install, one discovery.
        """
        if self.catalog is not default_catalog():
            self.catalog.reload()
        return result

    def _finished_change(self, message: str) -> None:
        self._fill()
        self.status.setText(message)
        self.packs_changed.emit()

    @Slot()
    def cancel(self) -> None:
        """Stop a download or lookup in flight (nothing is placed)."""
        self._cancel.cancel()

    # -- background work -------------------------------------------------------------------------
    def _start(
        self,
        what: str,
        work: Callable[[Callable[[str, int, int | None], None]], Any],
        on_success: Callable[[Any], None],
        on_failure: Callable[[Exception], None],
    ) -> None:
        """Run `work(report_progress)` on the task manager; its outcome lands in `on_success` / `on_failure`."""
        self._cancel = CancelHandle()
        self.status.setStyleSheet("")
        self.status.setText(f"{what}…")
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()
        self._set_controls_enabled(False)
        tasks = task_manager()

        def report(phase: str, done: int, total: int | None) -> None:  # on the worker thread
            tasks.run_on_main(lambda: self._job_progress(phase, done, total), owner=self)

        self._task = tasks.run_in_background(
            lambda: work(report),
            lambda future: self._job_done(future, on_success, on_failure),
            owner=self,
            cancel=self._cancel.cancel,
        )

    def _job_progress(self, phase: str, done: int, total: int | None) -> None:
        if total:
            self.progress.setRange(0, 100)
            self.progress.setValue(min(100, done * 100 // total))
        else:
            self.progress.setRange(0, 0)
        unit = PROGRESS_UNITS.get(phase)
        amount = human_size(done) if unit == "bytes" else f"{done} {unit}" if unit else ""
        self.progress.setFormat(f"{PHASES.get(phase, phase)} {amount}".rstrip())

    def _job_done(
        self, future: Future[Any], on_success: Callable[[Any], None], on_failure: Callable[[Exception], None]
    ) -> None:
        self._task = None
        self.progress.hide()
        self.cancel_button.hide()
        self._set_controls_enabled(True)
        exc = future.exception()
        if exc is None:
            on_success(future.result())
            return
        # Every failure is shown to the person; its traceback goes to the log.
        logger.log(logging.INFO if isinstance(exc, CordonError) else logging.ERROR, "pack task failed", exc_info=exc)
        on_failure(exc if isinstance(exc, Exception) else RuntimeError(str(exc)))

    def _set_controls_enabled(self, enabled: bool) -> None:
        for widget in (self.find_button, self.tgz_button, self.folder_button, self.package_name, self.search_results):
            widget.setEnabled(enabled)
        self.install_button.setEnabled(enabled and self.versions.count() > 0)
        self._update_remove_button()

    @Slot()
    def shutdown(self) -> None:
        """Before the window closes: stop work in flight and drop an unanswered install (nothing placed).

        Runs by itself when the application quits; call it when closing a window that holds the manager.
        """
        self._shut_down = True
        self._cancel.cancel()
        self._search_cancel.cancel()
        self._search_timer.stop()
        if self._task is not None:
            wait([self._task])  # cancelled: ends soon; its result still lands (a prepared install is discarded)
        if self.consent_dialog is not None:
            self.consent_dialog.reject()
