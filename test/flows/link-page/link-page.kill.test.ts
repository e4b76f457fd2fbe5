import SqliteDatabase from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startOwnedServer, type RunningServer } from '../../process-helpers.js';
import { goodLinkPage } from './link-page.fixtures.js';

const servers: RunningServer[] = [];
const STORM = 3000;
afterAll(() => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
});

it('kill -9 during a click storm: every redirected click is counted in the file (SQLite group commit)', async () => {
  const { env, server, owner } = await startOwnedServer(servers);
  await owner('POST', '', { name: 'Storm', slug: 'storm' });
  await owner('PUT', '/storm/flows/link-page', goodLinkPage());
  await owner('POST', '/storm/flows/link-page/publish');

  let redirected = 0;
  const storm = Array.from({ length: STORM }, (_, i) =>
    fetch(`${server.url}/p/storm/go/1/${i % 2 ? 'l0' : 'i0'}`, { redirect: 'manual', headers: { 'user-agent': i % 3 ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari/604.1' : 'Slackbot 1.0' } })
      .then((r) => {
        if (r.status !== 302) return;
        // The kill goes out from the 50th answer's own callback, while most of the storm is in flight.
        if (++redirected === 50) server.proc.kill('SIGKILL');
      })
      .catch(() => undefined),
  );
  await Promise.all(storm);
  await server.exited;

  const db = new SqliteDatabase(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
  try {
    const counted = Number(db.prepare('SELECT COALESCE(SUM(clicks), 0) FROM link_page_clicks').pluck().get());
    expect(counted).toBeGreaterThanOrEqual(redirected);
    expect(redirected).toBeGreaterThanOrEqual(50);
    expect(counted).toBeLessThan(STORM); // the kill really interrupted the storm
  } finally {
    db.close();
  }
});
