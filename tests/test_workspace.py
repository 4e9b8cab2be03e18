"""workspace.*: operations, containment and limits, on the real engine and real files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core import HostServices, RunServices, run_in_sandbox
from tests.conftest import ok

OUTSIDE_TEXT = "OUTSIDE-SECRET"


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """A workspace with a sibling folder the guest must never reach."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(OUTSIDE_TEXT)
    root = tmp_path / "ws"
    root.mkdir()
    (root / "a.txt").write_text("hello")
    (root / "sub").mkdir()
    (root / "sub" / "b.txt").write_text("inner")
    return root


def run_ws(code: str, root: Path | None, **limits):
    return run_in_sandbox(code, limits=limits or None, services=RunServices(host=HostServices(workspace=root)))


def refused(result, rule: str) -> str:
    assert not result.ok, f"expected a refusal ({rule}), got {result.result!r}"
    assert result.error.rule == rule, result.error
    assert OUTSIDE_TEXT not in result.error.message
    return result.error.message


# -- without a workspace ---------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        'workspace.read("a.txt")',
        'workspace.readBytes("a.txt")',
        'workspace.write("a.txt", "x")',
        'workspace.writeBytes("a.txt", new Uint8Array(1))',
        "workspace.list()",
        'workspace.stat("a.txt")',
        'workspace.copy("a", "b")',
        'workspace.move("a", "b")',
        'workspace.mkdir("d")',
        'workspace.remove("a")',
        "workspace.root()",
    ],
)
def test_every_call_refuses_without_a_workspace(call):
    message = refused(run_ws(f"return await {call}", None), "workspace-unavailable")
    assert message.startswith(f"{call.partition('(')[0]} is not available: grant a workspace")
    assert ok(run_ws("return 1 + 1", None)) == 2  # the host is fine afterwards


# -- operations ------------------------------------------------------------------------


def test_text_round_trip_with_unicode_names(ws):
    code = """
      await workspace.write("données/日本語 ✓.txt", "grüße 🌍");
      return [await workspace.read("données/日本語 ✓.txt"), await workspace.list("données")];
    """
    text, listing = ok(run_ws(code, ws))
    assert text == "grüße 🌍"
    assert listing == ["日本語 ✓.txt"]
    assert (ws / "données" / "日本語 ✓.txt").read_text() == "grüße 🌍"


def test_bytes_round_trip_all_values(ws):
    code = """
      const data = new Uint8Array(256).map((_, i) => i);
      await workspace.writeBytes("bin/all.bin", data);
      await workspace.writeBytes("bin/buf.bin", data.buffer);
      const back = await workspace.readBytes("bin/all.bin");
      return [back instanceof Uint8Array, back, await workspace.readBytes("bin/buf.bin")];
    """
    is_u8, back, buf = ok(run_ws(code, ws))
    assert is_u8 and back == bytes(range(256)) == buf


def test_read_replaces_invalid_utf8_like_textdecoder(ws):
    (ws / "bad.txt").write_bytes(b"ok\xff!")
    assert ok(run_ws('return await workspace.read("bad.txt")', ws)) == "ok\ufffd!"


def test_write_replaces_content_and_creates_missing_parent_folders(ws):
    ok(
        run_ws(
            'await workspace.write("new/deep/x.txt", "x"); await workspace.writeBytes("new/b/y.bin", '
            'new Uint8Array([1])); await workspace.write("a.txt", "short"); return 1',
            ws,
        )
    )
    assert (ws / "new" / "deep" / "x.txt").read_text() == "x"
    assert (ws / "new" / "b" / "y.bin").read_bytes() == b"\x01"
    assert (ws / "a.txt").read_text() == "short"
    # Not through a file, and the old opt-in flag is gone (options are checked strictly).
    refused(run_ws('await workspace.write("a.txt/x.txt", "x")', ws), "workspace-not-a-directory")
    refused(run_ws('await workspace.write("q/x.txt", "x", {mkdirs: true})', ws), "bad-argument")


def test_write_refuses_non_strings_and_the_root(ws):
    refused(run_ws('await workspace.write("x.txt", new Uint8Array(2))', ws), "bad-argument")
    refused(run_ws('await workspace.writeBytes("x.txt", "text")', ws), "bad-argument")
    refused(run_ws('await workspace.write(".", "x")', ws), "workspace-is-a-directory")
    refused(run_ws('await workspace.read("sub")', ws), "workspace-is-a-directory")


def test_list_returns_sorted_names(ws):
    (ws / "B.txt").write_text("x")
    (ws / "sub" / "0").mkdir()
    assert ok(run_ws("return await workspace.list()", ws)) == ["B.txt", "a.txt", "sub"]
    assert ok(run_ws('return await workspace.list("sub")', ws)) == ["0", "b.txt"]
    refused(run_ws('return await workspace.list("a.txt")', ws), "workspace-not-a-directory")


def test_stat_has_the_reference_shape(ws):
    code = """
      return [await workspace.stat("a.txt"), await workspace.stat("sub"), await workspace.stat("."),
              await workspace.stat("missing"), await workspace.stat("no/such/folder.txt"),
              await workspace.stat("a.txt/x")];
    """
    file, folder, root, missing, missing_deep, under_a_file = ok(run_ws(code, ws))
    st = os.stat(ws / "a.txt")
    assert file == {
        "exists": True,
        "isFile": True,
        "isDirectory": False,
        "isSymlink": False,
        "size": 5,
        "modifiedMs": pytest.approx(st.st_mtime * 1000),
        "createdMs": pytest.approx(getattr(st, "st_birthtime", st.st_ctime) * 1000),
        "accessedMs": pytest.approx(st.st_atime * 1000),
    }
    assert (folder["isDirectory"], folder["isFile"], folder["exists"]) == (True, False, True)
    assert root["isDirectory"]
    assert missing == missing_deep == under_a_file == {"exists": False, "size": 0}


def test_mkdir_is_recursive(ws):
    ok(
        run_ws(
            'await workspace.mkdir("x/y"); await workspace.mkdir("x/y"); await workspace.mkdir("z", '
            "{recursive: true}); return 1",
            ws,
        )
    )
    assert (ws / "x" / "y").is_dir() and (ws / "z").is_dir()
    refused(run_ws('await workspace.mkdir("a.txt")', ws), "workspace-not-a-directory")
    # {recursive: false}: one new folder in an existing one, as mkdir without -p.
    refused(run_ws('await workspace.mkdir("p/q", {recursive: false})', ws), "workspace-not-found")
    refused(run_ws('await workspace.mkdir("z", {recursive: false})', ws), "workspace-exists")
    assert not (ws / "p").exists()


def test_remove(ws):
    (ws / "empty").mkdir()
    ok(run_ws('await workspace.remove("empty"); return 1', ws))  # an empty folder needs no flag
    assert not (ws / "empty").exists()
    message = refused(run_ws('await workspace.remove("sub")', ws), "workspace-not-empty")
    assert "{recursive: true}" in message
    refused(run_ws('await workspace.remove("sub/..", {recursive: true})', ws), "workspace-root")
    assert (ws / "sub" / "b.txt").exists()
    ok(run_ws('await workspace.remove("a.txt"); await workspace.remove("sub", {recursive: true}); return 1', ws))
    assert list(ws.iterdir()) == []
    refused(run_ws('await workspace.remove("a.txt")', ws), "workspace-not-found")
    refused(run_ws('await workspace.remove(".", {recursive: true})', ws), "workspace-root")


def test_copy_files(ws):
    ok(run_ws('await workspace.copy("a.txt", "c.txt"); return 1', ws))
    assert (ws / "c.txt").read_text() == "hello"
    refused(run_ws('await workspace.copy("sub/b.txt", "c.txt")', ws), "workspace-exists")
    ok(run_ws('await workspace.copy("sub/b.txt", "c.txt", {overwrite: true}); return 1', ws))
    assert (ws / "c.txt").read_text() == "inner"
    refused(run_ws('await workspace.copy("a.txt", "a.txt", {overwrite: true})', ws), "workspace-exists")
    assert (ws / "a.txt").read_text() == "hello"  # copying a file onto itself never truncates it
    refused(run_ws('await workspace.copy("a.txt", "sub", {overwrite: true})', ws), "workspace-exists")
    refused(run_ws('await workspace.copy("nope.txt", "d.txt")', ws), "workspace-not-found")
    refused(run_ws('await workspace.copy("nope.txt", "n/d.txt")', ws), "workspace-not-found")
    assert not (ws / "n").exists()  # a missing source creates no folders for its copy


def test_copy_and_move_create_missing_parent_folders(ws):
    ok(
        run_ws(
            'await workspace.copy("a.txt", "c/d/a.txt"); await workspace.copy("sub", "e/f/sub", '
            '{recursive: true}); await workspace.move("sub/b.txt", "g/h/b.txt"); return 1',
            ws,
        )
    )
    assert (ws / "c" / "d" / "a.txt").read_text() == "hello"
    assert (ws / "e" / "f" / "sub" / "b.txt").read_text() == "inner"
    assert (ws / "g" / "h" / "b.txt").read_text() == "inner" and not (ws / "sub" / "b.txt").exists()
    refused(run_ws('await workspace.move("ghost", "m/ghost")', ws), "workspace-not-found")
    assert not (ws / "m").exists()


def test_copy_folders(ws):
    refused(run_ws('await workspace.copy("sub", "sub2")', ws), "workspace-is-a-directory")
    ok(run_ws('await workspace.copy("sub", "sub2", {recursive: true}); return 1', ws))
    assert (ws / "sub2" / "b.txt").read_text() == "inner"
    # A copy into its own subtree stays finite: the new folder is not copied again.
    ok(run_ws('await workspace.copy("sub", "sub/nested", {recursive: true}); return 1', ws))
    assert sorted(p.relative_to(ws).as_posix() for p in (ws / "sub").rglob("*")) == [
        "sub/b.txt",
        "sub/nested",
        "sub/nested/b.txt",
    ]


def test_move(ws):
    ok(run_ws('await workspace.move("a.txt", "sub/moved.txt"); return 1', ws))
    assert (ws / "sub" / "moved.txt").read_text() == "hello" and not (ws / "a.txt").exists()
    refused(run_ws('await workspace.move("sub/moved.txt", "sub/b.txt")', ws), "workspace-exists")
    ok(run_ws('await workspace.move("sub/moved.txt", "sub/b.txt", {overwrite: true}); return 1', ws))
    assert (ws / "sub" / "b.txt").read_text() == "hello"
    message = refused(run_ws('await workspace.move("ghost.txt", "x.txt")', ws), "workspace-not-found")
    assert "'ghost.txt'" in message
    refused(run_ws('await workspace.move(".", "elsewhere")', ws), "workspace-root")
    refused(run_ws('await workspace.move("sub", "..")', ws), "workspace-escape")


def test_options_are_checked_strictly(ws):
    message = refused(run_ws('await workspace.remove("sub", {recursve: true})', ws), "bad-argument")
    assert "recursve" in message and "recursive" in message
    refused(run_ws('await workspace.mkdir("q", {recursive: "yes"})', ws), "bad-argument")
    refused(run_ws("await workspace.read(42)", ws), "bad-argument")


def test_root_is_synchronous(ws):
    assert ok(run_ws("return workspace.root()", ws)) == str(ws)


def test_concurrent_calls(ws):
    code = """
      await Promise.all(Array.from({length: 20}, (_, i) => workspace.write(`p/${i}.txt`, String(i))));
      return await Promise.all(Array.from({length: 20}, (_, i) => workspace.read(`p/${i}.txt`)));
    """
    assert ok(run_ws(code, ws)) == [str(i) for i in range(20)]


# -- containment -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "rule"),
    [
        ("../outside/secret.txt", "workspace-escape"),
        ("sub/../../outside/secret.txt", "workspace-escape"),
        ("..", "workspace-escape"),
        ("/etc/passwd", "workspace-escape"),
        ("C:/Windows/win.ini", "workspace-escape"),
        ("%2e%2e/outside/secret.txt", "workspace-bad-path"),
        ("..%2Foutside%2Fsecret.txt", "workspace-bad-path"),
        ("%2E%2E%5Coutside", "workspace-bad-path"),
        ("..\\outside\\secret.txt", "workspace-bad-path"),
        ("a.txt\x00.png", "workspace-bad-path"),
        ("", "workspace-bad-path"),
    ],
)
def test_paths_that_leave_are_refused_naming_the_path(ws, path, rule):
    for call in ("read", "stat", "remove"):
        code = f"return await workspace.{call}({path!r})".replace("\x00", "\\x00")
        message = refused(run_ws(code, ws), rule)
        assert message.startswith(f"workspace.{call}: {path!r}")
    assert (ws.parent / "outside" / "secret.txt").read_text() == OUTSIDE_TEXT


def test_dot_dot_inside_the_workspace_is_fine(ws):
    assert ok(run_ws('return await workspace.read("sub/../sub/./b.txt")', ws)) == "inner"
    assert ok(run_ws('return (await workspace.stat("sub/..")).isDirectory', ws)) is True


def test_symlinks_inside_pointing_inside_are_followed(ws):
    os.symlink("sub/b.txt", ws / "rel-link")
    os.symlink(ws / "sub", ws / "abs-dir-link")
    os.symlink("../a.txt", ws / "sub" / "up-link")
    os.symlink(".", ws / "sub" / "here")
    code = """
      return [await workspace.read("rel-link"), await workspace.read("abs-dir-link/b.txt"),
              await workspace.read("sub/up-link"), await workspace.read("sub/here/here/b.txt"),
              await workspace.stat("rel-link")];
    """
    *texts, st = ok(run_ws(code, ws))
    assert texts == ["inner", "inner", "hello", "inner"]
    assert (st["isSymlink"], st["isFile"], st["size"]) == (True, True, 5)  # the link, then what it leads to
    ok(run_ws('await workspace.write("rel-link", "via link"); return 1', ws))
    assert (ws / "sub" / "b.txt").read_text() == "via link"


@pytest.mark.parametrize(
    "target", ["../outside/secret.txt", "OUTSIDE_ABS", "../outside", "/etc/passwd", "sub/../../outside/secret.txt"]
)
def test_symlinks_pointing_out_are_refused(ws, target):
    outside = ws.parent / "outside"
    os.symlink(str(outside / "secret.txt") if target == "OUTSIDE_ABS" else target, ws / "link")
    for code in (
        'return await workspace.read("link")',
        'return await workspace.read("link/secret.txt")',
        'return await workspace.stat("link")',
        'await workspace.write("link", "pwned")',
        'await workspace.writeBytes("link/secret.txt", new Uint8Array(3))',
        'await workspace.write("link/new/x.txt", "x")',
        'await workspace.move("a.txt", "link/new/a")',
        'await workspace.mkdir("link/made", {recursive: true})',
        'await workspace.copy("link", "copy.txt")',
        'await workspace.copy("a.txt", "link/x.txt")',
        'return await workspace.list("link")',
    ):
        result = run_ws(code, ws)
        assert not result.ok and result.error.rule in ("workspace-symlink", "workspace-not-a-directory"), (code, result)
        assert OUTSIDE_TEXT not in repr(result)
    assert (outside / "secret.txt").read_text() == OUTSIDE_TEXT
    assert sorted(p.name for p in outside.iterdir()) == ["secret.txt"]


def test_symlink_to_dev_zero_is_refused(ws):
    os.symlink("/dev/zero", ws / "zero")
    message = refused(run_ws('return await workspace.readBytes("zero")', ws), "workspace-symlink")
    assert "'zero'" in message and "outside the workspace" in message


def test_remove_and_move_act_on_the_link_not_its_target(ws):
    outside = ws.parent / "outside"
    os.symlink(outside, ws / "out-dir")
    os.symlink(outside / "secret.txt", ws / "out-file")
    ok(
        run_ws(
            'await workspace.move("out-file", "renamed"); await workspace.remove("renamed");'
            'await workspace.remove("out-dir"); return 1',
            ws,
        )
    )
    assert (outside / "secret.txt").read_text() == OUTSIDE_TEXT
    assert sorted(p.name for p in ws.iterdir()) == ["a.txt", "sub"]


def test_recursive_remove_and_copy_never_follow_links_out(ws):
    outside = ws.parent / "outside"
    os.symlink(outside, ws / "sub" / "escape")
    refused(run_ws('await workspace.copy("sub", "copy", {recursive: true})', ws), "workspace-symlink")
    ok(run_ws('await workspace.remove("sub", {recursive: true}); return 1', ws))
    assert (outside / "secret.txt").read_text() == OUTSIDE_TEXT
    assert not (ws / "sub").exists()


def test_symlink_loops_and_dangling_links(ws):
    os.symlink("loop-b", ws / "loop-a")
    os.symlink("loop-a", ws / "loop-b")
    os.symlink("missing.txt", ws / "dangling")
    refused(run_ws('return await workspace.read("loop-a")', ws), "workspace-symlink")
    refused(run_ws('return await workspace.read("dangling")', ws), "workspace-not-found")
    # Writing through an in-workspace dangling link creates its (inside) target.
    ok(run_ws('await workspace.write("dangling", "made"); return 1', ws))
    assert (ws / "missing.txt").read_text() == "made"


def test_fifos_are_refused_without_hanging(ws):
    os.mkfifo(ws / "pipe")
    for code in (
        'return await workspace.read("pipe")',
        'return await workspace.readBytes("pipe")',
        'await workspace.write("pipe", "x")',
        'await workspace.copy("pipe", "p2")',
        'return await workspace.list("pipe")',
    ):
        refused(run_ws(code, ws), "workspace-special-file")
    assert "pipe" in ok(run_ws("return await workspace.list()", ws))
    st = ok(run_ws('return await workspace.stat("pipe")', ws))
    assert (st["exists"], st["isFile"], st["isDirectory"]) == (True, False, False)
    ok(run_ws('await workspace.remove("pipe"); return 1', ws))
    assert not (ws / "pipe").exists()


def test_overwriting_a_fifo_is_refused_before_opening_it(ws):
    os.mkfifo(ws / "pipe")
    refused(run_ws('await workspace.copy("a.txt", "pipe", {overwrite: true})', ws), "workspace-special-file")


def test_fifo_inside_a_folder_copy_stops_it(ws):
    os.mkfifo(ws / "sub" / "pipe")
    message = refused(run_ws('await workspace.copy("sub", "c", {recursive: true})', ws), "workspace-special-file")
    assert "'sub/pipe'" in message


# -- hard links ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code",
    [
        'return await workspace.read("hl.txt")',
        'return await workspace.readBytes("hl.txt")',
        'await workspace.write("hl.txt", "pwned")',
        'await workspace.writeBytes("hl.txt", new Uint8Array(3))',
        'await workspace.copy("hl.txt", "leak.txt")',
        'await workspace.copy("a.txt", "hl.txt", {overwrite: true})',
        'await workspace.copy("sub", "sub2", {recursive: true})',
        "return await media.text({type: 'document', uri: 'hl.txt'})",
    ],
)
def test_a_hard_link_to_a_file_outside_is_neither_read_nor_written(ws, code):
    secret = ws.parent / "outside" / "secret.txt"
    os.link(secret, ws / "hl.txt")
    os.link(secret, ws / "sub" / "hl.txt")
    message = refused(run_ws(code, ws), "workspace-hardlink")
    assert "hard links" in message
    assert secret.read_text() == OUTSIDE_TEXT
    assert not (ws / "leak.txt").exists() and not (ws / "sub2" / "hl.txt").exists()
    assert ok(run_ws('return await workspace.read("a.txt")', ws)) == "hello"  # the next run is healthy


def test_hard_links_can_still_be_listed_moved_and_removed(ws):
    """Only the content is out of reach: the names are the workspace's own."""
    secret = ws.parent / "outside" / "secret.txt"
    os.link(secret, ws / "hl.txt")
    code = """
      const st = await workspace.stat("hl.txt");
      await workspace.move("hl.txt", "moved.txt"); await workspace.remove("moved.txt");
      return [st.isFile, await workspace.list()];
    """
    assert ok(run_ws(code, ws)) == [True, ["a.txt", "sub"]]
    assert secret.read_text() == OUTSIDE_TEXT and os.stat(secret).st_nlink == 1


def test_host_mode_reads_hard_links(ws):
    os.link(ws.parent / "outside" / "secret.txt", ws / "hl.txt")
    assert ok(run_ws('return await workspace.read("hl.txt")', ws, filesystemAccess="host")) == OUTSIDE_TEXT


# -- limits ----------------------------------------------------------------------------


def test_reads_over_the_caps_are_refused(ws):
    with open(ws / "big.bin", "wb") as f:  # sparse: costs no disk
        f.truncate(10 * 1024 * 1024 + 1)
    message = refused(run_ws('return (await workspace.readBytes("big.bin")).length', ws), "host-input-too-large")
    assert "'big.bin'" in message and "10485761" in message
    refused(run_ws('return (await workspace.read("big.bin")).length', ws), "host-text-too-large")
    (ws / "k.txt").write_text("x" * 1000)
    assert ok(run_ws('return (await workspace.read("k.txt")).length', ws, hostTextInputBytes=1000)) == 1000
    refused(run_ws('return (await workspace.read("k.txt")).length', ws, hostTextInputBytes=999), "host-text-too-large")
    assert ok(run_ws('return (await workspace.readBytes("k.txt")).length', ws, hostByteInputBytes=1000)) == 1000


def test_listing_is_capped_by_the_text_limit(ws):
    for i in range(10):
        (ws / f"file-{i}.txt").write_text("x")
    refused(run_ws("return await workspace.list()", ws, hostTextInputBytes=100), "host-text-too-large")
    assert len(ok(run_ws("return await workspace.list()", ws))) == 12


def test_a_vanished_workspace_is_refused(ws):
    gone = ws.parent / "gone"
    refused(run_ws("return await workspace.list()", gone), "workspace-unavailable")


def test_writes_over_the_caps_are_refused_and_leave_nothing(ws):
    refused(
        run_ws('await workspace.write("n/big.txt", "x".repeat(1001))', ws, hostTextInputBytes=1000),
        "host-text-too-large",
    )
    refused(
        run_ws('await workspace.writeBytes("n/big.bin", new Uint8Array(2001))', ws, hostByteInputBytes=2000),
        "host-input-too-large",
    )
    assert not (ws / "n").exists()
    ok(run_ws('await workspace.write("n/ok.txt", "x".repeat(1000)); return 1', ws, hostTextInputBytes=1000))


def test_default_text_cap_on_write(ws):
    code = 'await workspace.write("big.txt", "x".repeat(5 * 1024 * 1024 + 1))'
    refused(run_ws(code, ws), "host-text-too-large")
    assert not (ws / "big.txt").exists()


# -- host mode -------------------------------------------------------------------------


def test_host_mode_lifts_containment(ws):
    secret = ws.parent / "outside" / "secret.txt"
    assert ok(run_ws(f"return await workspace.read({str(secret)!r})", None, filesystemAccess="host")) == OUTSIDE_TEXT
    assert (
        ok(run_ws('return await workspace.read("../outside/secret.txt")', ws, filesystemAccess="host")) == OUTSIDE_TEXT
    )
    os.symlink(secret, ws / "link")
    assert ok(run_ws('return await workspace.read("link")', ws, filesystemAccess="host")) == OUTSIDE_TEXT
    # Relative paths need a root; special files and caps still apply; syntax rules too.
    refused(run_ws('return await workspace.read("a.txt")', None, filesystemAccess="host"), "workspace-unavailable")
    refused(
        run_ws('return await workspace.readBytes("/dev/zero")', None, filesystemAccess="host"), "workspace-special-file"
    )
    refused(run_ws('return await workspace.read("/x%2e%2e")', None, filesystemAccess="host"), "workspace-bad-path")
    refused(run_ws("return workspace.root()", None, filesystemAccess="host"), "workspace-unavailable")


def test_default_mode_is_contained(ws):
    secret = ws.parent / "outside" / "secret.txt"
    refused(run_ws(f"return await workspace.read({str(secret)!r})", ws), "workspace-escape")
    refused(
        run_ws(f"return await workspace.read({str(secret)!r})", ws, filesystemAccess="workspace"), "workspace-escape"
    )
