import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAIN = join(__dirname, '../../apps/api/dist/main.js');

/** What `npm start` prints: a developer must learn that the dev mailbox is only for this machine. */
describe('start banner', () => {
  it('says the dev mailbox is served to this machine only', async () => {
    if (!existsSync(MAIN))
      throw new Error('apps/api/dist/main.js is missing: run `npm run build:server` (npm test does it first)');
    const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-start-'));
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => reject(new Error(`no start banner within 20 s: ${text}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (!text.includes('Sign in as') && !text.includes('Demo users')) return;
          clearTimeout(timer);
          resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${text}`)));
      });
      expect(output).toMatch(
        /Mail and texts \(not sent, no SMTP_URL\): http:\/\/localhost:\d+\/dev\/mailbox \(served to this machine only\)/,
      );
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
