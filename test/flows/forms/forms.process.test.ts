import SqliteDatabase from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startOwnedServer, type RunningServer } from '../../process-helpers.js';

const servers: RunningServer[] = [];
// Large enough that the kill lands mid-storm even when the server is fast.
const STORM = 4000;
afterAll(() => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
});

it('kill -9 during a signup storm: every acknowledged signup and feedback is in the file (SQLite group commit)', async () => {
  const { env, server, owner } = await startOwnedServer(servers, { PUBLIC_RATE_LIMIT: '100000' });
  const intro = { title: 'Storm', subtitle: 's', submitLabel: 'Go' };
  await owner('POST', '', { name: 'Storm', slug: 'storm' });
  await owner('PUT', '/storm/flows/waitlist', { intro: { ...intro, emailPlaceholder: 'e' }, success: { title: 't', body: 'b' } });
  await owner('POST', '/storm/flows/waitlist/publish');
  await owner('PUT', '/storm/flows/feedback', { intro: { ...intro, messagePlaceholder: 'm' }, success: { title: 't', body: 'b' } });
  await owner('POST', '/storm/flows/feedback/publish');

  const signups: string[] = [];
  const feedback: string[] = [];
  // The kill goes out from the 50th answer's own callback, while most of the storm is in flight.
  const acked = () => {
    if (signups.length + feedback.length === 50) server.proc.kill('SIGKILL');
  };
  const post = (path: string, body: object, onOk: () => void) =>
    fetch(`${server.url}/api/public/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then((r) => (r.status === 201 ? (onOk(), acked()) : undefined))
      .catch(() => undefined);
  const storm = Array.from({ length: STORM }, (_, i) =>
    i % 2
      ? post('waitlist', { appSlug: 'storm', email: `storm-${i}@example.com` }, () => signups.push(`storm-${i}@example.com`))
      : post('feedback', { appSlug: 'storm', message: `storm-${i}` }, () => feedback.push(`storm-${i}`)),
  );
  await Promise.all(storm);
  await server.exited;

  const db = new SqliteDatabase(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
  try {
    const emails = new Set(db.prepare('SELECT email FROM waitlist_signups').pluck().all());
    const messages = new Set(db.prepare("SELECT message FROM form_submissions WHERE type = 'feedback'").pluck().all());
    expect(signups.filter((e) => !emails.has(e))).toEqual([]);
    expect(feedback.filter((m) => !messages.has(m))).toEqual([]);
    expect(signups.length + feedback.length).toBeGreaterThanOrEqual(50);
    expect(signups.length + feedback.length).toBeLessThan(STORM); // the kill really interrupted the storm
  } finally {
    db.close();
  }
});
