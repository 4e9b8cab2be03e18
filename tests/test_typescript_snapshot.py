"""The TypeScript guest's snapshot: a warm guest's memory in Cordon's verified cache (issue 34, item 5).

Real guests throughout: the snapshot is built by `build_snapshot` (the compiler, the library and
every shipped pack parsed), stored through `core.cache`, and a later guest starts from it. A file
in the cache is used only when its digest is the one Cordon recorded, and a change to anything the
warm memory depends on names another snapshot, which is then built again.
"""

from __future__ import annotations

import pytest

from core import cache, paths
from core.packs import default_catalog
from core.typescript import guest as ts_guest
from core.typescript import snapshot
from core.typescript.context import BodyContext, Handle, pack_context
from core.typescript.guest import TypeScriptGuest, build_snapshot, snapshot_name, warm_state
from core.typescript.service import LanguageService

NODE = BodyContext("typescript", inputs=(Handle("city", "string"), Handle("days", "integer")), outputs=())
YAML = 'import * as yaml from "@cordon/sandbox-yaml";\nyaml.'


def with_packs(body: str) -> BodyContext:
    packs, files, real = pack_context(body, default_catalog())
    return BodyContext("typescript", NODE.inputs, (), packs, files, real)


def answers(service: LanguageService) -> tuple[list[str], list[str], list[str]]:
    """What the checks below compare: completion after `inputs.`, a shipped pack's exports, a type error."""
    inputs = [i.name for i in service.completion("inputs.", NODE, (0, 7))]
    exports = [i.name for i in service.completion(YAML, with_packs(YAML), (1, 5), details=0)]
    errors = [d.message for d in service.diagnostics("const s: string = 1;\n", NODE)]
    return inputs, exports, errors


@pytest.fixture(scope="module")
def built() -> str:
    """The snapshot of this session's Cordon (built once: seconds of guest time)."""
    build_snapshot()
    return snapshot_name(warm_state())


def test_a_guest_started_from_the_snapshot_answers_as_a_cold_one(built):
    restored = snapshot.counts["restored"]
    warm = TypeScriptGuest()
    found = answers(LanguageService(warm))
    assert snapshot.counts["restored"] == restored + 1, "the guest started from the snapshot"
    assert found[0] == ["city", "days"]
    assert {"load", "dump", "loadAll"} <= set(found[1])
    assert found[2] == ["Type 'number' is not assignable to type 'string'."]
    ts_guest._stored.discard(built)
    assert build_snapshot() is False, "a stored snapshot is not built again"


def test_a_pack_sent_with_other_text_than_the_snapshot_parsed_is_checked_as_sent(built):
    body = 'import * as yaml from "@cordon/sandbox-yaml";\nyaml.'
    shipped = with_packs(body)
    [name] = shipped.pack_files
    other = BodyContext("typescript", NODE.inputs, (), shipped.packs, {name: "export function only() { return 1; }\n"})
    restored = snapshot.counts["restored"]
    service = LanguageService(TypeScriptGuest())

    def names(ctx: BodyContext) -> list[str]:
        return [i.name for i in service.completion(body, ctx, (1, 5), details=0)]

    assert names(other) == ["only"]
    assert snapshot.counts["restored"] == restored + 1
    assert "load" in names(shipped)
    assert names(other) == ["only"]


def test_a_tampered_snapshot_is_not_used(built):
    entry = paths.cache_dir() / built
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0xFF
    entry.write_bytes(bytes(data))
    try:
        restored = snapshot.counts["restored"]
        found = answers(LanguageService(TypeScriptGuest()))
        assert snapshot.counts["restored"] == restored, "the changed file was refused; the guest started cold"
        assert found[0] == ["city", "days"] and found[2] == ["Type 'number' is not assignable to type 'string'."]
    finally:
        data[len(data) // 2] ^= 0xFF
        entry.write_bytes(bytes(data))
    assert cache.read(built, max_bytes=snapshot.MAX_BYTES) is not None


def test_a_change_to_what_the_warm_memory_depends_on_names_another_snapshot_which_is_built(built, monkeypatch):
    warm = warm_state()
    program = ts_guest._program()
    monkeypatch.setattr(ts_guest, "_program", lambda: program + "\n// another compiler build\n")
    assert snapshot_name(warm) != built
    monkeypatch.undo()
    changed = {**warm.files, ts_guest.SANDBOX_FILE: warm.files[ts_guest.SANDBOX_FILE] + "\ndeclare const x: 1;\n"}
    assert snapshot_name(ts_guest.WarmState(changed, warm.packs)) != built
    monkeypatch.setattr(ts_guest, "_program", lambda: program + "\n// another compiler build\n")
    written = snapshot.counts["written"]
    assert build_snapshot() is True
    assert snapshot.counts["written"] == written + 1
    assert snapshot.exists(snapshot_name(warm))
