/**
 * SPEC.md sections 4 and 9, chunk load failure recovery: a screen's code that fails to load is usually a
 * deployment replacing the files under an open tab. The first failures reload the page (after 1 s); more than
 * 2 failures of the same file within 30 s mean the new files are not there yet, so the tab waits for the file,
 * checking every 5 s, instead of reloading in a loop.
 */
export const CHUNK_RELOAD_DELAY_MS = 1_000;
export const CHUNK_FAILURE_WINDOW_MS = 30_000;
export const CHUNK_FAILURE_LIMIT = 2;
export const CHUNK_POLL_MS = 5_000;

/** Kept in sessionStorage under this key: it must outlive the reloads it causes, and only this tab's. */
export const CHUNK_FAILURES_STORAGE_KEY = 'chunk_load_failures';

/** When each file failed to load (epoch milliseconds), per file path. */
export type ChunkFailureLog = Record<string, number[]>;

export type ChunkRecovery = { action: 'reload'; delayMs: number } | { action: 'await-deployment'; pollMs: number };

/** Adds a failure of `file` at `now` and drops what is older than the window, for every file. */
export function recordChunkFailure(
  log: ChunkFailureLog,
  file: string,
  now: number,
): { log: ChunkFailureLog; recovery: ChunkRecovery } {
  const next: ChunkFailureLog = {};
  for (const [key, times] of Object.entries(log)) {
    // A time after `now` is from before the clock was set back: it says nothing about the last 30 s.
    const recent = times.filter((time) => now - time < CHUNK_FAILURE_WINDOW_MS && time <= now);
    if (recent.length > 0) next[key] = recent;
  }
  next[file] = [...(next[file] ?? []), now];
  const recovery: ChunkRecovery =
    next[file].length > CHUNK_FAILURE_LIMIT
      ? { action: 'await-deployment', pollMs: CHUNK_POLL_MS }
      : { action: 'reload', delayMs: CHUNK_RELOAD_DELAY_MS };
  return { log: next, recovery };
}

/** Reads the stored log; anything unreadable (another version's format, a hand edit) counts as no failures. */
export function parseChunkFailureLog(text: string | null): ChunkFailureLog {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const log: ChunkFailureLog = {};
    for (const [file, times] of Object.entries(parsed)) {
      if (Array.isArray(times))
        log[file] = times.filter((time): time is number => typeof time === 'number' && Number.isFinite(time));
    }
    return log;
  } catch {
    return {};
  }
}

// Chrome: "Failed to fetch dynamically imported module: <url>"; Firefox: "error loading dynamically imported
// module: <url>"; Safari: "Importing a module script failed." (no address); Vite's CSS preload: "Unable to
// preload CSS for <url>".
const CHUNK_ERROR = /dynamically imported module|importing a module script failed|unable to preload css/i;
const SCRIPT_OR_STYLE_URL = /(https?:\/\/[^\s'"]+|\/[^\s'"]+)\.(m?js|css)\b/i;

/** Whether the error is a failure to load code or styles rather than a bug in the code that loaded. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * The path of the file that failed (origin and query dropped, so the same file matches across reloads), or
 * null when the browser did not say which file it was.
 */
export function chunkFileOf(error: Error): string | null {
  const match = SCRIPT_OR_STYLE_URL.exec(error.message);
  return match ? new URL(`${match[1]}.${match[2]}`, 'http://origin.invalid').pathname : null;
}

/** The file is back when it answers 2xx with something other than the app's HTML page (the deep-link fallback). */
export function isChunkAvailable(status: number, contentType: string | null): boolean {
  return status >= 200 && status < 300 && !(contentType ?? '').toLowerCase().includes('text/html');
}
