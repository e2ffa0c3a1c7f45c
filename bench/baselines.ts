import { join } from 'node:path';
import { DatabaseSync } from '@tocsin/platform';
import { benchRuns, countsOf, load, medianRun, startChild, stopChild, tempDir, trustworthy } from './support';

/** The machine's physical ceilings, measured in the same run so our figures read as ratios. */
export async function measureBaselines() {
  const dir = tempDir('baseline');
  const db = new DatabaseSync(join(dir, 'raw.db'));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, stream TEXT, data TEXT)');
  const insert = db.prepare('INSERT INTO t (stream, data) VALUES (?, ?)');
  const payload = JSON.stringify({
    id: 'x'.repeat(36),
    priority: 'HIGH',
    notification_group_method: 'email',
    max_delay: 'PT5M',
  });

  const batchedRows = 200_000;
  let started = process.hrtime.bigint();
  const [begin, commit] = [db.prepare('BEGIN'), db.prepare('COMMIT')];
  const batch = (n: number) => {
    begin.run();
    for (let i = 0; i < n; i++) insert.run(`s-${i}`, payload);
    commit.run();
  };
  for (let i = 0; i < batchedRows / 1000; i++) batch(1000);
  const batchedInsertsPerSec = batchedRows / (Number(process.hrtime.bigint() - started) / 1e9);

  const commits = 3000;
  started = process.hrtime.bigint();
  for (let i = 0; i < commits; i++) insert.run(`c-${i}`, payload);
  const fsyncCommitsPerSec = commits / (Number(process.hrtime.bigint() - started) / 1e9);
  db.close();

  const server = `require('http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{"ok":true}')}).listen(0,'127.0.0.1',function(){console.log('ready '+this.address().port)})`;
  const { child, match } = await startChild(['-e', server], {}, /ready (\d+)/);
  // the median of as many runs as every other measure takes, so a ratio compares medians with medians
  const bare = await medianRun(
    benchRuns(),
    () => load({ url: `http://127.0.0.1:${match[1]}/` }),
    (result) => result.requests.average,
  );
  await stopChild(child);
  return trustworthy(
    'the baselines',
    { bareHttpReqPerSec: bare.requests.average, bareHttpRuns: bare.runs, batchedInsertsPerSec, fsyncCommitsPerSec },
    countsOf(bare),
  );
}
