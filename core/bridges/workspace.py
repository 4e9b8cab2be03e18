"""workspace.*: files in the folder the host granted the run, contained by fds.

Every path goes through `fsguard.FsGuard` (component-by-component resolution
on directory fds, see there for why). The operations on top keep to three
rules: nothing is opened before it is known to be a regular file or folder
(and then re-checked on the opened fd, opened non-blocking so a FIFO swapped
in cannot hang the run); reads and writes are capped by `hostTextInputBytes`
(text) and `hostByteInputBytes` (bytes); and nothing is overwritten or
created implicitly:

* `write`/`writeBytes` replace a file's content, create missing parent
  folders only with `{mkdirs: true}`;
* `copy`/`move` refuse an existing destination unless `{overwrite: true}`
  (which never replaces a folder); `copy` of a folder needs `{recursive: true}`
  and copies files and folders only (a symlink or special file inside stops it);
* `remove` of a folder needs `{recursive: true}`; `remove`/`move` act on a
  symlink itself, never on what it points to;
* `read` decodes UTF-8, replacing invalid sequences (like TextDecoder).

All ops are async (file work runs in a worker thread) except `root()`.
"""

from __future__ import annotations

import asyncio
import functools
import os
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from core.bridges.base import Op, RunScope, Surface
from core.bridges.fsguard import FsGuard, Location, kind_of, oserrors, refusal
from core.cancel import CancelHandle
from core.errors import SandboxRefusal

GUEST_JS = r"""
  const call = (op, ...args) => C.call("workspace." + op, ...args);
  const workspace = {
    read(path, options) { return call("read", path, options); },
    readBytes(path, options) { return call("readBytes", path, options); },
    write(path, text, options) { return call("write", path, text, options); },
    writeBytes(path, data, options) { return call("writeBytes", path, data, options); },
    list(path = ".", options) { return call("list", path, options); },
    stat(path, options) { return call("stat", path, options); },
    copy(from, to, options) { return call("copy", from, to, options); },
    move(from, to, options) { return call("move", from, to, options); },
    mkdir(path, options) { return call("mkdir", path, options); },
    remove(path, options) { return call("remove", path, options); },
    root() { return C.callSync("workspace.root"); },
  };
  C.define("workspace", Object.freeze(workspace));
"""

_CHUNK = 1024 * 1024


def _guard(scope: RunScope, op: str) -> FsGuard:
    host = scope.limits.filesystemAccess == "host"
    root = scope.services.workspace
    if root is None and not host:
        raise SandboxRefusal(f"workspace.{op}: no workspace in this run; the host grants one "
                             "(`cordon run --workspace DIR`, or the document's workspace folder)",
                             rule="workspace-unavailable", name="WorkspaceError")
    return FsGuard(root, host=host)


def _options(value: Any, allowed: tuple[str, ...]) -> dict[str, bool]:
    """Option objects are checked strictly so a typo ({recursve: true}) is not a silent no."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise SandboxRefusal(f"options must be an object, got {type(value).__name__}",
                             rule="bad-argument", name="TypeError")
    for key, flag in value.items():
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise SandboxRefusal(f"unknown option {key!r} (known options: {known})",
                                 rule="bad-argument", name="TypeError")
        if not isinstance(flag, bool):
            raise SandboxRefusal(f"option {key!r} must be true or false, got {flag!r}",
                                 rule="bad-argument", name="TypeError")
    return value


def _workspace_op(name: str, *, threaded: bool = True) -> Callable[[Callable[..., Any]], Op]:
    """Make an op: refusals get a `workspace.<name>:` prefix; file work runs off the loop."""

    def wrap(fn: Callable[..., Any]) -> Op:
        def prefixed(exc: SandboxRefusal) -> SandboxRefusal:
            return SandboxRefusal(f"workspace.{name}: {exc.message}", rule=exc.rule, name=exc.name)

        if not threaded:
            @functools.wraps(fn)
            def run_sync(scope: RunScope, *args: Any) -> Any:
                guard = _guard(scope, name)
                try:
                    return fn(scope, guard, *args)
                except SandboxRefusal as exc:
                    raise prefixed(exc) from None
            return Op(run_sync, sync=True)

        @functools.wraps(fn)
        async def run(scope: RunScope, *args: Any) -> Any:
            guard = _guard(scope, name)
            try:
                return await asyncio.to_thread(fn, scope, guard, *args)
            except SandboxRefusal as exc:
                raise prefixed(exc) from None
        return Op(run)

    return wrap


# -- files ---------------------------------------------------------------------------

def _require_kind(st: os.stat_result | None, shown: str, want: str) -> None:
    """Refuse anything but `want` ("file" or "directory"); None (absent) passes."""
    if st is None:
        return
    kind = kind_of(st.st_mode)
    if kind == want:
        return
    if kind == "other":
        raise refusal(shown, "is a special file (a FIFO, socket or device); only regular files "
                      "and folders can be used", "workspace-special-file")
    if kind == "directory":
        raise refusal(shown, "is a directory", "workspace-is-a-directory")
    if kind == "symlink":
        raise refusal(shown, "became a symbolic link while in use", "workspace-symlink")
    raise refusal(shown, "is not a directory", "workspace-not-a-directory")


def _too_big(shown: str, size: int | str, cap: int, limit: str, verb: str) -> SandboxRefusal:
    return refusal(shown, f"is {size} bytes; at most {cap} bytes can be {verb} at once (limit {limit})",
                   limit, name="QuotaExceededError")


def _cap(scope: RunScope, text: bool) -> tuple[int, str]:
    if text:
        return scope.limits.hostTextInputBytes, "hostTextInputBytes"
    return scope.limits.hostByteInputBytes, "hostByteInputBytes"


def _open_regular(loc: Location, flags: int) -> int:
    """Open a name known to be a regular file (or absent, when creating); re-check on the fd."""
    _require_kind(loc.seen, loc.shown, "file")
    fd = loc.open(flags)
    try:
        _require_kind(os.fstat(fd), loc.shown, "file")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read_capped(scope: RunScope, guard: FsGuard, path: Any, options: Any, text: bool) -> bytes:
    _options(options, ())
    cap, limit = _cap(scope, text)
    with guard.locate(path) as loc:
        fd = _open_regular(loc, os.O_RDONLY)
        try:
            size = os.fstat(fd).st_size
            if size > cap:
                raise _too_big(loc.shown, size, cap, limit, "read")
            chunks, total = [], 0
            while chunk := os.read(fd, min(_CHUNK, cap + 1 - total)):
                chunks.append(chunk)
                total += len(chunk)
                if total > cap:  # the file grew while being read
                    raise _too_big(loc.shown, f"more than {cap}", cap, limit, "read")
            return b"".join(chunks)
        finally:
            os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view[:_CHUNK]):]


def _write_capped(scope: RunScope, guard: FsGuard, path: Any, data: bytes, options: Any, text: bool) -> None:
    opts = _options(options, ("mkdirs",))
    cap, limit = _cap(scope, text)
    if len(data) > cap:  # before locating: mkdirs must not leave folders behind a refusal
        raise _too_big(repr(path), len(data), cap, limit, "written")
    with guard.locate(path, mkdirs=opts.get("mkdirs", False)) as loc:
        if loc.is_root:
            raise refusal(loc.shown, "is the workspace root, a directory", "workspace-is-a-directory")
        fd = _open_regular(loc, os.O_WRONLY | os.O_CREAT)
        try:
            os.ftruncate(fd, 0)  # only now: truncating before the fstat could touch a special file
            _write_all(fd, data)
        finally:
            os.close(fd)


@_workspace_op("read")
def _read(scope: RunScope, guard: FsGuard, path: Any, options: Any = None) -> str:
    return _read_capped(scope, guard, path, options, text=True).decode("utf-8", errors="replace")


@_workspace_op("readBytes")
def _read_bytes(scope: RunScope, guard: FsGuard, path: Any, options: Any = None) -> bytes:
    return _read_capped(scope, guard, path, options, text=False)


@_workspace_op("write")
def _write(scope: RunScope, guard: FsGuard, path: Any, text: Any, options: Any = None) -> None:
    if not isinstance(text, str):
        raise SandboxRefusal(f"workspace.write needs a string (use writeBytes for bytes), got "
                             f"{type(text).__name__}", rule="bad-argument", name="TypeError")
    _write_capped(scope, guard, path, text.encode("utf-8", errors="replace"), options, text=True)


@_workspace_op("writeBytes")
def _write_bytes(scope: RunScope, guard: FsGuard, path: Any, data: Any, options: Any = None) -> None:
    if not isinstance(data, bytes):
        raise SandboxRefusal(f"workspace.writeBytes needs a Uint8Array or ArrayBuffer, got "
                             f"{type(data).__name__}", rule="bad-argument", name="TypeError")
    _write_capped(scope, guard, path, data, options, text=False)


# -- folders and metadata -------------------------------------------------------------

def _entry(dir_fd: int, name: str) -> dict[str, Any]:
    st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    kind = kind_of(st.st_mode)
    return {"name": name, "type": kind, "size": st.st_size if kind == "file" else 0}


@_workspace_op("list")
def _list(scope: RunScope, guard: FsGuard, path: Any = ".", options: Any = None) -> list[dict[str, Any]]:
    _options(options, ())
    cap, limit = _cap(scope, text=True)
    with guard.locate(path) as loc:
        _require_kind(loc.seen, loc.shown, "directory")
        fd = loc.open(os.O_RDONLY | os.O_DIRECTORY)
        try:
            entries, used = [], 0
            for name in sorted(os.listdir(fd)):
                used += len(name.encode("utf-8", errors="surrogateescape")) + 48
                if used > cap:
                    raise _too_big(loc.shown, f"a listing of more than {cap}", cap, limit, "listed")
                try:
                    entries.append(_entry(fd, name))
                except FileNotFoundError:  # removed while listing
                    continue
            return entries
        finally:
            os.close(fd)


@_workspace_op("stat")
def _stat(scope: RunScope, guard: FsGuard, path: Any, options: Any = None) -> dict[str, Any]:
    _options(options, ())
    with guard.locate(path) as loc:
        st = loc.stat()
        kind = kind_of(st.st_mode)
        return {"type": kind, "size": st.st_size if kind == "file" else 0,
                "mtime": datetime.fromtimestamp(st.st_mtime, UTC)}


@_workspace_op("mkdir")
def _mkdir(scope: RunScope, guard: FsGuard, path: Any, options: Any = None) -> None:
    recursive = _options(options, ("recursive",)).get("recursive", False)
    with guard.locate(path, mkdirs=recursive) as loc:
        if recursive and loc.seen is not None:
            _require_kind(loc.seen, loc.shown, "directory")  # like mkdir -p: an existing folder is fine
            return
        os.mkdir(loc.name, 0o777, dir_fd=loc.dir_fd)


_SUBDIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def _check_cancel(cancel: CancelHandle) -> None:
    if cancel.cancelled:
        raise SandboxRefusal("the run was cancelled", rule="cancelled", name="CancelledError")


def _remove_tree(parent_fd: int, name: str, cancel: CancelHandle) -> None:
    """Remove a folder by fds. Not shutil.rmtree: its open follows a link swapped in
    after its lstat (only to refuse it later), and a link to a FIFO would block there."""
    fd = os.open(name, _SUBDIR, dir_fd=parent_fd)
    try:
        for entry in os.listdir(fd):
            _check_cancel(cancel)
            if stat.S_ISDIR(os.stat(entry, dir_fd=fd, follow_symlinks=False).st_mode):
                _remove_tree(fd, entry, cancel)
            else:
                os.unlink(entry, dir_fd=fd)
    finally:
        os.close(fd)
    os.rmdir(name, dir_fd=parent_fd)


@_workspace_op("remove")
def _remove(scope: RunScope, guard: FsGuard, path: Any, options: Any = None) -> None:
    recursive = _options(options, ("recursive",)).get("recursive", False)
    with guard.locate(path, follow=False) as loc:
        if loc.is_root:
            raise refusal(loc.shown, "is the workspace root, which cannot be removed", "workspace-root")
        st = loc.stat()
        if not stat.S_ISDIR(st.st_mode):
            os.unlink(loc.name, dir_fd=loc.dir_fd)
        elif not recursive:
            raise refusal(loc.shown, "is a directory; pass {recursive: true} to remove it and its contents",
                          "workspace-is-a-directory")
        else:
            _remove_tree(loc.dir_fd, loc.name, scope.cancel)


@_workspace_op("root", threaded=False)
def _root(scope: RunScope, guard: FsGuard) -> str:
    if guard.root is None:
        raise SandboxRefusal("no workspace in this run (host filesystem access has no root folder)",
                             rule="workspace-unavailable", name="WorkspaceError")
    return str(guard.root)


# -- copy and move ------------------------------------------------------------------

def _refuse_existing(dst: Location, overwrite: bool) -> None:
    if dst.seen is None:
        return
    if not overwrite:
        raise refusal(dst.shown, "already exists; pass {overwrite: true} to replace it", "workspace-exists")
    if stat.S_ISDIR(dst.seen.st_mode):
        raise refusal(dst.shown, "is an existing directory; overwrite replaces files only", "workspace-exists")


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


def _copy_into(src_fd: int, out: int, shown: str) -> None:
    """Copy an open file into `out` (closed here) once `out` is known to be a regular file."""
    try:
        out_st, src_st = os.fstat(out), os.fstat(src_fd)
        _require_kind(out_st, shown, "file")
        if (out_st.st_dev, out_st.st_ino) == (src_st.st_dev, src_st.st_ino):
            raise refusal(shown, "is the file being copied", "workspace-exists")
        os.ftruncate(out, 0)
        while chunk := os.read(src_fd, _CHUNK):
            _write_all(out, chunk)
    finally:
        os.close(out)


def _copy_tree(src_dir: int, dst_dir: int, where: str, cancel: CancelHandle, made: set[tuple[int, int]]) -> None:
    """Copy a folder's files and folders by fds. `where` is the guest's path of `src_dir`
    (for messages); `made` holds the folders created, so a copy into itself stays finite."""
    for name in sorted(os.listdir(src_dir)):
        _check_cancel(cancel)
        shown = repr(f"{where}/{name}")
        st = os.stat(name, dir_fd=src_dir, follow_symlinks=False)
        if (st.st_dev, st.st_ino) in made:
            continue
        with oserrors(shown):
            if stat.S_ISREG(st.st_mode):
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=src_dir)
                try:
                    _require_kind(os.fstat(fd), shown, "file")
                    _copy_into(fd, os.open(name, _NEW_FILE, 0o666, dir_fd=dst_dir), shown)
                finally:
                    os.close(fd)
            elif stat.S_ISDIR(st.st_mode):
                os.mkdir(name, 0o777, dir_fd=dst_dir)
                sub_src = os.open(name, _SUBDIR, dir_fd=src_dir)
                try:
                    sub_dst = os.open(name, _SUBDIR, dir_fd=dst_dir)
                    try:
                        made.add((os.fstat(sub_dst).st_dev, os.fstat(sub_dst).st_ino))
                        _copy_tree(sub_src, sub_dst, f"{where}/{name}", cancel, made)
                    finally:
                        os.close(sub_dst)
                finally:
                    os.close(sub_src)
            else:
                link = stat.S_ISLNK(st.st_mode)
                raise refusal(shown, f"is {'a symbolic link' if link else 'a special file'}; a folder copy "
                              "copies files and folders only (the copy stopped here)",
                              "workspace-symlink" if link else "workspace-special-file")


@_workspace_op("copy")
def _copy(scope: RunScope, guard: FsGuard, source: Any, target: Any, options: Any = None) -> None:
    opts = _options(options, ("overwrite", "recursive", "mkdirs"))
    with guard.locate(source) as src, guard.locate(target, mkdirs=opts.get("mkdirs", False)) as dst:
        if dst.is_root:
            raise refusal(dst.shown, "is the workspace root", "workspace-exists")
        if src.seen is not None and stat.S_ISDIR(src.seen.st_mode):
            if not opts.get("recursive", False):
                raise refusal(src.shown, "is a directory; pass {recursive: true} to copy it with its contents",
                              "workspace-is-a-directory")
            if dst.seen is not None:
                raise refusal(dst.shown, "already exists; a folder is copied to a new name", "workspace-exists")
            with oserrors(src.shown):
                src_dir = src.open(os.O_RDONLY | os.O_DIRECTORY)
            try:
                with oserrors(dst.shown):
                    os.mkdir(dst.name, 0o777, dir_fd=dst.dir_fd)
                    dst_dir = dst.open(os.O_RDONLY | os.O_DIRECTORY)
                try:
                    made = {(os.fstat(dst_dir).st_dev, os.fstat(dst_dir).st_ino)}
                    _copy_tree(src_dir, dst_dir, source.rstrip("/"), scope.cancel, made)
                finally:
                    os.close(dst_dir)
            finally:
                os.close(src_dir)
            return
        overwrite = opts.get("overwrite", False)
        _refuse_existing(dst, overwrite)
        _require_kind(dst.seen, dst.shown, "file")  # never open a special file to overwrite it
        with oserrors(src.shown):
            src_fd = _open_regular(src, os.O_RDONLY)
        try:
            with oserrors(dst.shown):
                _copy_into(src_fd, dst.open(os.O_WRONLY | os.O_CREAT | (0 if overwrite else os.O_EXCL)), dst.shown)
        finally:
            os.close(src_fd)


@_workspace_op("move")
def _move(scope: RunScope, guard: FsGuard, source: Any, target: Any, options: Any = None) -> None:
    opts = _options(options, ("overwrite", "mkdirs"))
    with guard.locate(source, follow=False) as src, \
            guard.locate(target, follow=False, mkdirs=opts.get("mkdirs", False)) as dst:
        for loc in (src, dst):
            if loc.is_root:
                raise refusal(loc.shown, "is the workspace root, which cannot be moved or replaced",
                              "workspace-root")
        with oserrors(src.shown):
            src.stat()  # a missing source is named as the source
        _refuse_existing(dst, opts.get("overwrite", False))
        with oserrors(f"{src.shown} -> {dst.shown}"):
            os.rename(src.name, dst.name, src_dir_fd=src.dir_fd, dst_dir_fd=dst.dir_fd)


SURFACE = Surface("workspace", {
    "workspace.read": _read,
    "workspace.readBytes": _read_bytes,
    "workspace.write": _write,
    "workspace.writeBytes": _write_bytes,
    "workspace.list": _list,
    "workspace.stat": _stat,
    "workspace.mkdir": _mkdir,
    "workspace.remove": _remove,
    "workspace.copy": _copy,
    "workspace.move": _move,
    "workspace.root": _root,
}, GUEST_JS, ("workspace",))
