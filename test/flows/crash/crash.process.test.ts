import SqliteDatabase from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startOwnedServer, type RunningServer } from '../../process-helpers.js';
import { sdkAutoBody } from './crash.fixtures.js';

const servers: RunningServer[] = [];
const STORM = 3000;
afterAll(() => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
});

it('kill -9 during a crash storm: every acknowledged report and count is in the file (SQLite group commit)', async () => {
  const { env, server, owner } = await startOwnedServer(servers, { PUBLIC_RATE_LIMIT: '100000' });
  await owner('POST', '', { name: 'Storm', slug: 'storm' });
  await owner('PUT', '/storm/flows/crash', { intro: { title: 'Crash', subtitle: 's', messagePlaceholder: 'm', submitLabel: 'Go' }, success: { title: 't', body: 'b' } });
  await owner('POST', '/storm/flows/crash/publish');

  const acked: { id: string; folded: boolean; occurrences: number; groupCount: number; fingerprint: string }[] = [];
  const post = (body: object) =>
    fetch(`${server.url}/api/public/crash`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(async (r) => {
        if (r.status !== 201) return;
        acked.push(await r.json());
        if (acked.length === 50) server.proc.kill('SIGKILL');
      })
      .catch(() => undefined);
  // Half the storm repeats one crash from one device (folded), half are distinct crashes.
  await Promise.all(Array.from({ length: STORM }, (_, i) => post(sdkAutoBody('storm', i % 2 ? {} : { exceptionName: `E${i}` }))));
  await server.exited;

  const db = new SqliteDatabase(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
  try {
    const rows = new Map((db.prepare('SELECT id, occurrences FROM crash_reports').all() as { id: string; occurrences: number }[]).map((r) => [r.id, r.occurrences]));
    const groups = new Map((db.prepare('SELECT fingerprint, occurrences FROM crash_groups').all() as { fingerprint: string; occurrences: number }[]).map((g) => [g.fingerprint, g.occurrences]));
    for (const a of acked) {
      expect(rows.get(a.id)).toBeGreaterThanOrEqual(a.occurrences);
      expect(groups.get(a.fingerprint)).toBeGreaterThanOrEqual(a.groupCount);
    }
    expect(acked.some((a) => a.folded)).toBe(true);
    expect(acked.length).toBeGreaterThanOrEqual(50);
    expect(acked.length).toBeLessThan(STORM); // the kill really interrupted the storm
  } finally {
    db.close();
  }
});
