import type { TestApp } from '../helpers.js';

/**
 * Makes an app's events flow to the outbox: an enabled endpoint subscribed to every event,
 * inserted straight in the database (the endpoints API is not what these tests are about), then
 * the listener list read again. Without a listener `events.event()` answers null once the list
 * was read, and nothing is written.
 */
export async function listenToEverything(t: TestApp, appId: string) {
  const now = new Date().toISOString();
  await t.db.db
    .insertInto('webhook_endpoints')
    .values({
      id: `we_${Math.random().toString(36).slice(2)}`,
      app_id: appId,
      url: 'https://hooks.example.com/appflows',
      events_json: '["*"]',
      format: 'standard',
      description: null,
      enabled: 1,
      secret_sealed: 'sealed-in-tests',
      previous_secret_sealed: null,
      previous_until: null,
      failing_since: null,
      disabled_reason: null,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.app.services.events.refresh();
}

/** The outbox rows of one app, raw (data_json as stored). */
export const rawOutbox = (t: TestApp, appId: string) => t.db.db.selectFrom('outbox_events').selectAll().where('app_id', '=', appId).orderBy('id').execute();

/** Every key of a JSON value, nested ones included. */
const keysOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap(keysOf) : v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)]) : [];

/** What an event must never carry (#33): the client's raw IP, its hash, a device key, the server's secret. */
export async function expectNothingPrivate(t: TestApp, appId: string, ip: string) {
  const rows = await rawOutbox(t, appId);
  for (const r of rows) {
    if (r.data_json.includes(ip)) throw new Error(`${r.type} carries the client IP: ${r.data_json}`);
    if (r.data_json.includes(t.config.secret)) throw new Error(`${r.type} carries the secret`);
    const bad = keysOf(JSON.parse(r.data_json)).filter((k) => /^ip$|ip_?hash|device_?key|voter_?key|email_?hash|secret|token/i.test(k));
    if (bad.length) throw new Error(`${r.type} carries ${bad.join(', ')}: ${r.data_json}`);
  }
  return rows.length;
}
