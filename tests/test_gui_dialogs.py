"""The consent dialog and the package picker, on real widgets over real packs.

Install requests come from the real installer (`prepare_install` of a fixture
folder into an isolated CORDON_HOME); installed packs come from real
discovery. Consent for a document is stamped into its `packages` declarations.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QLineEdit

from core.codenode import Grants, RunTrust, import_line, plan_node_run, settle
from core.codenode.document import CodeNodeDocument, PackDeclaration
from core.packs import Catalog, PackRoot
from core.packs.install import INSTALL_MODE, discard, prepare_install
from core.packs.roots import installed_dir
from gui.dialog_prompter import DialogPrompter
from gui.dialogs.consent import UNTRUSTED_DOCS, ConsentDialog, ConsentFacts, PackListConsentDialog
from gui.dialogs.package_picker import (
    ALLOWED_MARK,
    PackagePicker,
    pick_package,
)
from tests import install_support
from tests.npm_registry import FIXTURES
from tests.packfixtures import make_pack

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry
pytestmark = pytest.mark.usefixtures("home")

GRANT = "network via fetch, the workspace, the secrets the node may read"
SKILL_SECRET_TEXT = "only-in-the-skill-body"


@pytest.fixture
def request_():
    """A real prepared install of the scripted-pack fixture folder (discarded afterwards)."""
    request = prepare_install(str(FIXTURES / "packs" / "scripted-pack"))
    yield request
    discard(request)


@pytest.fixture
def catalog():
    """Two installed packs, one with two modules (shipped packs left out: their list changes)."""
    make_pack(
        installed_dir(),
        "geo-tools",
        {"index.js": "export function km(a, b) { return b - a; }\n", "extra.js": "export default { x: 1 };\n"},
        modules=[{"name": ".", "kind": "js", "file": "index.js"}, {"name": "extra", "kind": "js", "file": "extra.js"}],
        description="Distances on a sphere",
        skill=f"---\nname: geo\ndescription: d\n---\n{SKILL_SECRET_TEXT}\n",
    )
    make_pack(installed_dir(), "csv-kit", description="Parse CSV text")
    return Catalog([PackRoot(installed_dir(), "installed")])


def texts(dialog: QDialog) -> str:
    """Everything a dialog shows in labels and read-only fields."""
    return "\n".join(
        [w.text() for w in dialog.findChildren(QLabel)] + [w.text() for w in dialog.findChildren(QLineEdit)]
    )


def test_install_consent_says_what_the_pack_reaches_in_plain_words(qtbot, request_):
    dialog = ConsentDialog(ConsentFacts.from_request(request_))
    qtbot.addWidget(dialog)
    shown = texts(dialog)
    assert "Install scripted-pack 1.0.0?" in shown
    assert "runs this package's code inside your Code nodes with that node's capabilities" in shown
    assert GRANT in shown
    assert "scripted-pack" in shown and "1.0.0" in shown  # specifier and version
    assert request_.integrity in shown and request_.integrity.startswith("sha512-")
    assert INSTALL_MODE in shown and UNTRUSTED_DOCS in shown
    assert f"in {request_.file_count} files" in shown
    assert "preinstall, install, postinstall" in shown and "never run" in shown
    assert dialog.allow.text() == "Install" and dialog.refuse.text() == "Don't install"


def test_install_consent_lists_the_polyfills_and_stubs_of_an_npm_library(qtbot, registry, tmp_path):
    install_support.publish_package(
        registry,
        tmp_path,
        {"name": "poly-lib", "main": "index.js"},
        {"index.js": "const { Buffer } = require('buffer');\nexports.f = () => require('fs');\nexports.B = Buffer;\n"},
    )
    request = prepare_install("npm:poly-lib", registry=registry.url)
    try:
        dialog = ConsentDialog(ConsentFacts.from_request(request))
        qtbot.addWidget(dialog)
        shown = texts(dialog)
    finally:
        discard(request)
    assert "npm module poly-lib uses polyfills (pure JavaScript, no new capability): buffer (buffer@6.0.3)" in shown
    assert (
        "has stubs (Node builtins that throw if that code is reached): fs (node_modules/poly-lib/index.js:2)" in shown
    )


@pytest.mark.parametrize("key", [Qt.Key.Key_Escape, Qt.Key.Key_Return])
def test_the_safe_choice_is_the_default(qtbot, request_, key):
    dialog = ConsentDialog(ConsentFacts.from_request(request_))
    qtbot.addWidget(dialog)
    assert dialog.refuse.isDefault() and not dialog.allow.isDefault() and not dialog.allow.autoDefault()
    dialog.open()
    qtbot.waitUntil(dialog.isVisible)
    with qtbot.waitSignal(dialog.finished) as done:
        qtbot.keyClick(dialog, key)
    assert done.args == [QDialog.DialogCode.Rejected]


def test_allowing_takes_a_click(qtbot, request_):
    dialog = ConsentDialog(ConsentFacts.from_request(request_))
    qtbot.addWidget(dialog)
    dialog.open()
    with qtbot.waitSignal(dialog.finished) as done:
        qtbot.mouseClick(dialog.allow, Qt.MouseButton.LeftButton)
    assert done.args == [QDialog.DialogCode.Accepted]


def test_picker_lists_one_line_summaries_and_filters_as_you_type(qtbot, catalog):
    picker = PackagePicker(catalog, CodeNodeDocument(body=""))
    qtbot.addWidget(picker)
    all_specs = picker.visible_specifiers()
    assert {"geo-tools", "geo-tools/extra", "csv-kit"} <= set(all_specs)
    lines = [picker.list.item(i).text() for i in range(picker.list.count())]
    assert "geo-tools   (geo-tools 1.0.0)\n    Distances on a sphere" in lines
    assert not any(SKILL_SECRET_TEXT in line for line in lines)  # never SKILL.md text
    qtbot.keyClicks(picker.filter, "sphere extra")
    assert picker.visible_specifiers() == ["geo-tools/extra"] and picker.specifier() == "geo-tools/extra"
    picker.filter.clear()
    qtbot.keyClicks(picker.filter, "CSV")
    assert picker.visible_specifiers() == ["csv-kit"]
    qtbot.keyClicks(picker.filter, "zzz")
    assert picker.visible_specifiers() == [] and not picker.ok_button.isEnabled()
    assert picker.empty.isVisibleTo(picker)


def test_picking_an_unallowed_pack_asks_and_stamps_the_declaration(qtbot, catalog):
    doc = CodeNodeDocument(body="return 1;")
    seen: list[ConsentDialog] = []

    def allow():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ConsentDialog)
        seen.append(dialog)
        qtbot.mouseClick(dialog.allow, Qt.MouseButton.LeftButton)

    def pick():
        picker = QApplication.activeModalWidget()
        assert isinstance(picker, PackagePicker)
        qtbot.keyClicks(picker.filter, "geo-tools")
        qtbot.keyClick(picker.filter, Qt.Key.Key_Down)
        QTimer.singleShot(0, allow)  # the consent dialog opens when the picker closes
        qtbot.keyClick(picker.filter, Qt.Key.Key_Return)

    QTimer.singleShot(0, pick)
    picked = pick_package(None, catalog, doc)
    assert picked is not None and picked.specifier == "geo-tools/extra"
    assert picked.import_line == 'import geoToolsExtra from "geo-tools/extra";'
    assert len(seen) == 1 and seen[0].allow.text() == "Allow for this document"
    assert seen[0].facts.purpose == "document" and GRANT in texts(seen[0])
    module = catalog.module("geo-tools/extra")
    assert picked.document.packages == (
        PackDeclaration(specifier="geo-tools/extra", resolvedPackVersion="1.0.0", contentDigest=module.digest),
    )
    assert module.digest in texts(seen[0])
    assert doc.packages == ()  # the caller's document object is not changed behind its back

    # Once allowed, the same document does not ask again.
    def pick_again():
        picker = QApplication.activeModalWidget()
        item = next(
            picker.list.item(i)
            for i in range(picker.list.count())
            if picker.list.item(i).data(Qt.ItemDataRole.UserRole) == "geo-tools/extra"
        )
        assert ALLOWED_MARK in item.text()
        picker.list.setCurrentItem(item)
        picker.accept()

    QTimer.singleShot(0, pick_again)
    again = pick_package(None, catalog, picked.document)
    assert again is not None and again.document == picked.document and len(seen) == 1


def test_refusing_inserts_nothing_and_records_nothing(qtbot, catalog):
    doc = CodeNodeDocument(body="return 1;")

    def refuse():
        qtbot.keyClick(QApplication.activeModalWidget(), Qt.Key.Key_Escape)

    def pick():
        picker = QApplication.activeModalWidget()
        qtbot.keyClicks(picker.filter, "csv")
        QTimer.singleShot(0, refuse)
        picker.accept()

    QTimer.singleShot(0, pick)
    assert pick_package(None, catalog, doc) is None


def ensure_consent(catalog: Catalog, doc: CodeNodeDocument) -> tuple[CodeNodeDocument, tuple[str, ...]]:
    """The run plan's pack question, answered by the studio's dialogs: (the document with what was allowed
    stamped, the specifiers refused)."""
    mine = RunTrust("untitled", given=Grants.requested_by(doc))
    settled = settle(plan_node_run(doc, catalog=catalog, trust=mine), DialogPrompter(None))
    return settled.stamped, settled.refused.packages


def test_hand_typed_imports_ask_before_a_run(qtbot, catalog):
    doc = CodeNodeDocument(body='import { km } from "geo-tools";\nimport x from "not-installed";\nreturn km(1, 3);')
    answers = iter(["allow"])

    def answer():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ConsentDialog) and dialog.facts.specifiers == ("geo-tools",)
        (dialog.allow if next(answers) == "allow" else dialog.refuse).click()

    QTimer.singleShot(0, answer)
    allowed, refused = ensure_consent(catalog, doc)
    assert refused == () and [p.specifier for p in allowed.packages] == ["geo-tools"]
    # nothing left to ask (not-installed fails the run)
    assert ensure_consent(catalog, allowed) == (allowed, ())

    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())
    assert ensure_consent(catalog, doc) == (doc, ("geo-tools",))


def test_several_packs_are_asked_once_and_a_refusal_keeps_the_other_yes(qtbot, catalog):
    """One dialog lists every pack of the run, each with its own choice."""
    doc = CodeNodeDocument(
        body='import { km } from "geo-tools";\nimport x from "geo-tools/extra";\nimport * as c from "csv-kit";\n'
    )
    seen: list[QDialog] = []

    def answer():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, PackListConsentDialog)
        seen.append(dialog)
        assert set(dialog.allow_choice) == {"geo-tools", "csv-kit"}
        assert all(b.isChecked() for b in dialog.refuse_choice.values())  # the safe choice first
        assert dialog.refuse.isDefault() and dialog.allow_all.text() == "Allow &all"
        qtbot.mouseClick(dialog.allow_choice["geo-tools"], Qt.MouseButton.LeftButton)
        qtbot.mouseClick(dialog.apply, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)
    document, refused = ensure_consent(catalog, doc)
    assert len(seen) == 1 and refused == ("csv-kit",)
    assert [p.specifier for p in document.packages] == ["geo-tools", "geo-tools/extra"]

    # The next run asks about the refused pack only; the yes to geo-tools was kept.
    asked: list[tuple[str, ...]] = []

    def answer_again():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ConsentDialog)
        asked.append(dialog.facts.specifiers)
        dialog.allow.click()

    QTimer.singleShot(0, answer_again)
    again, refused = ensure_consent(catalog, document)
    assert asked == [("csv-kit",)] and refused == ()
    assert [p.specifier for p in again.packages] == ["geo-tools", "geo-tools/extra", "csv-kit"]

    # "Allow all" allows every pack in one click; Esc refuses every pack.
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().allow_all.click())
    everything, refused = ensure_consent(catalog, doc)
    assert refused == () and len(everything.packages) == 3
    QTimer.singleShot(0, lambda: qtbot.keyClick(QApplication.activeModalWidget(), Qt.Key.Key_Escape))
    assert ensure_consent(catalog, doc) == (doc, ("geo-tools", "geo-tools/extra", "csv-kit"))


def test_import_lines():
    assert import_line("@acme/geo-tools", ("default",)) == 'import geoTools from "@acme/geo-tools";'
    assert import_line("p", ("a", "b")) == 'import { a, b } from "p";'
    assert import_line("p/x", ("a", "b", "c", "d", "e")) == 'import * as pX from "p/x";'
    assert import_line("3d-kit", ()) == 'import * as _3dKit from "3d-kit";'
