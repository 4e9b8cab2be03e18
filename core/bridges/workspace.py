"""workspace.*: files in the folder the host granted the run, contained by fds.

Every path goes through `fsguard.FsGuard` (component-by-component resolution
on directory fds, see there for why). The operations follow the reference's
semantics, with these rules on top: nothing is opened before it is known to be
a regular file or folder (and then re-checked on the opened fd, opened
non-blocking so a FIFO swapped in cannot hang the run); a regular file with
more than one hard link is neither read nor written (`workspace-hardlink`:
its other name may be outside the workspace, and no path check can see it);
reads and writes are capped by `hostTextInputBytes` (text) and
`hostByteInputBytes` (bytes); a run writes at most `workspaceMaxBytesWritten`
bytes and creates at most `workspaceMaxFilesCreated` files and folders; and
every loop over files or chunks stops at the run's deadline or cancel.

* `write`/`writeBytes` replace a file's content; they, `copy` and `move`
  create missing parent folders (inside the root, by the same fd walk);
* `mkdir` creates missing parents and accepts an existing folder
  (`{recursive: false}`: one new folder whose parent exists);
* `copy`/`move` refuse an existing destination unless `{overwrite: true}`
  (which never replaces a folder); `copy` of a folder needs `{recursive: true}`
  and copies files and folders only (a symlink or special file inside stops it);
* `remove` of a non-empty folder needs `{recursive: true}`; `remove`/`move` act
  on a symlink itself, never on what it points to;
* `list` returns the entry names, sorted; `stat` returns
  `{exists, isFile, isDirectory, isSymlink, size, modifiedMs, createdMs,
  accessedMs}`, or `{exists: false, size: 0}` for a missing path;
* `read` decodes UTF-8, replacing invalid sequences (like TextDecoder).

All ops are async (file work runs in a worker thread) except `root()`.
"""

from __future__ import annotations

import errno
import functools
import os
import stat
import threading
from collections.abc import Callable
from typing import Any

from core.bridges import WORKSPACE_HINT, declared
from core.bridges.base import Op, RunLocal, RunScope, in_io_thread
from core.bridges.fsguard import CONTAINED, FsGuard, Location, kind_of, oserrors, read_capped, refusal
from core.errors import LimitExceeded, SandboxRefusal
from core.limits import SandboxLimits

_CHUNK = 1024 * 1024


class _Quota:
    """What one run has written to and created in the workspace, against its two limits.

    Shared by the run's ops, which run concurrently in worker threads (hence the lock).
    """

    def __init__(self, limits: SandboxLimits) -> None:
        self.max_bytes = limits.workspaceMaxBytesWritten
        self.max_files = limits.workspaceMaxFilesCreated
        self.written = 0
        self.created = 0
        self._lock = threading.Lock()

    def write(self, shown: str, size: int) -> None:
        """Count `size` bytes about to be written to `shown`, or refuse before writing them."""
        with self._lock:
            if self.written + size > self.max_bytes:
                raise refusal(
                    shown,
                    f"would bring the bytes this run wrote to the workspace to "
                    f"{self.written + size}, more than workspaceMaxBytesWritten ({self.max_bytes})",
                    "workspace-quota-bytes",
                    name="QuotaExceededError",
                )
            self.written += size

    def create(self, shown: str) -> None:
        """Count one file or folder about to be created for `shown`, or refuse before creating it."""
        with self._lock:
            if self.created >= self.max_files:
                raise refusal(
                    shown,
                    f"would create more files and folders than this run may "
                    f"(workspaceMaxFilesCreated: {self.max_files})",
                    "workspace-quota-files",
                    name="QuotaExceededError",
                )
            self.created += 1


_QUOTA = RunLocal(lambda scope: _Quota(scope.limits))


def _quota(scope: RunScope) -> _Quota:
    """The run's quota, made by the first workspace op (on the loop thread, so made once)."""
    return _QUOTA.of(scope)


def _guard(scope: RunScope, op: str) -> FsGuard:
    host = scope.limits.filesystemAccess == "host"
    root = scope.services.workspace
    if root is None and not host:
        how = WORKSPACE_HINT.of(scope) or "`--workspace DIR`, or Choose… beside Workspace in the studio"
        raise SandboxRefusal(
            f"workspace.{op} is not available: grant a workspace to this run ({how})",
            rule="workspace-unavailable",
            name="WorkspaceError",
        )
    if not CONTAINED:
        raise SandboxRefusal(
            f"workspace.{op} is not available on this platform: Cordon's contained file access is verified "
            "on Linux and macOS only (docs/security.md, Workspace), and no other is offered as if it were",
            rule="workspace-unsupported-platform",
            name="WorkspaceError",
        )
    return FsGuard(root, host=host, on_create=_quota(scope).create)


def _options(value: Any, allowed: tuple[str, ...]) -> dict[str, bool]:
    """Option objects are checked strictly so a typo ({recursve: true}) is not a silent no."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise SandboxRefusal(
            f"options must be an object, got {type(value).__name__}", rule="bad-argument", name="TypeError"
        )
    for key, flag in value.items():
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise SandboxRefusal(
                f"unknown option {key!r} (known options: {known})", rule="bad-argument", name="TypeError"
            )
        if not isinstance(flag, bool):
            raise SandboxRefusal(
                f"option {key!r} must be true or false, got {flag!r}", rule="bad-argument", name="TypeError"
            )
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
                return await in_io_thread(scope, fn, scope, guard, *args)
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
        raise refusal(
            shown,
            "is a special file (a FIFO, socket or device); only regular files and folders can be used",
            "workspace-special-file",
        )
    if kind == "directory":
        raise refusal(shown, "is a directory", "workspace-is-a-directory")
    if kind == "symlink":
        raise refusal(shown, "became a symbolic link while in use", "workspace-symlink")
    raise refusal(shown, "is not a directory", "workspace-not-a-directory")


def _too_big(shown: str, size: int | str, cap: int, limit: str, verb: str) -> LimitExceeded:
    return LimitExceeded(
        f"{shown} is {size} bytes; at most {cap} bytes can be {verb} at once (limit {limit})",
        limit=limit,
        name="QuotaExceededError",
    )


def _cap(scope: RunScope, text: bool) -> tuple[int, str]:
    if text:
        return scope.limits.hostTextInputBytes, "hostTextInputBytes"
    return scope.limits.hostByteInputBytes, "hostByteInputBytes"


def _require_file(st: os.stat_result, shown: str, contained: bool) -> None:
    """Refuse all but a regular file, checked on an open fd; contained, also one with other links.

    A hard link is the same file under another name, possibly outside the workspace
    (made before the run, by anyone): reading it would leak that file, writing it
    would overwrite it. Host mode reaches every file anyway, so there it is allowed.
    """
    _require_kind(st, shown, "file")
    if contained and st.st_nlink > 1:
        raise refusal(
            shown,
            f"has {st.st_nlink} hard links; a file with more than one link may also live "
            "outside the workspace, so it is neither read nor written",
            "workspace-hardlink",
        )


def _open_regular(loc: Location, flags: int) -> int:
    """Open a name known to be a regular file (or absent, when creating); re-check on the fd."""
    _require_kind(loc.seen, loc.shown, "file")
    fd = loc.open(flags)
    try:
        _require_file(os.fstat(fd), loc.shown, loc.contained)
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
            data = read_capped(fd, cap, _CHUNK)
            if data is None:  # the file grew while being read
                raise _too_big(loc.shown, f"more than {cap}", cap, limit, "read")
            return data
        finally:
            os.close(fd)


def _write_all(scope: RunScope, fd: int, data: bytes) -> None:
    """Write in chunks, stopping at the run's deadline or cancel between them."""
    view = memoryview(data)
    while view:
        scope.check_alive()
        view = view[os.write(fd, view[:_CHUNK]) :]


def _write_capped(scope: RunScope, guard: FsGuard, path: Any, data: bytes, options: Any, text: bool) -> None:
    _options(options, ())
    cap, limit = _cap(scope, text)
    # Both before locating, which creates missing parents: a refusal leaves nothing behind.
    if len(data) > cap:
        raise _too_big(repr(path), len(data), cap, limit, "written")
    quota = _quota(scope)
    quota.write(repr(path), len(data))
    with guard.locate(path, mkdirs=True) as loc:
        if loc.is_root:
            raise refusal(loc.shown, "is the workspace root, a directory", "workspace-is-a-directory")
        if loc.seen is None:
            quota.create(loc.shown)
        fd = _open_regular(loc, os.O_WRONLY | os.O_CREAT)
        try:
            os.ftruncate(fd, 0)  # only now: truncating before the fstat could touch a special file
            _write_all(scope, fd, data)
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
        raise SandboxRefusal(
            f"workspace.write needs a string (use writeBytes for bytes), got {type(text).__name__}",
            rule="bad-argument",
            name="TypeError",
        )
    _write_capped(scope, guard, path, text.encode("utf-8", errors="replace"), options, text=True)


@_workspace_op("writeBytes")
def _write_bytes(scope: RunScope, guard: FsGuard, path: Any, data: Any, options: Any = None) -> None:
    if not isinstance(data, bytes):
        raise SandboxRefusal(
            f"workspace.writeBytes needs a Uint8Array or ArrayBuffer, got {type(data).__name__}",
            rule="bad-argument",
            name="TypeError",
        )
    _write_capped(scope, guard, path, data, options, text=False)


# -- folders and metadata -------------------------------------------------------------


@_workspace_op("list")
def _list(scope: RunScope, guard: FsGuard, path: Any = ".", options: Any = None) -> list[str]:
    _options(options, ())
    cap, limit = _cap(scope, text=True)
    with guard.locate(path) as loc:
        _require_kind(loc.seen, loc.shown, "directory")
        fd = loc.open(os.O_RDONLY | os.O_DIRECTORY)
        try:
            names = sorted(os.listdir(fd))
        finally:
            os.close(fd)
        # What the guest receives: each name as a JSON string, quoted and comma-separated.
        size = sum(len(name.encode("utf-8", errors="surrogateescape")) + 3 for name in names)
        if size > cap:
            raise _too_big(loc.shown, f"a listing of {size}", cap, limit, "listed")
        return names


_MISSING = {"exists": False, "size": 0}
#: A path with nothing at its end, or a file where a folder on its way should be ('a.txt/x').
_ABSENT = ("workspace-not-found", "workspace-not-a-directory")


def _stat_result(st: os.stat_result, link: bool) -> dict[str, Any]:
    kind = kind_of(st.st_mode)
    # Where the OS records no birth time (Linux), creation is the inode change time, as Node reports it.
    created = getattr(st, "st_birthtime", st.st_ctime)
    return {
        "exists": True,
        "isFile": kind == "file",
        "isDirectory": kind == "directory",
        "isSymlink": link,
        "size": st.st_size,
        "modifiedMs": st.st_mtime_ns / 1e6,
        "createdMs": created * 1000,
        "accessedMs": st.st_atime_ns / 1e6,
    }


@_workspace_op("stat")
def _stat(scope: RunScope, guard: FsGuard, path: Any, options: Any = None) -> dict[str, Any]:
    """`isSymlink` tells whether the name itself is a link; the rest describes what it leads to
    (a link that leads outside the workspace is refused, like every other op on it)."""
    _options(options, ())
    try:
        with guard.locate(path, follow=False) as loc:
            st = loc.stat()
        link = stat.S_ISLNK(st.st_mode)
        if link:
            with guard.locate(path) as loc:
                st = loc.stat()
    except SandboxRefusal as exc:
        if exc.rule in _ABSENT:
            return dict(_MISSING)
        raise
    return _stat_result(st, link)


@_workspace_op("mkdir")
def _mkdir(scope: RunScope, guard: FsGuard, path: Any, options: Any = None) -> None:
    recursive = _options(options, ("recursive",)).get("recursive", True)
    with guard.locate(path, mkdirs=recursive) as loc:
        if recursive and loc.seen is not None:
            _require_kind(loc.seen, loc.shown, "directory")  # like mkdir -p: an existing folder is fine
            return
        _quota(scope).create(loc.shown)
        os.mkdir(loc.name, 0o777, dir_fd=loc.dir_fd)


_SUBDIR = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _remove_tree(scope: RunScope, parent_fd: int, name: str) -> None:
    """Remove a folder by fds. Not shutil.rmtree: its open follows a link swapped in
    after its lstat (only to refuse it later), and a link to a FIFO would block there."""
    fd = os.open(name, _SUBDIR, dir_fd=parent_fd)
    try:
        for entry in os.listdir(fd):
            scope.check_alive()
            if stat.S_ISDIR(os.stat(entry, dir_fd=fd, follow_symlinks=False).st_mode):
                _remove_tree(scope, fd, entry)
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
        elif recursive:
            _remove_tree(scope, loc.dir_fd, loc.name)
        else:
            try:
                os.rmdir(loc.name, dir_fd=loc.dir_fd)
            except OSError as exc:
                if exc.errno in (errno.ENOTEMPTY, errno.EEXIST):
                    raise refusal(
                        loc.shown,
                        "is a folder that is not empty; pass {recursive: true} to remove it and its contents",
                        "workspace-not-empty",
                    ) from None
                raise


@_workspace_op("root", threaded=False)
def _root(scope: RunScope, guard: FsGuard) -> str:
    if guard.root is None:
        raise SandboxRefusal(
            "no workspace in this run (host filesystem access has no root folder)",
            rule="workspace-unavailable",
            name="WorkspaceError",
        )
    return str(guard.root)


# -- copy and move ------------------------------------------------------------------


def _refuse_existing(dst: Location, overwrite: bool) -> None:
    if dst.seen is None:
        return
    if not overwrite:
        raise refusal(dst.shown, "already exists; pass {overwrite: true} to replace it", "workspace-exists")
    if stat.S_ISDIR(dst.seen.st_mode):
        raise refusal(dst.shown, "is an existing directory; overwrite replaces files only", "workspace-exists")


_NEW_FILE = (  # POSIX-only flags by getattr: this module imports everywhere, and runs where CONTAINED
    os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
) | getattr(os, "O_NONBLOCK", 0)


def _count_copy(scope: RunScope, src_fd: int, shown: str, new: bool) -> int:
    """Count a file copy against the quota before its destination is opened, so a copy over
    the quota creates and writes nothing. Returns the bytes counted (the source's size now)."""
    quota = _quota(scope)
    size = os.fstat(src_fd).st_size
    quota.write(shown, size)
    if new:
        quota.create(shown)
    return size


def _copy_into(scope: RunScope, src_fd: int, out: int, shown: str, contained: bool, counted: int) -> None:
    """Copy an open file into `out` (closed here) once `out` is known to be a regular file.
    `counted` bytes are already on the quota; what the source grew by since is counted here."""
    try:
        out_st, src_st = os.fstat(out), os.fstat(src_fd)
        _require_file(out_st, shown, contained)
        if (out_st.st_dev, out_st.st_ino) == (src_st.st_dev, src_st.st_ino):
            raise refusal(shown, "is the file being copied", "workspace-exists")
        quota = _quota(scope)
        os.ftruncate(out, 0)
        copied = 0
        while chunk := os.read(src_fd, _CHUNK):
            copied += len(chunk)
            if copied > counted:
                quota.write(shown, copied - counted)
                counted = copied
            _write_all(scope, out, chunk)
    finally:
        os.close(out)


def _copy_tree(
    scope: RunScope, src_dir: int, dst_dir: int, where: str, made: set[tuple[int, int]], contained: bool
) -> None:
    """Copy a folder's files and folders by fds. `where` is the guest's path of `src_dir`
    (for messages); `made` holds the folders created, so a copy into itself stays finite."""
    quota = _quota(scope)
    for name in sorted(os.listdir(src_dir)):
        scope.check_alive()
        shown = repr(f"{where}/{name}")
        st = os.stat(name, dir_fd=src_dir, follow_symlinks=False)
        if (st.st_dev, st.st_ino) in made:
            continue
        with oserrors(shown):
            if stat.S_ISREG(st.st_mode):
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=src_dir)
                try:
                    _require_file(os.fstat(fd), shown, contained)
                    counted = _count_copy(scope, fd, shown, new=True)
                    out = os.open(name, _NEW_FILE, 0o666, dir_fd=dst_dir)
                    _copy_into(scope, fd, out, shown, contained, counted)
                finally:
                    os.close(fd)
            elif stat.S_ISDIR(st.st_mode):
                quota.create(shown)
                os.mkdir(name, 0o777, dir_fd=dst_dir)
                sub_src = os.open(name, _SUBDIR, dir_fd=src_dir)
                try:
                    sub_dst = os.open(name, _SUBDIR, dir_fd=dst_dir)
                    try:
                        made.add((os.fstat(sub_dst).st_dev, os.fstat(sub_dst).st_ino))
                        _copy_tree(scope, sub_src, sub_dst, f"{where}/{name}", made, contained)
                    finally:
                        os.close(sub_dst)
                finally:
                    os.close(sub_src)
            else:
                link = stat.S_ISLNK(st.st_mode)
                raise refusal(
                    shown,
                    f"is {'a symbolic link' if link else 'a special file'}; a folder copy "
                    "copies files and folders only (the copy stopped here)",
                    "workspace-symlink" if link else "workspace-special-file",
                )


def _require_source(src: Location) -> None:
    """A missing source is named before the destination's parents are created for it."""
    if src.seen is None:
        raise refusal(src.shown, "does not exist", "workspace-not-found")


@_workspace_op("copy")
def _copy(scope: RunScope, guard: FsGuard, source: Any, target: Any, options: Any = None) -> None:
    opts = _options(options, ("overwrite", "recursive"))
    with guard.locate(source) as src:
        _require_source(src)
        with guard.locate(target, mkdirs=True) as dst:
            _copy_located(scope, src, dst, source, opts)


def _copy_located(scope: RunScope, src: Location, dst: Location, source: str, opts: dict[str, bool]) -> None:
    quota = _quota(scope)
    if dst.is_root:
        raise refusal(dst.shown, "is the workspace root", "workspace-exists")
    if src.seen is not None and stat.S_ISDIR(src.seen.st_mode):
        if not opts.get("recursive", False):
            raise refusal(
                src.shown,
                "is a directory; pass {recursive: true} to copy it with its contents",
                "workspace-is-a-directory",
            )
        if dst.seen is not None:
            raise refusal(dst.shown, "already exists; a folder is copied to a new name", "workspace-exists")
        with oserrors(src.shown):
            src_dir = src.open(os.O_RDONLY | os.O_DIRECTORY)
        try:
            quota.create(dst.shown)
            with oserrors(dst.shown):
                os.mkdir(dst.name, 0o777, dir_fd=dst.dir_fd)
                dst_dir = dst.open(os.O_RDONLY | os.O_DIRECTORY)
            try:
                made = {(os.fstat(dst_dir).st_dev, os.fstat(dst_dir).st_ino)}
                _copy_tree(scope, src_dir, dst_dir, source.rstrip("/"), made, src.contained)
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
        counted = _count_copy(scope, src_fd, dst.shown, new=dst.seen is None)
        with oserrors(dst.shown):
            out = dst.open(os.O_WRONLY | os.O_CREAT | (0 if overwrite else os.O_EXCL))
            _copy_into(scope, src_fd, out, dst.shown, dst.contained, counted)
    finally:
        os.close(src_fd)


@_workspace_op("move")
def _move(scope: RunScope, guard: FsGuard, source: Any, target: Any, options: Any = None) -> None:
    opts = _options(options, ("overwrite",))
    with guard.locate(source, follow=False) as src:
        _require_source(src)
        if src.is_root:
            raise refusal(src.shown, "is the workspace root, which cannot be moved", "workspace-root")
        with guard.locate(target, follow=False, mkdirs=True) as dst:
            if dst.is_root:
                raise refusal(dst.shown, "is the workspace root, which cannot be replaced", "workspace-root")
            _refuse_existing(dst, opts.get("overwrite", False))
            with oserrors(f"{src.shown} -> {dst.shown}"):
                os.rename(src.name, dst.name, src_dir_fd=src.dir_fd, dst_dir_fd=dst.dir_fd)


SURFACE = declared("workspace").surface(
    {
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
    }
)
