// The guest half of core/bridges/timers.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  C.define("sleep", function sleep(ms) { return C.call("sleep", Number(ms)); });
  C.define("parallelMap", async function parallelMap(items, fn, concurrency = 5) {
    if (typeof fn !== "function") throw new TypeError("parallelMap(items, fn, concurrency): fn must be a function");
    const list = Array.from(items);
    const width = Math.max(1, Math.min(32, Math.floor(Number(concurrency)) || 1));
    const out = new Array(list.length);
    let next = 0, failed = false;
    async function worker() {
      while (!failed && next < list.length) {
        const i = next++;
        try { out[i] = await fn(list[i], i); } catch (e) { failed = true; throw e; }
      }
    }
    const workers = [];
    for (let w = 0; w < Math.min(width, list.length); w++) workers.push(worker());
    await Promise.all(workers);
    return out;
  });
