"""Screenshots of the studio for `docs/screenshots/`, rendered offscreen from the real widgets.

    QT_QPA_PLATFORM=offscreen .venv/bin/python installer/screenshots.py [--out DIR] [--list] [NAME ...]

Each `shot_<name>()` function builds one real widget in a state worth showing
and returns it; `main` grabs it, in the theme `SHOTS` names, into
`docs/screenshots/<name>.png`. Add a screenshot by adding it to `SHOTS`.
Everything runs against a throwaway CORDON_HOME and an in-memory keyring, so a
person's installed packs, trust decisions, settings and secrets are never
touched or shown. tests/test_screenshots.py runs it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["CORDON_HOME"] = tempfile.mkdtemp(prefix="cordon-screenshots-")  # before any state is touched
sys.path.insert(0, str(ROOT))

import keyring  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from core.packs import Catalog  # noqa: E402
from core.packs.install import commit_install, discard, prepare_install  # noqa: E402
from gui.dialogs.consent import ConsentDialog, ConsentFacts, PackListConsentDialog  # noqa: E402
from gui.dialogs.secret_prompt import SecretPromptDialog  # noqa: E402
from gui.garbage import collect_on_gui_thread  # noqa: E402
from gui.pack_manager import PackManager  # noqa: E402
from gui.theme import apply_theme  # noqa: E402
from tests.memkeyring import MemoryKeyring  # noqa: E402

DEMO_PACK = {
    "package.json": """{
  "name": "text-tools",
  "version": "2.3.0",
  "description": "Slugs, word counts and title case for Code nodes.",
  "cordon": {"apiVersion": 1, "sandboxModules": [
    {"name": ".", "kind": "js", "file": "sandbox/index.js"},
    {"name": "slug", "kind": "js", "file": "sandbox/slug.js"}]}
}
""",
    "sandbox/index.js": "export { slug } from './slug.js';\n"
    "export const words = (s) => s.split(/\\s+/).filter(Boolean).length;\n",
    "sandbox/slug.js": "export const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');\n",
    "SKILL.md": """---
name: text-tools
description: Slugs, word counts and title case.
---
# text-tools

Small text helpers for Code nodes.

## Functions
- `slug(text)` — lowercase, dashes between words: `slug("Hello World")` is `"hello-world"`.
- `words(text)` — how many words `text` has.

```js
import { slug, words } from "text-tools";
return { slug: slug(inputs.title), words: words(inputs.body) };
```

**Gotcha:** inputs larger than a few MB are slow; split them first.
""",
}


def _demo_pack_folder() -> Path:
    """The demo pack at a fixed path, so the screenshots are the same from run to run."""
    folder = Path(tempfile.gettempdir()) / "cordon-demo" / "text-tools"
    shutil.rmtree(folder, ignore_errors=True)
    for rel, text in DEMO_PACK.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


@contextmanager
def _prepared_demo() -> Iterator[object]:
    request = prepare_install(str(_demo_pack_folder()))
    try:
        yield request
    finally:
        discard(request)


def shot_consent_dialog() -> QWidget:
    """Installing a pack: what it reaches, its integrity, install mode and doc trust."""
    with _prepared_demo() as request:
        return ConsentDialog(ConsentFacts.from_request(request))  # type: ignore[arg-type]


def shot_consent_list() -> QWidget:
    """A run importing two packs the document does not allow yet: one question, a choice per pack."""
    catalog = Catalog()
    facts = []
    for name in ("@cordon/sandbox-csv", "@cordon/sandbox-dates"):
        pack = catalog.pack(name)
        assert pack is not None, name
        facts.append(ConsentFacts.from_pack(pack, tuple(pack.modules)))
    dialog = PackListConsentDialog(tuple(facts))
    dialog.allow_choice["@cordon/sandbox-csv"].setChecked(True)
    return dialog


def shot_pack_manager() -> QWidget:
    """The pack manager with an installed third-party pack selected (docs labelled untrusted)."""
    commit_install(prepare_install(str(_demo_pack_folder())))
    manager = PackManager(Catalog())
    manager.resize(1100, 680)
    manager.select_pack("text-tools")
    return manager


def shot_secret_prompt() -> QWidget:
    """A Code node's requestSecret: the code's reason, a masked field, remember in the keyring."""
    dialog = SecretPromptDialog("WEATHER_API_KEY", "to read today's forecast from api.weather.example")
    dialog.value.setText("not-a-real-key")
    return dialog


def _settle(window: QWidget) -> None:
    """Let a window finish what its event loop owes it (a run's last reports, a layout fit)."""
    app = QApplication.instance()
    run_panel = getattr(window, "run_panel", None)
    deadline = time.monotonic() + 120  # a run that never ends fails the shot instead of spinning forever
    while run_panel is not None and run_panel.running:
        if time.monotonic() > deadline:
            raise RuntimeError("the window's run did not end within 120 s")
        app.processEvents()
    for _ in range(5):
        app.processEvents()


def _main_window():
    from gui.completion import GuestApiProbe
    from gui.main_window import MainWindow
    from gui.settings import AppSettings

    window = MainWindow(AppSettings())
    window.resize(1360, 820)
    window.catalogs.wait()
    GuestApiProbe.wait(60)  # the studio's start-up probe: the engine is warm, as a person finds it
    return window


def _png(path: Path, colour: str, size: tuple[int, int]) -> Path:
    from PIL import Image

    Image.new("RGB", size, colour).save(path, "PNG")
    return path


def _photos() -> list[Path]:
    folder = Path(os.environ["CORDON_HOME"]) / "photos"
    folder.mkdir(exist_ok=True)
    return [
        _png(folder / f"photo-{i}.png", colour, size)
        for i, (colour, size) in enumerate(
            (("#e4572e", (300, 200)), ("#29335c", (120, 240)), ("#f3a712", (90, 90)), ("#669bbc", (200, 120)))
        )
    ]


def _window_after_run(example: str, tab: int, files: dict[str, list[Path]] | None = None, **texts: str) -> QWidget:
    """The main window with a shipped example run to completion (the real engine, on its thread)."""
    from gui.main_window import examples_dir

    window = _main_window()
    window.open_example(examples_dir() / f"{example}.node.json")
    for name, text in texts.items():
        window.run_panel.inputs.field(name).set_text(text)
    for name, paths in (files or {}).items():
        window.run_panel.inputs.field(name).add_files(paths)
    window.run()
    _settle(window)
    window.refresh_diagnostics()
    window.run_panel.tabs.setCurrentIndex(tab)
    window.run_panel.outputs.expandAll()
    _wait_for_previews(window.run_panel.outputs)
    window.editor.goto(1)
    return window


def shot_main_window() -> QWidget:
    """After a run: photos picked as files (thumbnails in the inputs), the contact sheet shown as an image."""
    return _window_after_run("image-thumbnail-grid", tab=0, files={"photos": _photos()}, size="72", columns="2")


def shot_main_window_stream() -> QWidget:
    """A streaming body: items fed to stream("numbers"), every emit listed as it arrived."""
    window = _window_after_run("running-total", tab=1, numbers="[3, 4, 5.5, 10, -2.5]")
    window.run_panel.emitted.expandAll()
    return window


INPUTS_BODY = """\
// A sales CSV (one row per line) and a logo: the inputs editor keeps the
// CSV's lines and holds the picked image as bytes, never as base64 text.
const [header, ...lines] = inputs.csv.trim().split("\\n");
const columns = header.split(",");
const rows = lines.map((line) => Object.fromEntries(
  line.split(",").map((cell, i) => [columns[i], cell])));
const amounts = rows.map((row) => Number(row.amount));
const total = amounts.reduce((sum, n) => sum + n, 0);
const over = amounts.filter((n) => n > inputs.threshold).length;
await output("summary", { rows: rows.length, total, over });
const { width, height, format } = await image.info(inputs.logo);
await output("logo", { width, height, format });
"""

SALES_CSV = """\
region,month,amount
north,2026-01,1250
south,2026-01,980
east,2026-01,1610
west,2026-01,720
north,2026-02,1390
"""


def shot_inputs_editor() -> QWidget:
    """The inputs editor by declared type: a multi-line CSV, a picked image (previewed), a number."""
    from core.codenode import CodeNodeDocument, InputHandle, OutputHandle

    window = _main_window()
    window.load(
        CodeNodeDocument(
            name="sales-report",
            body=INPUTS_BODY,
            inputs=(
                InputHandle(name="csv", type="string"),
                InputHandle(name="logo", type="bytes"),
                InputHandle(name="threshold", type="number", default=1000),
            ),
            outputs=(OutputHandle(name="summary", type="object"), OutputHandle(name="logo", type="object")),
        ),
        None,
    )
    folder = Path(os.environ["CORDON_HOME"])
    window.run_panel.inputs.field("csv").set_text(SALES_CSV)
    window.run_panel.inputs.field("logo").add_files([_png(folder / "logo.png", "#29335c", (160, 96))])
    window.run()
    _settle(window)
    window.run_panel.outputs.expandAll()
    window.editor.goto(1)
    return window


def shot_quick_fixes() -> QWidget:
    """Live diagnostics with one-click fixes: an undeclared input, output and secret, an unknown pack."""
    from core.codenode import CodeNodeDocument

    window = _main_window()
    body = (
        "// Keep the rows that scored, and send them on with the API's key\n"
        'import { slugify } from "no-such-pack";\n'
        "\n"
        "const kept = inputs.rows.filter((r) => r.score > 50);\n"
        'const key = await getSecret("API_KEY");\n'
        'await output("kept", kept.map((r) => ({ ...r, slug: slugify(r.name) })));\n'
    )
    window.load(CodeNodeDocument(name="scored-rows", body=body), None)
    window.refresh_diagnostics()
    window.left.setSizes([560, 190])  # every problem in view
    window.editor.goto(4, 15)
    return window


def shot_secrets_setup() -> QWidget:
    """No keyring on this machine: the guided setup of Cordon's encrypted secrets file."""
    from gui.secrets_page import SecretsSetupDialog

    dialog = SecretsSetupDialog("missing")
    dialog.passphrase.setText("correct horse battery staple")
    dialog.again.setText("correct horse battery staple")  # type: ignore[union-attr]
    return dialog


def shot_trust_banner() -> QWidget:
    """A document you trusted, reopened: the banner says what it may do beyond the sandbox, the status bar's
    badge says it while it runs elevated, and Revoke Trust is one click away."""
    from core.codenode import CodeNodeDocument, DocumentKey, NodeProps, OutputHandle, save_document, saved_bytes, trust

    doc = CodeNodeDocument(
        name="local-dashboard",
        description="Reads the dashboard on this machine.",
        body='const res = await fetch("http://127.0.0.1:8080/status");\nawait output("status", res.json);\n',
        outputs=(OutputHandle(name="status", type="object"),),
        props=NodeProps(allow_local_network=True, secrets=("DASHBOARD_TOKEN",)),
    )
    path = Path(os.environ["CORDON_HOME"]) / "local-dashboard.node.json"
    save_document(doc, path)
    trust(DocumentKey.of(path, saved_bytes(doc)))
    window = _main_window()
    window.open_path(path, ask=False)
    window.editor.goto(1)
    return window


def shot_node_tab() -> QWidget:
    """The Node tab: name, handles, and this document's own limits and grants (Settings holds the defaults)."""
    from core.codenode import CodeNodeDocument, InputHandle, NodeProps, OutputHandle, PackDeclaration

    window = _main_window()
    window.load(
        CodeNodeDocument(
            name="weather-digest",
            description="Today's forecast for each city, as one line of text.",
            body=(
                'import { format } from "@cordon/sandbox-dates";\n'
                'const key = await getSecret("WEATHER_API_KEY");\n'
                "for (const city of inputs.cities) {\n"
                "  const res = await fetch(`https://api.weather.example/today?city=${city}&key=${key}`);\n"
                '  await emit("line", `${city}: ${res.json.summary} (${format(new Date(), "d MMM")})`);\n'
                "}\n"
            ),
            inputs=(InputHandle(name="cities", type="array", default=["Oslo", "Lagos"]),),
            outputs=(OutputHandle(name="line", type="string"),),
            props=NodeProps(timeout=20, max_response_mb=2, secrets=("WEATHER_API_KEY",)),
            packages=(PackDeclaration(specifier="@cordon/sandbox-dates"),),
        ),
        None,
    )
    window.side_tabs.setCurrentWidget(window.details)
    window.editor.goto(1)
    return window


def shot_about() -> QWidget:
    """Help → About Cordon Studio: the version, and each folder Cordon keeps files in, with a Copy button."""
    from core import host_worker_confinement, installation
    from gui.dialogs.about import about_window
    from gui.main_window import APP_TITLE, confinement_text

    return about_window(None, APP_TITLE, installation(), confinement_text(host_worker_confinement()))


MEDIA_BODY = """\
// Media outputs preview in place: a drawing, a tone trimmed by audio.*,
// a clip kept as an asset; each with its size or length, the last two
// with a play button.
const drawing = createCanvas(160, 100);
const ctx = drawing.getContext("2d");
ctx.fillStyle = "#29335c";
ctx.fillRect(0, 0, 160, 100);
ctx.fillStyle = "#f3a712";
ctx.fillRect(30, 20, 100, 60);
await output("drawing", await media.toImage(await drawing.toBytes()));
await output("tone", await audio.toAsset(await audio.trim(inputs.tone, { start: 0.25 })));
await output("film", await video.toAsset(inputs.film));
"""


def shot_media_previews() -> QWidget:
    """A run's image, audio and video outputs, previewed in the outputs panel (play buttons on the last two)."""
    from core.codenode import CodeNodeDocument, InputHandle, OutputHandle
    from tests.test_audio import sine
    from tests.test_video import clip

    folder = Path(os.environ["CORDON_HOME"])
    (folder / "tone.wav").write_bytes(sine(1.5))
    (folder / "film.mp4").write_bytes(clip())
    window = _main_window()
    window.load(
        CodeNodeDocument(
            name="media-outputs",
            body=MEDIA_BODY,
            inputs=(InputHandle(name="tone"), InputHandle(name="film")),
            outputs=(OutputHandle(name="drawing"), OutputHandle(name="tone"), OutputHandle(name="film")),
        ),
        None,
    )
    window.run_panel.inputs.field("tone").add_files([folder / "tone.wav"])
    window.run_panel.inputs.field("film").add_files([folder / "film.mp4"])
    window.run()
    _settle(window)
    window.run_panel.outputs.expandAll()
    _wait_for_previews(window.run_panel.outputs)
    window.editor.goto(1)
    return window


def _wait_for_previews(tree, seconds: float = 60) -> None:
    """Process events until every media preview of `tree` has read its media (they read it on the work pool)."""
    import time

    app = QApplication.instance()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not all(p.loaded for p in tree.previews()):
        app.processEvents()
        time.sleep(0.02)


TYPESCRIPT_BODY = (
    "// Tomorrow's forecast for the node's city, typed\n"
    'import { parse } from "@nodetool-ai/sandbox-csv";\n'
    "\n"
    "interface Day { date: string; high: number }\n"
    "const days: number = inputs.days;\n"
    "const rows = (await parse(await workspace.read(`${inputs.city}.csv`))) as Day[];\n"
    "await sleep(100);\n"
)


def _typescript_window(extra: str = "", body: str = TYPESCRIPT_BODY) -> QWidget:
    """A TypeScript node in the studio; its checker (core.typescript) answers in the background."""
    from core.codenode import CodeNodeDocument

    window = _main_window()
    doc = CodeNodeDocument(
        name="forecast",
        body=body + extra,
        language="typescript",
        inputs=({"name": "city", "type": "string"}, {"name": "days", "type": "integer"}),
    )
    window.load(doc, None)
    window.show()  # laid out at its real size: a point asked of the editor is where the word is drawn
    _settle(window)
    return window


def _with_popups(window: QWidget) -> QWidget:
    """The window with the editor's popups (completion list, tooltips) painted in: Scintilla shows them
    as top-level windows of their own, which a grab of the main window leaves out."""
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QLabel

    _settle(window)
    picture = window.grab()
    painter = QPainter(picture)
    origin = window.mapToGlobal(window.rect().topLeft())
    for popup in QApplication.topLevelWidgets():
        if (
            popup is not window
            and popup.isVisible()
            and popup.window() is not window
            and popup.width() < window.width()
        ):
            painter.drawPixmap(popup.mapToGlobal(popup.rect().topLeft()) - origin, popup.grab())
    painter.end()
    label = QLabel()
    label.setPixmap(picture)
    label.resize(picture.size())
    return label


def _wait_for(condition: Callable[[], bool], seconds: float = 120) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        QApplication.instance().processEvents()
        time.sleep(0.02)


def shot_typescript_completion() -> QWidget:
    """The typed completion popup: the node's declared inputs with their types."""
    from PySide6.QtTest import QTest

    window = _typescript_window()
    editor = window.editor
    editor.goto(8, 1)
    QTest.keyClicks(editor.sci, "const where = inputs.")
    _wait_for(lambda: editor.sci.autoCActive() and b"  " in bytes(editor.sci.autoCCurrentText()))
    return _with_popups(window)


def shot_typescript_pack_completion() -> QWidget:
    """Completion after a guest pack's namespace: date-fns's own signatures, from the declarations
    the pack ships beside its bundle."""
    from PySide6.QtTest import QTest

    body = TYPESCRIPT_BODY.replace(
        'from "@nodetool-ai/sandbox-csv";\n',
        'from "@nodetool-ai/sandbox-csv";\nimport * as dates from "@cordon/sandbox-dates";\n',
    )
    window = _typescript_window(body=body)
    editor = window.editor
    editor.goto(9, 1)
    QTest.keyClicks(editor.sci, "const label = dates.formatDi")
    _wait_for(lambda: editor.sci.autoCActive() and b"  " in bytes(editor.sci.autoCCurrentText()))
    return _with_popups(window)


def shot_typescript_hover() -> QWidget:
    """Hover over a sandbox global: its signature and doc from the checker, in the editor's own
    tooltip (a Scintilla call tip, painted in by `_with_popups`, since offscreen it is a window of
    its own that a grab of the main window leaves out)."""
    window = _typescript_window()
    editor, sci = window.editor, window.editor.sci
    pos = len(TYPESCRIPT_BODY[: TYPESCRIPT_BODY.rindex("sleep(") + 2].encode())
    editor._on_dwell_start(sci.pointXFromPosition(pos), sci.pointYFromPosition(pos) + 4)
    _wait_for(lambda: sci.callTipActive() and editor.tip_text.startswith("function sleep("))
    if not sci.callTipActive():
        raise SystemExit("the TypeScript checker gave no hover for sleep()")
    return _with_popups(window)


def shot_typescript_type_error() -> QWidget:
    """A type error squiggled before the run: a string where a number is declared."""
    window = _typescript_window("const total: number = inputs.city;\n")
    editor, sci = window.editor, window.editor.sci
    _wait_for(lambda: bool(editor.type_diagnostics()))
    pos = len((TYPESCRIPT_BODY + "const total").encode()) - 3
    editor._on_dwell_start(sci.pointXFromPosition(pos), sci.pointYFromPosition(pos) + 4)
    return _with_popups(window)


SHOTS: dict[str, tuple[Callable[[], QWidget], str]] = {
    "main-window": (shot_main_window, "light"),
    "main-window-dark": (shot_main_window, "dark"),
    "main-window-stream": (shot_main_window_stream, "light"),
    "inputs-editor": (shot_inputs_editor, "light"),
    "quick-fixes": (shot_quick_fixes, "light"),
    "quick-fixes-dark": (shot_quick_fixes, "dark"),
    "secrets-setup": (shot_secrets_setup, "light"),
    "consent-dialog": (shot_consent_dialog, "light"),
    "consent-list": (shot_consent_list, "light"),
    "pack-manager": (shot_pack_manager, "light"),
    "secret-prompt": (shot_secret_prompt, "light"),
    "trust-banner": (shot_trust_banner, "light"),
    "node-tab": (shot_node_tab, "light"),
    "about": (shot_about, "light"),
    "media-previews": (shot_media_previews, "light"),
    "media-previews-dark": (shot_media_previews, "dark"),
    "typescript-completion": (shot_typescript_completion, "light"),
    "typescript-pack-completion": (shot_typescript_pack_completion, "light"),
    "typescript-type-error": (shot_typescript_type_error, "light"),
    "typescript-hover": (shot_typescript_hover, "light"),
}


def _put_away(widget: QWidget) -> None:
    """Stop a window's run thread and drop it without its close prompt (nothing here is the person's)."""
    run_panel = getattr(widget, "run_panel", None)
    if run_panel is not None:
        run_panel.shutdown()
    widget.hide()
    widget.deleteLater()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description="Regenerate the studio's screenshots.")
    parser.add_argument("names", nargs="*", metavar="NAME", help="which ones (default: all): " + ", ".join(SHOTS))
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder for the PNGs (default {OUT})")
    parser.add_argument("--list", action="store_true", help="print the screenshots' names and exit")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(SHOTS))
        return
    unknown = [name for name in args.names if name not in SHOTS]
    if unknown:
        parser.error(f"no screenshot named {', '.join(unknown)}")
    keyring.set_keyring(MemoryKeyring())  # nothing here reads or writes the person's keyring
    app = QApplication.instance() or QApplication(sys.argv[:1])
    collect_on_gui_thread(app)  # as the studio does: a window closed here is freed on this thread
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names or list(SHOTS):
        build, theme = SHOTS[name]
        apply_theme(app, theme)
        widget = build()
        widget.show()
        _settle(widget)
        path = args.out / f"{name}.png"
        if not widget.grab().save(str(path)):
            raise SystemExit(f"could not write {path}")
        _put_away(widget)
        print(path)
    apply_theme(app, "light")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    finally:
        shutil.rmtree(os.environ["CORDON_HOME"], ignore_errors=True)
        shutil.rmtree(Path(tempfile.gettempdir()) / "cordon-demo", ignore_errors=True)
