"""`@cordon/sandbox-sqlite`: SQL over a database held in bytes, as the reference's better-sqlite3 pack.

Python's `sqlite3` (stdlib). The database is bytes, never a path (the
reference's rule): `null` is a new empty database, a Uint8Array (say
`await workspace.readBytes("cards.db")`, which goes through the workspace's
own contained resolution) is deserialized into a private in-memory database.
No file is ever opened here, so there is nothing to race or link to.

* `query(database, sql, params?)` -> rows as objects keyed by column name
  (better-sqlite3's `stmt.all()`); a statement that returns no data is
  `sqlite-not-a-query`, as better-sqlite3 refuses it.
* `run(database, [{sql, params}])` -> `{database: Uint8Array, results}`:
  each result is the rows of a statement that returns data, or
  `{changes, lastInsertRowid}` (`stmt.run()`); `database` is the database
  after all statements, ready for `workspace.writeBytes`.

`params` is an array (positional `?`) or an object (named `:x`, `@x`, `$x`).

Refused by an authorizer, before a statement runs: ATTACH / DETACH (any other
file), `load_extension` and other file functions, and every PRAGMA but the
read-only and per-connection ones in SAFE_PRAGMAS (`sqlite-refused`). Extension
loading is also never enabled and no database may be attached at all
(SQLITE_LIMIT_ATTACHED 0, which also stops `VACUUM INTO 'file'`). The input is
treated as untrusted (trusted_schema off, cell size checks on). Bounds: 10 MB
per database in and MAX_DATABASE out, MAX_VALUE per string or blob, MAX_ROWS
rows per statement, MAX_STATEMENTS per run, MAX_RESULT bytes of rows per call
(`sqlite-result-too-large`); a progress handler stops the work at the run's
deadline or cancel.

Rows are fetched one at a time and counted as they arrive, so a cap is met
before the rows past it exist: fetching MAX_ROWS + 1 rows first, then checking,
let one `query` of 10 MB values hold 5.4 GB after its 2 s run had ended.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import CordonError, SandboxRefusal
from core.packs.caps import MB
from core.packs.host_registry import Arg, HostExport, HostModule

MAX_ROWS = 10_000
MAX_STATEMENTS = 500
#: Largest database a run may build (the input cap is the shared 10 MB per byte argument).
MAX_DATABASE = 50 * MB
MAX_VALUE = 10 * MB
#: Bytes of rows one call returns, all statements together (text and blobs by length, others 8):
#: no more than the largest database a run may build.
MAX_RESULT = MAX_DATABASE
#: VM instructions between two deadline checks.
_PROGRESS_STEPS = 10_000
_HEADER = b"SQLite format 3\x00"
SAFE_PRAGMAS = frozenset(
    {
        "table_info",
        "table_xinfo",
        "table_list",
        "index_list",
        "index_info",
        "index_xinfo",
        "foreign_key_list",
        "foreign_key_check",
        "foreign_keys",
        "user_version",
        "schema_version",
        "page_count",
        "page_size",
        "freelist_count",
        "integrity_check",
        "quick_check",
        "database_list",
        "collation_list",
        "encoding",
        "case_sensitive_like",
        "recursive_triggers",
        "defer_foreign_keys",
        "application_id",
        "data_version",
    }
)
#: SQL functions that touch files or loaded code (none is built into Python's sqlite, they are refused by name).
_FILE_FUNCTIONS = frozenset({"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"})


def _refused(what: str) -> SandboxRefusal:
    return SandboxRefusal(
        f"{what} is not allowed: the database is the bytes passed in, and nothing else",
        rule="sqlite-refused",
        name="TypeError",
    )


class _Database:
    """One private in-memory database for one call, with the guards in place before any statement."""

    def __init__(self, data: bytes | None) -> None:
        self.denied: SandboxRefusal | None = None
        self.stopped: CordonError | None = None
        #: Bytes of rows this call has fetched so far (MAX_RESULT across its statements).
        self.fetched = 0
        self.conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self.conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
        self.conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE)
        if data is not None:
            if not data.startswith(_HEADER) or len(data) < 100:
                self.conn.close()
                raise SandboxRefusal(
                    "database is not an SQLite database (no 'SQLite format 3' header)",
                    rule="sqlite-invalid",
                    name="TypeError",
                )
            if data[18:20] == b"\x02\x02":  # a WAL database: read it as a rollback-journal one (same pages)
                data = data[:18] + b"\x01\x01" + data[20:]
            self.conn.deserialize(data)
        for pragma in ("trusted_schema = OFF", "cell_size_check = ON", "mmap_size = 0"):
            self.conn.execute(f"PRAGMA {pragma}")
        page_size = self.conn.execute("PRAGMA page_size").fetchone()[0]
        self.conn.execute(f"PRAGMA max_page_count = {MAX_DATABASE // page_size}")
        self.conn.set_authorizer(self._authorize)
        self.conn.set_progress_handler(self._progress, _PROGRESS_STEPS)

    def _authorize(self, action: int, arg1: str | None, arg2: str | None, _db: str | None, _src: str | None) -> int:
        if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
            self.denied = _refused("ATTACH, DETACH or VACUUM (each opens another database)")
        elif action == sqlite3.SQLITE_PRAGMA and (arg1 or "").lower() not in SAFE_PRAGMAS:
            self.denied = _refused(f"PRAGMA {arg1}")
        elif action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _FILE_FUNCTIONS:
            self.denied = _refused(f"{arg2}()")
        else:
            return sqlite3.SQLITE_OK
        return sqlite3.SQLITE_DENY

    def _progress(self) -> int:
        try:
            worker_check_alive()
        except CordonError as exc:
            self.stopped = exc
            return 1
        return 0

    def execute(self, at: str, sql: Any, params: Any) -> tuple[sqlite3.Cursor, list[Any] | None]:
        """Run one statement; (cursor, rows or None when it returns no data)."""
        if not isinstance(sql, str):
            raise SandboxRefusal(f"{at}: sql must be a string", rule="host-argument-invalid", name="TypeError")
        self.denied = None
        try:
            cursor = self.conn.execute(sql, _params(at, params))
            if cursor.description is None:
                return cursor, None
            names = [column[0] for column in cursor.description]
            return cursor, [dict(zip(names, row, strict=True)) for row in self._rows(at, cursor)]
        except sqlite3.Error as exc:
            if self.stopped is not None:
                raise self.stopped from None
            if self.denied is not None:
                raise self.denied from None
            raise SandboxRefusal(f"{at}: {exc}", rule="sqlite-error", name="SqliteError") from None

    def _rows(self, at: str, cursor: sqlite3.Cursor) -> Iterator[tuple[Any, ...]]:
        """The cursor's rows, one fetched at a time, refused as soon as one passes a cap."""
        for count, row in enumerate(iter(cursor.fetchone, None), 1):
            if count > MAX_ROWS:
                raise SandboxRefusal(
                    f"{at} returns more than {MAX_ROWS} rows; add a LIMIT",
                    rule="sqlite-too-many-rows",
                    name="RangeError",
                )
            self.fetched += sum(len(v) if isinstance(v, str | bytes) else 8 for v in row)
            if self.fetched > MAX_RESULT:
                raise SandboxRefusal(
                    f"{at}: the rows returned so far are more than {MAX_RESULT // MB} MB; select fewer or smaller "
                    "values (add a LIMIT, or substr() a large column)",
                    rule="sqlite-result-too-large",
                    name="RangeError",
                )
            yield row

    def close(self) -> None:
        self.conn.close()


def _params(at: str, params: Any) -> Sequence[Any] | Mapping[str, Any]:
    if params is None:
        return ()
    values = params.values() if isinstance(params, dict) else params if isinstance(params, list) else None
    if values is None:
        raise SandboxRefusal(
            f"{at}: params must be an array or an object", rule="host-argument-invalid", name="TypeError"
        )
    for value in values:
        if not isinstance(value, str | int | float | bytes | type(None)):
            raise SandboxRefusal(
                f"{at}: SQLite can bind only numbers, strings, Uint8Array and null, not {type(value).__name__}",
                rule="host-argument-invalid",
                name="TypeError",
            )
    return params


def query(database: bytes | None, sql: str, params: Any = None) -> list[dict[str, Any]]:
    db = _Database(database)
    try:
        _, rows = db.execute("the statement", sql, params)
    finally:
        db.close()
    if rows is None:
        raise SandboxRefusal(
            "this statement does not return data; use run() instead", rule="sqlite-not-a-query", name="TypeError"
        )
    return rows


def run(database: bytes | None, statements: list[Any]) -> dict[str, Any]:
    if not isinstance(statements, list):
        raise SandboxRefusal(
            "statements must be an array of { sql, params }", rule="host-argument-invalid", name="TypeError"
        )
    if len(statements) > MAX_STATEMENTS:
        raise SandboxRefusal(
            f"{len(statements)} statements, at most {MAX_STATEMENTS} per run",
            rule="sqlite-too-many-statements",
            name="RangeError",
        )
    db = _Database(database)
    try:
        results: list[Any] = []
        for index, statement in enumerate(statements):
            at = f"statement {index}"
            if not isinstance(statement, dict):
                raise SandboxRefusal(
                    f"{at} must be an object {{ sql, params }}", rule="host-argument-invalid", name="TypeError"
                )
            cursor, rows = db.execute(at, statement.get("sql"), statement.get("params"))
            results.append(
                rows
                if rows is not None
                else {"changes": max(cursor.rowcount, 0), "lastInsertRowid": cursor.lastrowid or 0}
            )
        return {"database": db.conn.serialize(), "results": results}
    finally:
        db.close()


_DATABASE = Arg("database", ("bytes",), optional=True)

MODULE = HostModule(
    "cordon.sqlite",
    "@cordon/sandbox-sqlite",
    "1",
    {
        "query": HostExport(
            query, (_DATABASE, Arg("sql", ("string",)), Arg("params", ("json", "bytes"), optional=True))
        ),
        "run": HostExport(run, (_DATABASE, Arg("statements", ("json", "bytes")))),
    },
)
