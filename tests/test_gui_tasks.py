"""The studio's task runner (`gui.tasks`) on real Qt: real threads, the real engine, a real registry.

What the studio relies on: results arrive on the UI thread, a task's exception
arrives in its `on_done`, a closed window's results are dropped (never a
crash), and a run starts at once however busy the pack jobs keep the work pool.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future

import pytest
import shiboken6
from PySide6.QtCore import QObject

from core.codenode import CodeNodeDocument, OutputHandle
from core.packs import Catalog, PackRoot, installed_dir
from core.packs.install import InstallSource
from gui.pack_manager import PackManager
from gui.tasks import POOL_SIZES, TaskManager, task_manager
from gui.worker import RunController, RunRequest
from tests import install_support

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry

WAIT_MS = 30_000


def settle(qtbot, future: Future) -> list[str]:
    """Wait until every closure the task manager queued for `future` has been drained.

    A done-callback added after `run_in_background`'s runs after it, on the same thread, so
    its closure is queued behind the task's `on_done`: once it ran, that one was handled.
    """
    drained: list[str] = []
    future.add_done_callback(lambda _f: task_manager().run_on_main(lambda: drained.append("drained")))
    qtbot.waitUntil(lambda: drained == ["drained"], timeout=WAIT_MS)
    return drained


def test_a_result_is_delivered_on_the_ui_thread(qtbot):
    seen: dict[str, object] = {}

    def task() -> str:
        seen["task thread"] = threading.current_thread()
        return "value"

    def on_done(future: Future) -> None:
        seen["done thread"] = threading.current_thread()
        seen["value"] = future.result()

    task_manager().run_in_background(task, on_done)
    qtbot.waitUntil(lambda: "value" in seen, timeout=WAIT_MS)
    assert seen["value"] == "value"
    assert seen["done thread"] is threading.main_thread()
    assert seen["task thread"] is not threading.main_thread()


def test_on_done_never_runs_inside_the_call_even_for_a_finished_task(qtbot):
    order: list[str] = []
    future = task_manager().run_in_background(lambda: None)
    qtbot.waitUntil(future.done, timeout=WAIT_MS)
    task_manager().run_in_background(lambda: None, lambda _f: order.append("on_done"))
    order.append("returned")
    qtbot.waitUntil(lambda: len(order) == 2, timeout=WAIT_MS)
    assert order == ["returned", "on_done"]


def test_an_exception_is_delivered_to_on_done(qtbot):
    got: list[BaseException | None] = []

    def task() -> None:
        raise ValueError("broken task")

    task_manager().run_in_background(task, lambda future: got.append(future.exception()))
    qtbot.waitUntil(lambda: bool(got), timeout=WAIT_MS)
    assert isinstance(got[0], ValueError) and str(got[0]) == "broken task"


def test_a_failing_handler_does_not_lose_the_results_queued_behind_it(qtbot, caplog):
    delivered: list[str] = []
    tasks = task_manager()

    def broken() -> None:
        raise RuntimeError("handler bug")

    # Both are queued before the event loop runs again, so one drain runs both, the broken one first.
    tasks.run_on_main(broken)
    tasks.run_on_main(lambda: delivered.append("second"))
    with caplog.at_level("ERROR", logger="gui.tasks"):
        qtbot.waitUntil(lambda: delivered == ["second"], timeout=WAIT_MS)
    assert any("handler failed" in r.getMessage() and r.exc_info for r in caplog.records)


@pytest.mark.parametrize("how", ["dropped", "deleted", "parent dropped"])
def test_results_for_a_closed_owner_are_dropped(qtbot, how):
    window = QObject()
    owner = QObject(window)  # a panel of the window
    release = threading.Event()
    delivered: list[str] = []
    future = task_manager().run_in_background(
        lambda: release.wait(WAIT_MS / 1000), lambda _f: delivered.append("owner"), owner=owner
    )
    if how == "dropped":
        task_manager().drop(owner)
    elif how == "parent dropped":
        task_manager().drop(window)  # what a closing window does
    else:
        shiboken6.delete(owner)  # the panel's C++ object is gone
    release.set()
    settle(qtbot, future)
    assert delivered == []


def test_a_result_for_a_live_owner_is_delivered(qtbot):
    window = QObject()
    owner = QObject(window)
    delivered: list[str] = []
    future = task_manager().run_in_background(lambda: None, lambda _f: delivered.append("owner"), owner=owner)
    settle(qtbot, future)
    assert delivered == ["owner"]


def test_closing_during_an_endless_run_cancels_it_and_drops_its_result(qtbot):
    """The window closes (RunPanel.shutdown) while `while (true) {}` runs: the run stops, nothing is reported."""
    controller = RunController()
    finished: list[object] = []
    controller.finished.connect(finished.append)
    controller.start(RunRequest(CodeNodeDocument(body="while (true) {}")))
    future = controller._run.future
    assert controller.shutdown() is True  # cancelled within the wait: the pool thread is free again
    assert future.result().cancelled
    settle(qtbot, future)
    assert finished == [] and not controller.running


def test_a_run_is_not_queued_behind_busy_pack_work(qtbot):
    """Every work thread busy (pack jobs, discovery): a run still starts and finishes."""
    release = threading.Event()
    tasks = task_manager()
    blockers = [tasks.run_in_background(lambda: release.wait(WAIT_MS / 1000)) for _ in range(POOL_SIZES["work"])]
    try:
        controller = RunController()
        doc = CodeNodeDocument(body='await output("total", 1 + 2);', outputs=(OutputHandle(name="total"),))
        with qtbot.waitSignal(controller.finished, timeout=WAIT_MS) as done:
            controller.start(RunRequest(doc))
        assert done.args[0].result.outputs == {"total": 3}
        assert not any(b.done() for b in blockers)  # the work pool was busy the whole time
    finally:
        release.set()


def test_a_run_and_a_pack_install_proceed_concurrently(qtbot, registry):
    """A pack download in flight (the registry holds it half sent) does not delay a run; both end."""
    registry.publish_fixture("packs/scripted-pack", behaviour="stall")
    manager = PackManager(Catalog([PackRoot(installed_dir(), "installed")]), registry=registry.url)
    qtbot.addWidget(manager)
    try:
        manager.install(InstallSource("registry", name="scripted-pack"))
        assert registry.stalled.wait(WAIT_MS / 1000)
        controller = RunController()
        doc = CodeNodeDocument(body='await output("total", 40 + 2);', outputs=(OutputHandle(name="total"),))
        with qtbot.waitSignal(controller.finished, timeout=WAIT_MS) as done:
            controller.start(RunRequest(doc))
        assert done.args[0].result.outputs == {"total": 42}
        assert manager.busy  # the install is still downloading
        with qtbot.waitSignal(manager.install_finished, timeout=WAIT_MS) as ended:
            registry.release.set()  # the server hangs up: the download ends short, nothing is placed
        assert ended.args[0] is False and not manager.busy
    finally:
        registry.release.set()
        manager.shutdown()


def test_the_manager_is_made_on_the_ui_thread_only(qtbot, monkeypatch):
    """Made on a worker thread, its queued signal would land in a thread with no event loop: refused."""
    import gui.tasks

    monkeypatch.setattr(gui.tasks, "_manager", None)
    raised: list[BaseException] = []

    def make() -> None:
        try:
            task_manager()
        except RuntimeError as exc:
            raised.append(exc)

    worker = threading.Thread(target=make)
    worker.start()
    worker.join(WAIT_MS / 1000)
    assert len(raised) == 1 and "UI thread" in str(raised[0])
    assert gui.tasks._manager is None


def test_quitting_stops_what_can_be_stopped_and_delivers_nothing(qtbot):
    """`shutdown` (the application quits) calls each unfinished task's `cancel`: no endless task holds the exit."""
    tasks = TaskManager()  # its own manager: the process's one keeps serving the other tests
    stop = threading.Event()
    delivered: list[str] = []
    future = tasks.run_in_background(
        lambda: stop.wait(WAIT_MS / 1000), lambda _f: delivered.append("late"), cancel=stop.set
    )
    handed = threading.Event()
    future.add_done_callback(lambda _f: handed.set())  # runs after the on_done hand-over above
    tasks.shutdown()
    assert future.result(WAIT_MS / 1000) is True  # ended by its cancel, not by the wait's timeout
    assert handed.wait(WAIT_MS / 1000)
    qtbot.wait(10)  # process what was posted: the hand-over's wake-up, had it queued one
    assert delivered == []


def test_a_closed_window_takes_no_more_results(qtbot, home):
    """Closing the main window drops its results: its catalog holder's, its run panel's, anything below it."""
    from gui.main_window import MainWindow
    from gui.settings import AppSettings

    window = MainWindow(AppSettings())
    window.show()
    tasks = task_manager()
    assert tasks.wanted(window.catalogs) and tasks.wanted(window.run_panel.controller)
    window.close()  # nothing unsaved: closes without asking
    assert not tasks.wanted(window.catalogs) and not tasks.wanted(window.run_panel.controller)
    window.deleteLater()
