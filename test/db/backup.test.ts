import SqliteDatabase from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PG_URL } from '../helpers.js';
import { BIN, createToken, dropProcessSchemas, processEnv, type RunningServer, startServer } from '../process-helpers.js';

function run(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const p = spawn(BIN, args, { env });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const feedback = {
  type: 'feedback',
  intro: { title: 'Tell us', subtitle: 'Anything', messagePlaceholder: 'Your message', submitLabel: 'Send' },
  success: { title: 'Thanks', body: 'We read everything' },
};

describe('appflows backup <file>', () => {
  const servers: RunningServer[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  });
  afterAll(() => dropProcessSchemas());

  it('copies the SQLite database while the server takes writes: consistent, complete up to the start, restorable', async () => {
    const env = processEnv('sqlite', { PUBLIC_RATE_LIMIT: '100000' });
    const token = await createToken(env, 'backup');
    const server = await startServer(env);
    servers.push(server);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await (await fetch(`${server.url}/api/v1/apps`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Backed Up' }) })).json();
    const slug = created.app.slug as string;
    expect((await fetch(`${server.url}/api/v1/apps/${slug}/flows/feedback`, { method: 'PUT', headers: auth, body: JSON.stringify(feedback) })).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/apps/${slug}/flows/feedback/publish`, { method: 'POST', headers: { authorization: auth.authorization } })).status).toBe(200);

    let acknowledged = 0;
    let stop = false;
    const submit = async () => {
      while (!stop) {
        const r = await fetch(`${server.url}/api/public/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ appSlug: slug, message: `m${acknowledged}` }) });
        expect(r.status).toBeLessThan(300);
        acknowledged++;
      }
    };
    const writers = Promise.all([submit(), submit(), submit(), submit()]);
    while (acknowledged < 200) await new Promise((r) => setTimeout(r, 10));

    const file = join(mkdtempSync(join(tmpdir(), 'appflows-backup-')), 'copy.db');
    const before = acknowledged;
    const b = await run(env, 'backup', file);
    stop = true;
    await writers;
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/^Backed up .* to .*copy\.db \(\d+ pages\)/);

    const copy = new SqliteDatabase(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = (copy.prepare('SELECT count(*) AS n FROM form_submissions').get() as { n: number }).n;
      expect(rows).toBeGreaterThanOrEqual(before);
      expect(rows).toBeLessThanOrEqual(acknowledged);
    } finally {
      copy.close();
    }
    // Never overwrites, and says so in one line.
    const again = await run(env, 'backup', file);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/^appflows: .*exists; choose a new file name/);
    expect(again.stderr).not.toMatch(/\n\s+at /);

    // Restore: the copy as DATA_DIR/appflows.db of a new node serves the same app and token.
    const restored = processEnv('sqlite');
    copyFileSync(file, join(restored.DATA_DIR, 'appflows.db'));
    const node = await startServer({ ...restored, SECRET: env.SECRET });
    servers.push(node);
    const apps = await (await fetch(`${node.url}/api/v1/apps`, { headers: { authorization: auth.authorization } })).json();
    expect(apps.apps.map((a: { slug: string }) => a.slug)).toEqual([slug]);
  });

  it('needs a file name, and refuses PostgreSQL with one clear line', async () => {
    const env = processEnv('sqlite');
    const r = await run(env, 'backup');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^appflows: backup needs <file>/);
    if (PG_URL) {
      const pg = await run(processEnv('postgres'), 'backup', join(env.DATA_DIR, 'x.db'));
      expect(pg.code).toBe(1);
      expect(pg.stderr).toMatch(/^appflows: backup copies the embedded SQLite database; for PostgreSQL use pg_dump/);
      expect(existsSync(join(env.DATA_DIR, 'x.db'))).toBe(false);
    }
  });
});
