import { describe, expect, it } from '@jest/globals';
import {
  CHUNK_FAILURE_WINDOW_MS,
  chunkFileOf,
  isChunkAvailable,
  isChunkLoadError,
  parseChunkFailureLog,
  recordChunkFailure,
  type ChunkFailureLog,
} from './chunk-failures';

/** A clock the test moves by hand. */
function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const FILE = '/assets/ops-QT--PP-U.js';

describe('recordChunkFailure', () => {
  it('reloads after 1 s on the first and second failure, then waits for the deployment on the third within 30 s', () => {
    const clock = manualClock();
    let log: ChunkFailureLog = {};
    const actions: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = recordChunkFailure(log, FILE, clock.now());
      log = result.log;
      actions.push(result.recovery.action);
      clock.advance(2_000);
    }
    expect(actions).toEqual(['reload', 'reload', 'await-deployment']);
    expect(recordChunkFailure({}, FILE, clock.now()).recovery).toEqual({ action: 'reload', delayMs: 1_000 });
    expect(recordChunkFailure(log, FILE, clock.now()).recovery).toEqual({ action: 'await-deployment', pollMs: 5_000 });
  });

  it('forgets failures older than 30 s, so a slow trickle keeps reloading', () => {
    const clock = manualClock();
    let log: ChunkFailureLog = {};
    log = recordChunkFailure(log, FILE, clock.now()).log;
    clock.advance(20_000);
    log = recordChunkFailure(log, FILE, clock.now()).log;
    clock.advance(CHUNK_FAILURE_WINDOW_MS - 20_000);
    const third = recordChunkFailure(log, FILE, clock.now());
    expect(third.recovery.action).toBe('reload');
    expect(third.log[FILE]).toHaveLength(2);
  });

  it('counts each file on its own', () => {
    const clock = manualClock();
    let log: ChunkFailureLog = {};
    log = recordChunkFailure(log, '/assets/a.js', clock.now()).log;
    log = recordChunkFailure(log, '/assets/a.js', clock.now()).log;
    expect(recordChunkFailure(log, '/assets/b.js', clock.now()).recovery.action).toBe('reload');
    expect(recordChunkFailure(log, '/assets/a.js', clock.now()).recovery.action).toBe('await-deployment');
  });

  it('drops expired files entirely and ignores times after now (a clock set back)', () => {
    const clock = manualClock();
    const log: ChunkFailureLog = {
      '/assets/old.js': [clock.now() - 60_000],
      [FILE]: [clock.now() + 10_000, clock.now() + 20_000],
    };
    const result = recordChunkFailure(log, FILE, clock.now());
    expect(result.log).toEqual({ [FILE]: [clock.now()] });
    expect(result.recovery.action).toBe('reload');
  });
});

describe('parseChunkFailureLog', () => {
  it('reads back what was stored', () => {
    const log = { [FILE]: [1, 2] };
    expect(parseChunkFailureLog(JSON.stringify(log))).toEqual(log);
  });

  it.each([null, '', 'not json', '[1,2]', '42', 'null'])('treats %p as no failures', (text) => {
    expect(parseChunkFailureLog(text)).toEqual({});
  });

  it('keeps only finite numbers', () => {
    expect(parseChunkFailureLog(JSON.stringify({ [FILE]: [1, 'x', null, 3], other: 'x' }))).toEqual({ [FILE]: [1, 3] });
  });
});

describe('chunk load errors', () => {
  const chrome = new TypeError(
    'Failed to fetch dynamically imported module: http://127.0.0.1:4000/assets/ops-QT--PP-U.js',
  );
  const firefox = new TypeError(
    'error loading dynamically imported module: https://tocsin.example/assets/ops-QT--PP-U.js?v=2',
  );
  const safari = new TypeError('Importing a module script failed.');
  const css = new Error('Unable to preload CSS for http://127.0.0.1:4000/assets/history-x1.css');

  it("recognises the browsers' messages and nothing else", () => {
    for (const error of [chrome, firefox, safari, css]) expect(isChunkLoadError(error)).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('names the file by its path, whatever the origin and query', () => {
    expect(chunkFileOf(chrome)).toBe(FILE);
    expect(chunkFileOf(firefox)).toBe(FILE);
    expect(chunkFileOf(css)).toBe('/assets/history-x1.css');
    expect(chunkFileOf(safari)).toBeNull();
  });
});

describe('isChunkAvailable', () => {
  it('wants a 2xx that is not the HTML page served for unknown paths', () => {
    expect(isChunkAvailable(200, 'text/javascript; charset=utf-8')).toBe(true);
    expect(isChunkAvailable(200, null)).toBe(true);
    expect(isChunkAvailable(200, 'text/html; charset=UTF-8')).toBe(false);
    expect(isChunkAvailable(404, 'text/javascript')).toBe(false);
    expect(isChunkAvailable(503, 'text/plain')).toBe(false);
  });
});
