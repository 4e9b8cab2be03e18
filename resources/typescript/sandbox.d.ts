// The Cordon sandbox's globals, for the TypeScript checker behind every editor (core/typescript).
// What a body can reach is the guest itself (core.codenode.probe_guest_api) and docs/sandbox-api.md
// says it in words: tests/test_typescript_types.py checks this file against both, name by name.
// `inputs`, `output`, `emit`, `stream` and `state` are typed per node document (core/typescript/context.py).

/** A media reference: an `asset://` uri, a `data:` or `https:` url, a workspace path, or a handle of this run. */
type MediaRef = string | { type: string; uri: string; mimeType?: string; [key: string]: unknown };
/** A handle to media made by this run: it dies with the run (`toAsset` keeps it). */
interface MediaHandle {
  type: "image" | "audio" | "video" | "document";
  uri: string;
  mimeType: string;
}
/** An asset stored by `sandboxToAsset` or a handle's `toAsset`. */
interface AssetRef {
  type: string;
  uri: string;
  mimeType: string;
  filename: string;
  asset_id: string;
}

/** The run's console: lines land in the run's logs, capped by `maxConsoleLines` / `maxConsoleChars`. */
declare const console: {
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  trace(...args: unknown[]): void;
  dir(value: unknown): void;
  table(value: unknown): void;
  assert(condition: unknown, ...args: unknown[]): void;
};

interface FetchResponse {
  ok: boolean;
  status: number;
  statusText: string;
  url: string;
  redirected: boolean;
  /** True when the body was cut at `fetchMaxBodyBytes`. */
  truncated: boolean;
  headers: Record<string, string>;
  /** The body as text. */
  body: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: unknown;
  text(): Promise<string>;
  bytes(): Promise<Uint8Array>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * Fetch a URL over HTTP(S). The SSRF guard refuses private addresses unless the host allows them;
 * `fetchMaxCalls`, `fetchMaxBodyBytes` (truncates), `fetchTimeoutMs` and `fetchMaxRedirects` apply.
 * @param url an http: or https: URL
 * @param init method, headers and body
 */
declare function fetch(
  url: string | URL,
  init?: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<FetchResponse>;

interface WorkspaceStat {
  exists: boolean;
  isFile: boolean;
  isDirectory: boolean;
  isSymlink: boolean;
  size: number;
  modifiedMs: number;
  createdMs: number;
  accessedMs: number;
}

/** The folder the host granted this run (none unless granted). Paths are relative to its root. */
declare const workspace: {
  /** A file's text (UTF-8). */
  read(path: string): Promise<string>;
  /** A file's bytes. */
  readBytes(path: string): Promise<Uint8Array>;
  /** Write text; parent folders are created. */
  write(path: string, text: string): Promise<void>;
  /** Write bytes; parent folders are created. */
  writeBytes(path: string, bytes: Uint8Array): Promise<void>;
  /** Entry names of a folder, sorted. */
  list(path?: string): Promise<string[]>;
  /** What is at a path; a missing path gives `{exists: false, size: 0}`. */
  stat(path: string): Promise<WorkspaceStat>;
  copy(from: string, to: string, options?: { recursive?: boolean; overwrite?: boolean }): Promise<void>;
  move(from: string, to: string, options?: { overwrite?: boolean }): Promise<void>;
  /** Make a folder and its parents. */
  mkdir(path: string): Promise<void>;
  /** Remove a file, or a folder (an empty one needs no flag). */
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  /** The workspace's root (synchronous). */
  root(): string;
};

/** Write an asset (its id, `asset://` uri or ref) into the workspace; only assets this run, its node or its inputs named. */
declare function assetToSandbox(assetId: string | AssetRef, path: string): Promise<string>;
/** Store a workspace file as an asset; the studio previews image assets. */
declare function sandboxToAsset(path: string): Promise<AssetRef>;
/** A secret's value, or null when it is unset; only names in the node's secret scope. */
declare function getSecret(name: string): Promise<string | null>;
/** Ask a person for a secret (studio only); never returns the value, only whether it was given. */
declare function requestSecret(name: string, reason: string): Promise<boolean>;

/** NodeTool's namespace: secrets; Cordon has no agent toolbelt. */
declare const nodetool: {
  /** `{}`: every other `nodetool.<ns>.<method>()` throws `nodetool-tool-unavailable`. */
  capabilities(): Promise<Record<string, never>>;
  secrets: {
    /** A secret's value; throws `secret-unset` when it is not set. */
    get(name: string): Promise<string>;
    /** A secret's value, or null when it is not set. */
    tryGet(name: string): Promise<string | null>;
    /** The names in the node's secret scope. */
    list(): Promise<string[]>;
  };
};

/** Wait `ms` milliseconds: the only timer, at most 5 s per call. */
declare function sleep(ms: number): Promise<void>;
/**
 * Run `fn(item, index)` over `items` with at most `concurrency` (1–32) pending, results in order.
 * @param concurrency how many at once (default 5)
 */
declare function parallelMap<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => R | Promise<R>,
  concurrency?: number,
): Promise<R[]>;

type DigestAlgorithm = "SHA-1" | "SHA-256" | "SHA-384" | "SHA-512" | "sha1" | "sha256" | "sha384" | "sha512";
/** Randomness and hashes. */
declare const crypto: {
  /** Fill a typed array with random bytes (a length gives a new Uint8Array); at most 64 KB per call. */
  getRandomValues<T extends ArrayBufferView | number>(arrayOrLength: T): T extends number ? Uint8Array : T;
  /** A random UUID (v4). */
  randomUUID(): string;
  /** The digest of `data`. */
  digest(algorithm: DigestAlgorithm, data: string | Uint8Array): Promise<Uint8Array>;
  /** An HMAC of `data` with `key`. */
  hmac(algorithm: DigestAlgorithm, key: string | Uint8Array, data: string | Uint8Array): Promise<Uint8Array>;
};

/** Locale-aware formatting (the Intl options V8 honours); an option Cordon cannot honour is an error naming it. */
declare const format: {
  number(value: number | bigint, options?: Record<string, unknown> & { locale?: string }): Promise<string>;
  date(value: Date | number | string, options?: Record<string, unknown> & { locale?: string }): Promise<string>;
  relativeTime(value: number, unit: string, options?: Record<string, unknown> & { locale?: string }): Promise<string>;
  list(items: readonly string[], options?: Record<string, unknown> & { locale?: string }): Promise<string>;
};

interface ImageInfo {
  width: number;
  height: number;
  format: string;
  [key: string]: unknown;
}
/** Images: refs, bytes or handles in; transforms return image handles that die with the run. */
declare const image: {
  info(image: MediaRef | Uint8Array): Promise<ImageInfo>;
  stats(image: MediaRef | Uint8Array): Promise<Record<string, unknown>>;
  decode(image: MediaRef | Uint8Array): Promise<{ width: number; height: number; data: Uint8Array }>;
  bytes(image: MediaRef | Uint8Array, options?: { format?: string; quality?: number }): Promise<Uint8Array>;
  toAsset(image: MediaRef | Uint8Array, options?: { filename?: string }): Promise<AssetRef>;
  blank(width: number, height: number, options?: { color?: string }): Promise<MediaHandle>;
  pad(image: MediaRef | Uint8Array, options: Record<string, unknown>): Promise<MediaHandle>;
  grid(images: (MediaRef | Uint8Array)[], options?: Record<string, unknown>): Promise<MediaHandle>;
  resize(image: MediaRef | Uint8Array, options: { width?: number; height?: number; fit?: string }): Promise<MediaHandle>;
  crop(image: MediaRef | Uint8Array, options: { left: number; top: number; width: number; height: number }): Promise<MediaHandle>;
  rotate(image: MediaRef | Uint8Array, degrees: number): Promise<MediaHandle>;
  flip(image: MediaRef | Uint8Array, direction?: "horizontal" | "vertical"): Promise<MediaHandle>;
  adjust(image: MediaRef | Uint8Array, options: Record<string, number>): Promise<MediaHandle>;
  composite(base: MediaRef | Uint8Array, layers: unknown[]): Promise<MediaHandle>;
  convert(image: MediaRef | Uint8Array, format: string, options?: { quality?: number }): Promise<MediaHandle>;
};

/** Audio (WAV, MP3, AAC, FLAC, Ogg, MP4/M4A, WebM): transforms return audio/wav handles that die with the run. */
declare const audio: {
  info(audio: MediaRef | Uint8Array): Promise<Record<string, unknown>>;
  bytes(audio: MediaRef | Uint8Array): Promise<Uint8Array>;
  toAsset(audio: MediaRef | Uint8Array, options?: { filename?: string }): Promise<AssetRef>;
  /** Peak-normalise (default -1 dB). */
  normalize(audio: MediaRef | Uint8Array, options?: { peakDb?: number }): Promise<MediaHandle>;
  /** Cut to `start`..`end` (or `duration`), in seconds. */
  trim(audio: MediaRef | Uint8Array, options: { start?: number; end?: number; duration?: number }): Promise<MediaHandle>;
  concat(...audios: (MediaRef | Uint8Array | (MediaRef | Uint8Array)[])[]): Promise<MediaHandle>;
  mix(...audios: (MediaRef | Uint8Array | (MediaRef | Uint8Array)[] | { volumes?: number[] })[]): Promise<MediaHandle>;
  reverse(audio: MediaRef | Uint8Array): Promise<MediaHandle>;
  fadeIn(audio: MediaRef | Uint8Array, seconds: number): Promise<MediaHandle>;
  fadeOut(audio: MediaRef | Uint8Array, seconds: number): Promise<MediaHandle>;
  repeat(audio: MediaRef | Uint8Array, times: number): Promise<MediaHandle>;
};

/** Video: transforms return H.264/AAC MP4 handles that die with the run. */
declare const video: {
  info(video: MediaRef | Uint8Array): Promise<Record<string, unknown>>;
  bytes(video: MediaRef | Uint8Array): Promise<Uint8Array>;
  toAsset(video: MediaRef | Uint8Array, options?: { filename?: string }): Promise<AssetRef>;
  trim(video: MediaRef | Uint8Array, options: { start?: number; end?: number; duration?: number }): Promise<MediaHandle>;
  resize(video: MediaRef | Uint8Array, options: { width?: number; height?: number }): Promise<MediaHandle>;
  /** Rotate by a multiple of 90° clockwise. */
  rotate(video: MediaRef | Uint8Array, degrees: number): Promise<MediaHandle>;
  addAudio(
    video: MediaRef | Uint8Array,
    audio: MediaRef | Uint8Array,
    options?: { keepOriginalAudio?: boolean; volume?: number; originalVolume?: number },
  ): Promise<MediaHandle>;
  extractAudio(video: MediaRef | Uint8Array): Promise<MediaHandle>;
  extractFrame(video: MediaRef | Uint8Array, at: number | { time: number; format?: string }): Promise<MediaHandle>;
};

/** Media of any kind: refs are `asset://`, `data:`, `https:`, workspace paths and this run's handles. */
declare const media: {
  bytes(ref: MediaRef): Promise<Uint8Array>;
  /** A ref's text, in a WHATWG encoding. */
  text(ref: MediaRef, options?: { encoding?: string }): Promise<string>;
  info(ref: MediaRef): Promise<Record<string, unknown>>;
  toDocument(bytes: Uint8Array, options?: { mimeType?: string; filename?: string }): Promise<MediaHandle>;
  toImage(bytes: Uint8Array, options?: { mimeType?: string; filename?: string }): Promise<MediaHandle>;
  toAudio(bytes: Uint8Array, options?: { mimeType?: string; filename?: string }): Promise<MediaHandle>;
  toVideo(bytes: Uint8Array, options?: { mimeType?: string; filename?: string }): Promise<MediaHandle>;
};

interface CanvasTextMetrics {
  width: number;
  actualBoundingBoxAscent: number;
  actualBoundingBoxDescent: number;
  [key: string]: number;
}
/** A recording 2D context: calls are replayed on a real Skia context by `toBytes`/`toImage`. */
interface CanvasContext2D {
  [method: string]: any;
  /** Asynchronous here (real fonts on the host). */
  measureText(text: string): Promise<CanvasTextMetrics>;
}
interface CanvasSurface {
  width: number;
  height: number;
  getContext(kind: "2d"): CanvasContext2D;
  /** Render the recorded calls (at most 10,000 per render). */
  toBytes(options?: { format?: "png" | "jpeg" | "webp"; quality?: number }): Promise<Uint8Array>;
  toImage(options?: { format?: "png" | "jpeg" | "webp"; quality?: number }): Promise<MediaHandle>;
}
/** A canvas surface (synchronous) that records Canvas 2D calls. */
declare function createCanvas(width: number, height: number): CanvasSurface;
/** Text measurement with real fonts (DejaVu; serif, sans-serif, monospace). */
declare const canvas: {
  measureText(text: string, font?: string): Promise<CanvasTextMetrics>;
};

/** Report progress (synchronous); rate-limited and capped by `maxProgressReports`. */
declare function progress(percent: number, message?: string): void;

/** Bytes (or text, as UTF-8) as base64. */
declare function toBase64(data: Uint8Array | string): string;
/** Base64 back to bytes. */
declare function fromBase64(text: string): Uint8Array;
/** Bytes (or text, as UTF-8) as lowercase hex. */
declare function toHex(data: Uint8Array | string): string;
/** Hex back to bytes. */
declare function fromHex(text: string): Uint8Array;
/** Base64 of a binary string. */
declare function btoa(data: string): string;
/** A binary string from base64. */
declare function atob(data: string): string;
/** Queue a microtask. */
declare function queueMicrotask(callback: () => void): void;

/** WHATWG URL (Cordon's own). */
declare class URL {
  constructor(url: string, base?: string | URL);
  static canParse(url: string, base?: string | URL): boolean;
  static parse(url: string, base?: string | URL): URL | null;
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  readonly searchParams: URLSearchParams;
  hash: string;
  toString(): string;
  toJSON(): string;
}
/** WHATWG URLSearchParams (Cordon's own). */
declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][] | URLSearchParams);
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callback: (value: string, name: string, params: URLSearchParams) => void): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
/** UTF-8 text to bytes. */
declare class TextEncoder {
  readonly encoding: "utf-8";
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
/** Bytes to text, in a WHATWG encoding. */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
/** The error WHATWG APIs throw. */
declare class DOMException extends Error {
  constructor(message?: string, name?: string);
  readonly code: number;
}
/** The global object (as `globalThis`). */
declare var self: typeof globalThis;
/** The global object (as `globalThis`). */
declare var global: typeof globalThis;
