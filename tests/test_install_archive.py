"""Safe extraction: every hostile archive shape is refused by name, before anything escapes."""

from __future__ import annotations

import gzip
import hashlib
import tarfile

import pytest

from core.packs.install.archive import ArchiveLimits, extract_tarball
from core.packs.install.errors import InstallError
from tests.npm_registry import file_member, tarball


def _member(name: str, kind: bytes, **extra: object) -> tuple[tarfile.TarInfo, None]:
    info = tarfile.TarInfo(name)
    info.type = kind
    for key, value in extra.items():
        setattr(info, key, value)
    return info, None


def _extract(tmp_path, data: bytes, limits: ArchiveLimits | None = None):
    tgz = tmp_path / "in.tgz"
    tgz.write_bytes(data)
    dest = tmp_path / "out"
    dest.mkdir()
    return extract_tarball(tgz, dest, what="test", limits=limits or ArchiveLimits()), dest


OK = file_member("package/package.json", b'{"name": "x", "version": "1.0.0"}')


@pytest.mark.parametrize(
    ("members", "rule"),
    [
        ([file_member("/etc/evil", b"x")], "archive-unsafe-path"),
        ([file_member("package/../../evil", b"x")], "archive-unsafe-path"),
        ([file_member("package/a/../../../evil", b"x")], "archive-unsafe-path"),
        ([file_member("package/a\\..\\..\\evil", b"x")], "archive-unsafe-path"),
        ([file_member("package/C:evil", b"x")], "archive-unsafe-path"),
        ([file_member("toplevel.js", b"x")], "archive-unsafe-path"),
        ([_member("package/link", tarfile.SYMTYPE, linkname="../../etc/passwd")], "archive-link"),
        ([_member("package/hard", tarfile.LNKTYPE, linkname="package/package.json")], "archive-link"),
        ([_member("package/dev", tarfile.CHRTYPE, devmajor=1, devminor=3)], "archive-special-file"),
        ([_member("package/blk", tarfile.BLKTYPE)], "archive-special-file"),
        ([_member("package/fifo", tarfile.FIFOTYPE)], "archive-special-file"),
        ([file_member("package/a.js", b"1"), file_member("package/a.js", b"2")], "archive-duplicate-entry"),
        ([file_member("package/A.js", b"1"), file_member("package/a.js", b"2")], "archive-duplicate-entry"),
        ([file_member("package/x", b"1"), file_member("package/x/y", b"2")], "archive-duplicate-entry"),
    ],
)
def test_hostile_members_are_refused(tmp_path, members, rule):
    with pytest.raises(InstallError) as refused:
        _extract(tmp_path, tarball([OK, *members]))
    assert refused.value.rule == rule, refused.value.message
    assert not (tmp_path / "evil").exists() and not (tmp_path.parent / "evil").exists()


def test_a_gzip_bomb_stops_at_the_cap_while_inflating(tmp_path):
    raw = bytearray()
    info = tarfile.TarInfo("package/zeros.bin")
    info.size = 200 * 1024 * 1024
    raw += info.tobuf(format=tarfile.PAX_FORMAT)
    bomb = gzip.compress(bytes(raw) + bytes(info.size), compresslevel=9)
    assert len(bomb) < 300 * 1024  # 200 MB inflates from a few hundred KB
    with pytest.raises(InstallError) as refused:
        _extract(tmp_path, bomb, ArchiveLimits(max_unpacked_bytes=8 * 1024 * 1024))
    assert refused.value.rule == "archive-too-large"
    assert sum(p.stat().st_size for p in (tmp_path / "out").rglob("*") if p.is_file()) <= 8 * 1024 * 1024


def test_entry_cap(tmp_path):
    members = [OK, *(file_member(f"package/f{i}.js", b"") for i in range(60))]
    with pytest.raises(InstallError) as refused:
        _extract(tmp_path, tarball(members), ArchiveLimits(max_entries=50))
    assert refused.value.rule == "archive-too-many-entries"


@pytest.mark.parametrize("cut", [0.5, 0.95])
def test_truncated_archives_are_corrupt(tmp_path, cut):
    data = tarball([OK, file_member("package/x.bin", bytes(range(256)) * 400)])
    with pytest.raises(InstallError) as refused:
        _extract(tmp_path, data[: int(len(data) * cut)])
    assert refused.value.rule == "archive-corrupt"


def test_garbage_is_corrupt(tmp_path):
    with pytest.raises(InstallError) as refused:
        _extract(tmp_path, b"\x1f\x8bnot gzip at all")
    assert refused.value.rule == "archive-corrupt"


def test_a_normal_tarball_is_stripped_of_its_package_folder(tmp_path):
    unpacked, dest = _extract(
        tmp_path, tarball([OK, file_member("package/lib/a.js", b"export {};"), _member("package/lib", tarfile.DIRTYPE)])
    )
    assert (unpacked.files, unpacked.size) == (2, len(OK[1]) + 10)
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")) == ["lib", "lib/a.js", "package.json"]
    assert (dest / "lib" / "a.js").stat().st_mode & 0o777 == 0o644


def test_a_date_fns_sized_archive_fits_the_default_caps(tmp_path):
    """date-fns 4 ships 5,137 files: the entry cap fits real packages."""
    members = [
        OK,
        *(file_member(f"package/fp/f{i}.js", hashlib.sha512(b"%d" % i).hexdigest().encode() * 4) for i in range(5137)),
    ]
    unpacked, _ = _extract(tmp_path, tarball(members))
    assert unpacked.files == 5138


def test_a_bomb_under_the_byte_cap_is_stopped_by_the_ratio_cap(tmp_path):
    raw = bytearray()
    info = tarfile.TarInfo("package/zeros.bin")
    info.size = 32 * 1024 * 1024  # under the 64 MB byte cap, but ~1000x compression
    raw += info.tobuf(format=tarfile.PAX_FORMAT)
    bomb = gzip.compress(bytes(raw) + bytes(info.size), compresslevel=9)
    with pytest.raises(InstallError) as refused:
        _extract(tmp_path, bomb)
    assert refused.value.rule == "archive-too-large" and "200x" in refused.value.message
