// Cordon's `process` for npm libraries: what browser bundlers give a library that reads it, and nothing
// that reaches anything. A file that uses a free `process` gets this object as its own binding (never a
// global); `process.env.NODE_ENV` reads are already the define "production". There is no exit, kill,
// binding, stdout or anything else of the host's process: a library that calls one gets a TypeError,
// as it would in a browser. nextTick runs on the sandbox's microtask queue (it has no timers).
const process = {
  title: "browser",
  browser: true,
  env: { NODE_ENV: "production" },
  argv: [],
  execArgv: [],
  version: "",
  versions: {},
  platform: "browser",
  pid: 0,
  nextTick(callback, ...args) {
    if (typeof callback !== "function") throw new TypeError("process.nextTick: callback is not a function");
    queueMicrotask(() => callback(...args));
  },
  cwd() {
    return "/";
  },
  umask() {
    return 0;
  },
  emitWarning() {},
  on() {
    return process;
  },
  once() {
    return process;
  },
  off() {
    return process;
  },
  removeListener() {
    return process;
  },
  removeAllListeners() {
    return process;
  },
  emit() {
    return false;
  },
  listeners() {
    return [];
  },
};
module.exports = process;
