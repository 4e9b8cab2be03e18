"""`cordon run` imports only what its body uses: a bridge's module is imported by the body's first call
into it, TypeScript's only for a `.ts` body, and nothing else the result does not need; and it does not
rebuild what an earlier process built (the prelude's template is read back from Cordon's cache).

Each check is a fresh `cordon run` process that reports which modules it had loaded when it ended
(tests/test_cli_startup.py's probe): what a process pays is what it imports, and counting modules
asserts it without timing anything (bench/bench_startup.py prints the times).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from typing import Any

import pytest

from core import cache, paths
from core.bridges import STANDARD, standard_ops, standard_surfaces
from core.engine import driver, guest_module, templates
from core.engine.prelude import build_prelude
from tests.test_cli_startup import REPO, cordon, loaded_under

#: Every standard bridge's module (and what they import for their ops), none of which a body that calls
#: no bridge needs: the prelude is built from their declarations (core/bridges/__init__.py).
BRIDGES = tuple(
    f"core.bridges.{name}"
    for name in (
        "assets",
        "audio",
        "audio_ops",
        "canvas",
        "canvas_ops",
        "console",
        "crypto",
        "encoding",
        "fetch",
        "fetch_http",
        "format",
        "image",
        "image_ops",
        "media",
        "netguard",
        "nodetool",
        "progress",
        "secrets",
        "timers",
        "video",
        "video_ops",
        "web",
        "workspace",
    )
)
#: TypeScript's service, its context and its guest: for the editor and a `.ts` body (the facade and
#: `core.typescript.strip`, which only tells a `.ts` path, are light).
TYPESCRIPT = ("core.typescript.service", "core.typescript.context", "core.typescript.guest")
#: What a `.js` body that calls no bridge never needs: the bridges, TypeScript, pydantic, the media
#: store, the keyring's store, httpx.
NOT_FOR_A_PLAIN_RUN = (
    *BRIDGES,
    *TYPESCRIPT,
    "pydantic",
    "core.media_store",
    "core.secrets_store",
    "httpx",
    # read by `cordon --version` and the engine's wasmtime check, which reads the dist-info folder itself
    "importlib.metadata",
    # the guest's files are read from core/guest's own folder, not through importlib.resources' reader
    "importlib.readers",
    "zipfile",
)


def run_body(tmp_path, source: str, *args: str, name: str = "body.js") -> tuple[dict, set[str]]:
    body = tmp_path / name
    body.write_text(source, encoding="utf-8")
    proc, modules = cordon("run", str(body), "--json", *args)
    return json.loads(proc.stdout), modules


def test_a_body_that_calls_no_bridge_imports_none(tmp_path):
    result, modules = run_body(tmp_path, "return 1+1")
    assert result["ok"] and result["result"] == 2, result
    assert loaded_under(modules, NOT_FOR_A_PLAIN_RUN) == []


def test_pure_guest_globals_work_without_their_modules(tmp_path):
    """URL, TextEncoder and base64 are guest JavaScript (web.py, encoding.py): the prelude has them, and
    no module of theirs is imported to run them."""
    result, modules = run_body(
        tmp_path,
        "const u = new URL('https://example.com/a?b=1');"
        "return [u.searchParams.get('b'), new TextEncoder().encode('hé').length, toHex(new Uint8Array([255]))]",
    )
    assert result["ok"] and result["result"] == ["1", 3, "ff"], result
    assert loaded_under(modules, NOT_FOR_A_PLAIN_RUN) == []


def test_a_bridge_the_body_calls_is_imported_and_works(tmp_path):
    result, modules = run_body(
        tmp_path,
        "console.log('hi'); const d = await crypto.digest('SHA-256', 'abc'); return toHex(d).slice(0, 8)",
    )
    assert result["ok"] and result["result"] == "ba7816bf", result
    assert result["logs"] == ["hi"]
    assert loaded_under(modules, BRIDGES) == ["core.bridges.console", "core.bridges.crypto"]


def test_a_refused_bridge_call_is_still_refused_by_its_rule(tmp_path):
    result, modules = run_body(tmp_path, "return await workspace.read('notes.txt')")
    assert not result["ok"]
    assert result["error"]["rule"] == "workspace-unavailable", result["error"]
    assert "--workspace DIR" in result["error"]["message"]
    assert "core.bridges.workspace" in modules
    # and the next run (a fresh process) is healthy
    again, _ = run_body(tmp_path, "return 'fine'")
    assert again["ok"] and again["result"] == "fine"


def test_typescript_is_imported_only_for_a_typescript_body(tmp_path):
    result, modules = run_body(tmp_path, "const n: number = 1 + 1;\nreturn n", name="body.ts")
    assert result["ok"] and result["result"] == 2, result
    assert "core.typescript.guest" in modules
    result, modules = run_body(tmp_path, "return 1+1")
    assert result["ok"]
    assert loaded_under(modules, TYPESCRIPT) == []


def test_the_wasmtime_version_is_the_one_importlib_metadata_reads():
    """The engine reads wasmtime's version from its dist-info folder without importlib.metadata (its
    import is ~10 ms of a run's process): the same answer, which keys every compiled module."""
    from importlib import metadata

    assert guest_module.installed_version("wasmtime") == metadata.version("wasmtime")


def test_the_lazy_op_table_is_the_standard_surfaces_ops():
    """The table the run reads names every op the standard surfaces define, with the same callables'
    behaviour (sync or not), and no other: an unknown name is still unknown (the run refuses it as
    `unknown-op`)."""
    ops = standard_ops()
    defined = {name: op for surface in standard_surfaces() for name, op in surface.ops.items()}
    assert sorted(ops) == sorted(defined)
    for name, op in defined.items():
        assert ops.get(name) is op, name
    assert ops.get("no.such") is None
    assert ops.get("__proto__") is None


#: Runs `return 1+1` in a fresh process and reports its result and how many guest templates it built
#: (`GuestVM.set_up` is a template build's first step), as one JSON line.
BUILDS_PROBE = (
    "import json\n"
    "from core.engine import driver\n"
    "builds = []\n"
    "set_up = driver.GuestVM.set_up\n"
    "driver.GuestVM.set_up = lambda vm, signature: (builds.append(1), set_up(vm, signature))[1]\n"
    "from core import run_in_sandbox\n"
    "result = run_in_sandbox('return 1+1')\n"
    "print(json.dumps([result.ok, result.result, len(builds)]))\n"
)


def python_says(probe: str, timeout: float = 120) -> Any:
    """What a fresh interpreter running `probe` in the checkout prints last, as JSON."""
    proc = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


def fresh_process_builds() -> tuple[bool, object, int]:
    ok, value, builds = python_says(BUILDS_PROBE)
    return ok, value, builds


def test_a_later_process_reads_the_prelude_template_back_and_a_damaged_one_is_rebuilt(run):
    """The standard prelude's template is built once and cached (core/engine/templates.py): the next
    process starts its run from the cached pages without running the prelude; pages that are not
    byte for byte what Cordon wrote are a miss (core/cache.py), rebuilt, and the run is the same."""
    assert run("return 1").ok  # this process built or read it, and cached it
    template = templates.cached_template(build_prelude(()))
    assert template is not None and template.key is not None
    name = f"template-{template.key}.pages"
    assert cache.read(name) is not None
    assert fresh_process_builds() == (True, 2, 0)

    entry = paths.cache_dir() / name
    damaged = bytearray(entry.read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    entry.write_bytes(bytes(damaged))
    assert cache.read(name) is None
    assert fresh_process_builds() == (True, 2, 1)
    assert cache.read(name) is not None, "the rebuilt template was cached again"
    assert fresh_process_builds() == (True, 2, 0)


def test_the_run_subcommand_alone_parses_as_the_whole_grammar(capsys):
    """`cordon run ...` declares only the run subcommand (core/cli/__init__.py `_subcommand`): the same
    arguments, and a usage error prints the whole grammar's usage line."""
    from core.cli import build_parser

    for argv in (
        ["run", "x.js", "--json"],
        ["-v", "run", "-", "--inputs", "{}", "--limits", "{}", "--only-packs", "a"],
    ):
        assert vars(build_parser("run").parse_args(argv)) == vars(build_parser().parse_args(argv))
    usages = []
    for parser in (build_parser("run"), build_parser()):
        with contextlib.suppress(SystemExit):
            parser.parse_args(["run", "--bogus"])
        usages.append(capsys.readouterr().err)
    assert usages[0] == usages[1] and "{run,node,packs," in usages[0]


@pytest.mark.skipif(not hasattr(os, "memfd_create"), reason="sealed memfds are Linux's")
def test_a_compiled_module_is_mapped_from_sealed_bytes_nobody_can_change(run):
    """The compiled guest is handed to wasmtime as a sealed memfd of the verified bytes (mapped, so a run
    touches only the code it executes): the memfd refuses any write or resize, and bytes wasmtime
    refuses are still refused."""
    assert run("return 1").ok
    driver.wait_for_compile()  # a new home's first run is on Winch: its compiled guest is cached after
    guest = driver.install()
    data = cache.read(guest_module._precompiled_name(guest.wasm))
    assert data is not None
    fd = guest_module._sealed_memfd(data)
    assert fd is not None
    try:
        with pytest.raises(PermissionError):
            os.write(fd, b"x")
        with pytest.raises(PermissionError):
            os.ftruncate(fd, 0)
        assert os.pread(fd, len(data) + 1, 0) == data
    finally:
        os.close(fd)
    module = guest_module.deserialize(guest.engine, data)
    assert "cg_run" in {export.name for export in module.exports}
    damaged = data[: len(data) // 2]
    with pytest.raises(guest_module.wasmtime.WasmtimeError):
        guest_module.deserialize(guest.engine, damaged)


#: `cordon` as its console script runs it: `main()` reading sys.argv, which ends the process itself.
COMMAND = "import sys; from core.cli import main; sys.exit(main())"


def command(tmp_path, source: str) -> subprocess.CompletedProcess[str]:
    body = tmp_path / "body.js"
    body.write_text(source, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-c", COMMAND, "run", str(body), "--json"],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_cordon_process_ends_with_its_whole_output_and_status(tmp_path):
    """`cordon` ends its process once the command is done (core.cli.end_process), skipping the
    interpreter's teardown: the output is whole and the status is the command's. (That the atexit
    work still runs is tests/test_first_run_notice.py's: a new home's compile is finished at exit.)"""
    done = command(tmp_path, "return 'x'.repeat(90000)")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"] == "x" * 90000
    done = command(tmp_path, "throw new RangeError('no')")
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"]["name"] == "RangeError"


def test_the_studios_warm_up_imports_every_bridge():
    """The studio warms the engine in the background (core.warm_engine): it imports the bridges there,
    so a studio run's first call into one pays no import inside its time budget."""
    probe = (
        "import json, sys\n"
        "from core import warm_engine\n"
        "warm_engine()\n"
        f"print(json.dumps(sorted(m for m in {list(BRIDGES)!r} if m in sys.modules)))\n"
    )
    loaded = python_says(probe, timeout=300)
    assert {f"core.bridges.{d.name}" for d in STANDARD} <= set(loaded)
