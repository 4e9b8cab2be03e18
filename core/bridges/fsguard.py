"""Contained path resolution for `workspace.*`, by directory file descriptors.

Why fds: the reference checks a path's realpath and then calls the filesystem
*by path*, so an in-workspace symlink swapped between the two leads anywhere
(its "known accepted risk"). Here a guest path is walked one component at a
time: each folder is opened with ``O_DIRECTORY | O_NOFOLLOW`` relative to the
previous folder's fd, and the final operation gets the parent's fd plus a
plain name (``O_NOFOLLOW`` opens, ``follow_symlinks=False`` stats, ``*at``
unlink/rename). The kernel therefore never follows a symlink on the guest's
behalf.

Symlinks inside the workspace that point inside are followed by Cordon itself:
the target is read (``readlink``) and walked by the same rules from the
current folder (or from the root fd for an absolute target under the root), so
a target that climbs above the root, or an absolute one elsewhere, is refused
(rule ``workspace-symlink``). A name swapped for a link after it was checked
is met by ``O_NOFOLLOW`` (ELOOP) and refused too; it can never be followed.

What this does not cover, on purpose: a folder already opened that someone
else renames out of the workspace is still acted on where it now is (it was
inside when reached). A hard link is the file it links to, so no path check
can see where else that file lives: `workspace.*` refuses to read or write a
regular file with more than one link, on the fd it opened. Needs POSIX
``dir_fd`` support (Linux, macOS).

``limits.filesystemAccess == "host"`` (host-set) lifts containment: absolute
paths and ``..`` are allowed and the kernel follows links, but the path syntax
rules and the special-file checks of the operations still apply.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from core.errors import SandboxRefusal

#: Like the kernel's own bound (Linux MAXSYMLINKS).
MAX_SYMLINKS = 40
#: Whether this platform has what the descriptor walk needs (Linux, macOS: `O_DIRECTORY`,
#: `O_NOFOLLOW`, `dir_fd` opens). Elsewhere (Windows) nothing here is verified, so the workspace
#: is refused (`workspace-unsupported-platform`) rather than contained by a weaker walk.
CONTAINED = hasattr(os, "O_DIRECTORY") and hasattr(os, "O_NOFOLLOW") and os.open in os.supports_dir_fd
#: Names POSIX-only flags by `getattr` so the module imports everywhere; used only where `CONTAINED`.
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
#: Percent-encoded dot, slash, backslash and NUL: harmless to the kernel, but a
#: later layer that decodes them would see a traversal, so they never get in.
_ENCODED = re.compile(r"%(2e|2f|5c|00)", re.IGNORECASE)
_DRIVE = re.compile(r"^[A-Za-z]:")

_ERRNO_RULES: dict[int, tuple[str, str]] = {
    errno.ENOENT: ("does not exist", "workspace-not-found"),
    errno.EEXIST: ("already exists", "workspace-exists"),
    errno.ENOTDIR: ("is not a directory (or a folder on its way is not)", "workspace-not-a-directory"),
    errno.EISDIR: ("is a directory", "workspace-is-a-directory"),
    errno.ENOTEMPTY: ("is a directory that is not empty", "workspace-not-empty"),
    errno.ELOOP: ("became a symbolic link while in use, or links loop", "workspace-symlink"),
    errno.EACCES: ("cannot be accessed: permission denied", "workspace-permission"),
    errno.EPERM: ("cannot be accessed: operation not permitted", "workspace-permission"),
    errno.ENXIO: ("is a special file (a FIFO, socket or device)", "workspace-special-file"),
}


def refusal(shown: str, problem: str, rule: str, name: str = "WorkspaceError") -> SandboxRefusal:
    """A refusal whose message starts with the path as the guest wrote it."""
    return SandboxRefusal(f"{shown} {problem}", rule=rule, name=name)


def os_refusal(exc: OSError, shown: str) -> SandboxRefusal:
    problem, rule = _ERRNO_RULES.get(exc.errno or 0, (None, "workspace-io"))
    return refusal(shown, problem or f"failed: {os.strerror(exc.errno or 0) or exc}", rule)


@contextmanager
def oserrors(shown: str) -> Iterator[None]:
    """Turn OS errors in the block into refusals naming `shown` (never a host path)."""
    try:
        yield
    except OSError as exc:
        raise os_refusal(exc, shown) from None


def split_guest_path(path: object, *, host: bool) -> list[str]:
    """Check a guest path's syntax and split it into components ('.' and '' dropped)."""
    if not isinstance(path, str):
        raise SandboxRefusal(
            f"a workspace path must be a string, got {type(path).__name__}", rule="bad-argument", name="TypeError"
        )
    shown = repr(path)
    if not path:
        raise refusal(shown, "is empty; use '.' for the workspace root", "workspace-bad-path")
    if "\x00" in path:
        raise refusal(shown, "contains a NUL byte", "workspace-bad-path")
    if "\\" in path:
        raise refusal(shown, "contains a backslash; separate folders with '/'", "workspace-bad-path")
    if _ENCODED.search(path):
        raise refusal(
            shown, "contains a percent-encoded '.', '/', '\\' or NUL; write the name plainly", "workspace-bad-path"
        )
    if not host and (path.startswith("/") or _DRIVE.match(path)):
        raise refusal(
            shown, "is an absolute path; workspace paths are relative to the workspace root", "workspace-escape"
        )
    return [part for part in path.split("/") if part not in ("", ".")]


def kind_of(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISLNK(mode):
        return "symlink"
    return "other"


@dataclass(frozen=True)
class Location:
    """A resolved guest path: a folder fd (valid inside `locate`) and one name in it.

    `name` is "." for the root folder itself. `seen` is what the name was when
    resolved (None: it did not exist; in host mode, links followed), used to refuse special files before any
    open; operations re-check on the fd they open.
    """

    dir_fd: int
    name: str
    shown: str
    contained: bool
    follow: bool
    seen: os.stat_result | None

    @property
    def is_root(self) -> bool:
        return self.name == "."

    def open(self, flags: int, mode: int = 0o666) -> int:
        """Open the name; non-blocking so a FIFO or device never hangs the open."""
        flags |= os.O_CLOEXEC | os.O_NONBLOCK | (os.O_NOFOLLOW if self.contained else 0)
        return os.open(self.name, flags, mode, dir_fd=self.dir_fd)

    def stat(self) -> os.stat_result:
        """Stat now; in contained mode a name that became a symlink is refused."""
        st = os.stat(self.name, dir_fd=self.dir_fd, follow_symlinks=self.follow and not self.contained)
        if self.contained and self.follow and stat.S_ISLNK(st.st_mode):
            raise os_refusal(OSError(errno.ELOOP, "symlink"), self.shown)
        return st


class FsGuard:
    """Resolves guest paths for one operation of one run.

    `on_create(shown)` runs before each folder `locate(mkdirs=True)` creates, so
    the run's quota of created entries counts parent folders too (and can refuse
    before the folder exists).
    """

    def __init__(self, root: Path | None, *, host: bool, on_create: Callable[[str], None] | None = None) -> None:
        self.root = root
        self.host = host
        self.on_create = on_create

    @contextmanager
    def locate(self, path: object, *, follow: bool = True, mkdirs: bool = False) -> Iterator[Location]:
        """Resolve `path`; fds live until the block ends. OS errors become refusals.

        `follow`: expand a symlink in the last component (reads, writes, stat);
        False acts on the link itself (remove, move). `mkdirs`: create missing
        folders on the way (never the last component).
        """
        parts = split_guest_path(path, host=self.host)
        shown = repr(path)
        with ExitStack() as fds, oserrors(shown):
            if self.host:
                yield self._host(str(path), shown, follow, mkdirs, fds)
            else:
                yield self._walk(parts, shown, follow, mkdirs, fds)

    def _created(self, shown: str) -> None:
        if self.on_create is not None:
            self.on_create(shown)

    def _make_parents(self, folder: str, shown: str) -> None:
        """Host mode's `os.makedirs`, one folder at a time so each is counted."""
        missing: list[str] = []
        while folder and not os.path.lexists(folder):
            missing.append(folder)
            folder = os.path.dirname(folder)
        for made in reversed(missing):
            self._created(shown)
            with _tolerate(errno.EEXIST):
                os.mkdir(made)

    def _require_root(self, shown: str) -> Path:
        if self.root is None:
            raise refusal(shown, "is relative, and this run has no workspace", "workspace-unavailable")
        return self.root

    def _root_fd(self, shown: str, fds: ExitStack) -> int:
        try:
            fd = os.open(self._require_root(shown), os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError:
            raise refusal(
                shown, "cannot be reached: the workspace folder is missing or unreadable", "workspace-unavailable"
            ) from None
        fds.callback(os.close, fd)
        return fd

    def _host(self, path: str, shown: str, follow: bool, mkdirs: bool, fds: ExitStack) -> Location:
        if not os.path.isabs(path):
            path = os.path.join(self._require_root(shown), path)
        parent, name = os.path.split(os.path.normpath(path))
        if mkdirs:
            self._make_parents(parent, shown)
        fd = os.open(parent or "/", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        fds.callback(os.close, fd)
        name = name or "."
        try:
            st: os.stat_result | None = os.stat(name, dir_fd=fd, follow_symlinks=follow)
        except FileNotFoundError:
            st = None
        return Location(fd, name, shown, contained=False, follow=follow, seen=st)

    def _walk(self, parts: list[str], shown: str, follow: bool, mkdirs: bool, fds: ExitStack) -> Location:
        root_fd = self._root_fd(shown, fds)
        stack: list[int] = [root_fd]  # stack[i]: the folder at position[:i]; stack[1:] are ours to close
        fds.callback(lambda: [os.close(fd) for fd in stack[1:]])
        position: list[str] = []
        pending = deque(parts)
        links = 0
        via_link: str | None = None

        def leave() -> None:
            position.pop()
            os.close(stack.pop())

        while True:
            if not pending:
                if not position:
                    return Location(root_fd, ".", shown, True, follow, os.fstat(root_fd))
                # The path ends at a folder already entered ('a/b/..', a link to '.'):
                # resolve it again as the last component, by name in its parent.
                pending.append(position[-1])
                leave()
            name = pending.popleft()
            if name == "..":
                if not position:
                    if via_link is not None:
                        raise refusal(
                            shown,
                            f"goes through the symbolic link {via_link!r}, which points outside the workspace",
                            "workspace-symlink",
                        )
                    raise refusal(shown, "climbs above the workspace root with '..'", "workspace-escape")
                leave()
                continue
            last = not pending
            try:
                st: os.stat_result | None = os.stat(name, dir_fd=stack[-1], follow_symlinks=False)
            except FileNotFoundError:
                if last:
                    return Location(stack[-1], name, shown, True, follow, None)
                if not mkdirs:
                    raise
                self._created(shown)
                with _tolerate(errno.EEXIST):
                    os.mkdir(name, 0o777, dir_fd=stack[-1])
                st = None
            if st is not None and stat.S_ISLNK(st.st_mode) and (follow or not last):
                links += 1
                if links > MAX_SYMLINKS:
                    raise refusal(shown, "goes through too many symbolic links (a loop?)", "workspace-symlink")
                via_link = "/".join([*position, name])
                target = _read_link(name, stack[-1], shown)
                if target.startswith("/"):
                    target_parts = self._under_root(target, shown, via_link)
                    while position:
                        leave()
                else:
                    target_parts = [p for p in target.split("/") if p not in ("", ".")]
                pending.extendleft(reversed(target_parts))
                continue
            if last:
                return Location(stack[-1], name, shown, True, follow, st)
            stack.append(_open_folder(name, stack[-1], shown))
            position.append(name)

    def _under_root(self, target: str, shown: str, link: str) -> list[str]:
        """Components of an absolute link target below the root, or a refusal."""
        target_parts = [p for p in target.split("/") if p]
        root_path = self._require_root(shown)
        for root in {str(root_path), os.path.realpath(root_path)}:
            root_parts = [p for p in root.split("/") if p]
            if target_parts[: len(root_parts)] == root_parts:
                return target_parts[len(root_parts) :]
        raise refusal(
            shown, f"goes through the symbolic link {link!r}, which points outside the workspace", "workspace-symlink"
        )


def _open_folder(name: str, dir_fd: int, shown: str) -> int:
    """Enter a folder without following links; one swapped in since its check is named as such
    (Linux reports O_DIRECTORY|O_NOFOLLOW on a link as ENOTDIR, not ELOOP)."""
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno in (errno.ENOTDIR, errno.ELOOP):
            with _tolerate(errno.ENOENT):
                if stat.S_ISLNK(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode):
                    raise refusal(
                        shown, f"changed: {name!r} became a symbolic link while in use", "workspace-symlink"
                    ) from None
        raise


def _read_link(name: str, dir_fd: int, shown: str) -> str:
    """The target of a name just seen as a link; one swapped back for a folder or file since
    (readlink's EINVAL) changed while in use, the same refusal as a name swapped for a link."""
    try:
        return os.readlink(name, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno == errno.EINVAL:
            raise refusal(
                shown, f"changed: {name!r} stopped being a symbolic link while in use", "workspace-symlink"
            ) from None
        raise


def read_capped(fd: int, cap: int, chunk: int = 1 << 20) -> bytes | None:
    """All of `fd` from where it stands, or None once it holds more than `cap` bytes.

    Reads at most `cap + 1` bytes whatever the file claims, so a file that grows while
    it is read (or a size the stat got wrong) cannot make the host hold more than its cap.
    """
    chunks: list[bytes] = []
    total = 0
    while data := os.read(fd, min(chunk, cap + 1 - total)):
        chunks.append(data)
        total += len(data)
        if total > cap:
            return None
    return b"".join(chunks)


@contextmanager
def _tolerate(code: int) -> Iterator[None]:
    try:
        yield
    except OSError as exc:
        if exc.errno != code:
            raise
