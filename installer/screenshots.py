"""Screenshots of the studio for `docs/screenshots/`, rendered offscreen from the real widgets.

    QT_QPA_PLATFORM=offscreen .venv/bin/python installer/screenshots.py [NAME ...]

Each `shot_<name>()` function builds one real widget in a state worth showing
and returns it; `main` grabs it into `docs/screenshots/<name>.png`. Add a
screenshot by adding a function to `SHOTS`. Everything runs against a
throwaway CORDON_HOME, so a person's installed packs, trust decisions and
settings are never touched or shown.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["CORDON_HOME"] = tempfile.mkdtemp(prefix="cordon-screenshots-")  # before any state is touched
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from core.packs import Catalog  # noqa: E402
from core.packs.install import commit_install, discard, prepare_install  # noqa: E402
from gui.dialogs.consent import ConsentDialog, ConsentFacts  # noqa: E402
from gui.dialogs.secret_prompt import SecretPromptDialog  # noqa: E402
from gui.pack_manager import PackManager  # noqa: E402
from gui.theme import apply_theme  # noqa: E402

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


def _window_after_run(example: str, inputs: dict[str, str], tab: int) -> QWidget:
    """The main window with a shipped example run to completion (the real engine, on its thread)."""
    from gui.completion import GuestApiProbe
    from gui.main_window import MainWindow, examples_dir
    from gui.settings import AppSettings

    window = MainWindow(AppSettings())
    window.resize(1360, 820)
    window.open_example(examples_dir() / f"{example}.node.json")
    window.catalogs.wait()
    for name, text in inputs.items():
        window.run_panel.inputs.field(name).edit.setText(text)
        window.run_panel.inputs.field(name).edit.setCursorPosition(0)
    GuestApiProbe.wait(60)  # the studio's start-up probe: the engine is warm, as a person finds it
    window.run()
    app = QApplication.instance()
    while window.run_panel.running:
        app.processEvents()
    app.processEvents()
    window.refresh_diagnostics()
    window.run_panel.tabs.setCurrentIndex(tab)
    window.run_panel.outputs.expandAll()
    window.editor.goto(1)
    return window


def shot_main_window() -> QWidget:
    """After a run: the image example's contact sheet shown as an image in the outputs tree."""
    import base64
    import io
    import json

    from PIL import Image

    photos = []
    for colour, size in (
        ("#e4572e", (300, 200)),
        ("#29335c", (120, 240)),
        ("#f3a712", (90, 90)),
        ("#669bbc", (200, 120)),
    ):
        out = io.BytesIO()
        Image.new("RGB", size, colour).save(out, "PNG")
        photos.append({"$bytes": base64.b64encode(out.getvalue()).decode()})
    return _window_after_run(
        "image-thumbnail-grid", {"photos": json.dumps(photos), "size": "72", "columns": "2"}, tab=0
    )


def shot_main_window_stream() -> QWidget:
    """A streaming body: items fed to stream("numbers"), every emit listed as it arrived."""
    window = _window_after_run("running-total", {"numbers": "[3, 4, 5.5, 10, -2.5]"}, tab=1)
    window.run_panel.emitted.expandAll()
    return window


def shot_main_window_problems() -> QWidget:
    """Live diagnostics: margin markers, squiggles and the problems list, before any run."""
    from gui.main_window import MainWindow
    from gui.settings import AppSettings

    window = MainWindow(AppSettings())
    window.resize(1360, 820)
    window.catalogs.wait()
    body = (
        "// Summarise rows from an API\n"
        'import { parse } from "@cordon/sandbox-csv";\n'
        'import { slugify } from "no-such-pack";\n'
        "\n"
        "const rows = parse(inputs.csv, { header: true }).data;\n"
        "for (const row of rows) {\n"
        '  await emit("row", { ...row, slug: slugify(row.name) });\n'
        "}\n"
        'await output("count", rows.length + offset);\n'
    )
    from core.codenode import CodeNodeDocument, InputHandle, OutputHandle, PackDeclaration

    csv = window.catalogs.wait().module("@cordon/sandbox-csv")
    declared = (
        (PackDeclaration(specifier=csv.specifier, resolvedPackVersion=csv.version, contentDigest=csv.digest),)
        if csv is not None
        else ()
    )
    window.load(
        CodeNodeDocument(
            name="api-summary",
            body=body,
            inputs=(InputHandle(name="csv", type="string"),),
            outputs=(OutputHandle(name="row", type="object"), OutputHandle(name="count", type="integer")),
            packages=declared,
        ),
        None,
    )
    window.editor.goto(3, 10)
    return window


SHOTS: dict[str, Callable[[], QWidget]] = {
    "main-window": shot_main_window,
    "main-window-stream": shot_main_window_stream,
    "main-window-problems": shot_main_window_problems,
    "consent-dialog": shot_consent_dialog,
    "pack-manager": shot_pack_manager,
    "secret-prompt": shot_secret_prompt,
}


def main(names: list[str]) -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    apply_theme(app, "light")
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names or list(SHOTS):
        widget = SHOTS[name]()
        widget.show()
        for _ in range(3):
            app.processEvents()
        path = OUT / f"{name}.png"
        widget.grab().save(str(path))
        widget.close()
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    finally:
        shutil.rmtree(os.environ["CORDON_HOME"], ignore_errors=True)
        shutil.rmtree(Path(tempfile.gettempdir()) / "cordon-demo", ignore_errors=True)
