import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createWebhookWorker, type WebhookWorker } from '../../src/webhooks/webhooks.worker.js';
import { describeEachDb } from '../helpers.js';
import { addEndpoint, deliveries, emit, fixture, newSecretForTest, receiver, type Fixture } from './delivery.helpers.js';

/** What a receiver in any language does: HMAC-SHA256 of "id.timestamp.body", keyed by the secret's base64-decoded bytes. */
const independentSignature = (secret: string, id: string, ts: string, body: string) =>
  createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${ts}.${body}`).digest('base64');

describeEachDb('webhook delivery: signing, filters, formats', (dialect) => {
  let f: Fixture;
  let worker: WebhookWorker;
  beforeEach(async () => {
    f = await fixture(dialect);
    worker = createWebhookWorker({ db: f.db, events: f.events, config: f.config });
  });
  afterEach(async () => {
    await worker.close();
    await f.cleanup();
  });

  it('signs Standard Webhooks headers that an independent HMAC and the standardwebhooks library both verify', async () => {
    const rx = await receiver();
    try {
      const ep = await addEndpoint(f, { url: rx.url });
      await emit(f, [{ type: 'test.thing.created', data: { id: 't1', app: f.slug, title: 'Hello' }, at: '2026-01-02T03:04:05.000Z' }]);
      await worker.runOnce();
      expect(rx.received).toHaveLength(1);
      const { headers, body } = rx.received[0];
      const event = await f.db.db.selectFrom('outbox_events').select('id').executeTakeFirstOrThrow();
      expect(headers['webhook-id']).toBe(`msg_${event.id}`);
      expect(headers['content-type']).toBe('application/json');
      expect(headers['user-agent']).toBe('Appflows-Webhooks/1');
      const ts = String(headers['webhook-timestamp']);
      expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(30);
      expect(JSON.parse(body)).toEqual({ type: 'test.thing.created', timestamp: '2026-01-02T03:04:05.000Z', data: { id: 't1', app: f.slug, title: 'Hello' } });
      expect(headers['webhook-signature']).toBe(`v1,${independentSignature(ep.secret, String(headers['webhook-id']), ts, body)}`);
      expect(new Webhook(ep.secret).verify(body, headers as Record<string, string>)).toEqual(JSON.parse(body));
      // Another secret does not verify it.
      expect(() => new Webhook(newSecretForTest()).verify(body, headers as Record<string, string>)).toThrow();
      const [d] = await deliveries(f.db);
      expect(d).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200, last_response: 'ok', locked_until: null, next_attempt_at: null });
    } finally {
      await rx.close();
    }
  });

  it('signs with both secrets during a rotation, each verifying with its own; only the new one after it', async () => {
    const rx = await receiver();
    try {
      const old = newSecretForTest();
      const ep = await addEndpoint(f, { url: rx.url, previousSecret: old, previousUntil: new Date(Date.now() + 3600_000).toISOString() });
      await emit(f, [{ type: 'test.other.happened', data: { n: 1 } }]);
      await worker.runOnce();
      const { headers, body } = rx.received[0];
      const sigs = String(headers['webhook-signature']).split(' ');
      expect(sigs).toHaveLength(2);
      const ts = String(headers['webhook-timestamp']);
      const id = String(headers['webhook-id']);
      expect(sigs).toEqual([`v1,${independentSignature(ep.secret, id, ts, body)}`, `v1,${independentSignature(old, id, ts, body)}`]);
      expect(new Webhook(ep.secret).verify(body, headers as Record<string, string>)).toBeTruthy();
      expect(new Webhook(old).verify(body, headers as Record<string, string>)).toBeTruthy();

      await f.db.db.updateTable('webhook_endpoints').set({ previous_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', ep.id).execute();
      await emit(f, [{ type: 'test.other.happened', data: { n: 2 } }]);
      await worker.runOnce();
      const later = rx.received[1];
      expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(() => new Webhook(old).verify(later.body, later.headers as Record<string, string>)).toThrow();
      expect(new Webhook(ep.secret).verify(later.body, later.headers as Record<string, string>)).toBeTruthy();
    } finally {
      await rx.close();
    }
  });

  it('sends an endpoint only the types it subscribed to; a disabled endpoint gets nothing', async () => {
    const [all, one, off] = [await receiver(), await receiver(), await receiver()];
    try {
      await addEndpoint(f, { url: all.url });
      await addEndpoint(f, { url: one.url, events: ['test.other.happened'] });
      await addEndpoint(f, { url: off.url, enabled: false });
      await emit(f, [
        { type: 'test.thing.created', data: { id: 'a', app: f.slug, title: 'A' } },
        { type: 'test.other.happened', data: { n: 7 } },
        { type: 'test.thing.created', data: { id: 'b', app: f.slug, title: 'B' } },
      ]);
      await worker.runOnce();
      expect(all.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(['test.other.happened', 'test.thing.created', 'test.thing.created']);
      expect(one.received.map((r) => JSON.parse(r.body))).toEqual([expect.objectContaining({ type: 'test.other.happened', data: { n: 7 } })]);
      expect(off.received).toHaveLength(0);
      expect(await f.db.db.selectFrom('outbox_events').select('fanned_out').execute()).toEqual([{ fanned_out: 1 }, { fanned_out: 1 }, { fanned_out: 1 }]);
      expect(await deliveries(f.db)).toHaveLength(4);
    } finally {
      await Promise.all([all.close(), one.close(), off.close()]);
    }
  });

  it('queues an e-mail notification for the app when its settings want the type', async () => {
    const now = new Date().toISOString();
    await f.db.db.insertInto('notification_settings').values({ app_id: f.appId, email: 'owner@example.com', events_json: '["test.thing.created"]', mode: 'instant', last_sent_at: null, updated_at: now }).execute();
    await emit(f, [
      { type: 'test.thing.created', data: { id: 'a', app: f.slug, title: 'A' } },
      { type: 'test.other.happened', data: { n: 1 } },
    ]);
    await worker.runOnce();
    const events = await f.db.db.selectFrom('outbox_events').select(['id', 'type']).execute();
    const queued = await f.db.db.selectFrom('notification_queue').selectAll().execute();
    expect(queued).toEqual([expect.objectContaining({ app_id: f.appId, event_id: events.find((e) => e.type === 'test.thing.created')!.id, sent_at: null })]);
  });

  it('posts Slack { text, blocks } and Discord { content, embeds } with the summary and a dashboard link, still signed', async () => {
    const [slack, discord] = [await receiver(), await receiver()];
    try {
      const s = await addEndpoint(f, { url: slack.url, format: 'slack' });
      const d = await addEndpoint(f, { url: discord.url, format: 'discord' });
      await emit(f, [{ type: 'test.thing.created', data: { id: 'x1', app: f.slug, title: '<!channel> @everyone Big & bold' } }]);
      await worker.runOnce();
      const link = `http://api.test/admin/apps/${f.slug}/things/x1`;

      const sb = JSON.parse(slack.received[0].body);
      expect(Object.keys(sb).sort()).toEqual(['blocks', 'text']);
      expect(sb.text).toContain('Hook App: New thing: &lt;!channel&gt; @everyone Big &amp; bold');
      expect(sb.text).toContain(`<${link}|Open in Appflows>`);
      expect(sb.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: 'Hook App: New thing: &lt;!channel&gt; @everyone Big &amp; bold' } });
      expect(JSON.stringify(sb.blocks[1])).toContain(link);
      expect(new Webhook(s.secret).verify(slack.received[0].body, slack.received[0].headers as Record<string, string>)).toBeTruthy();

      const db = JSON.parse(discord.received[0].body);
      expect(db.content).toBe('Hook App: New thing: <!channel> @everyone Big & bold');
      expect(db.embeds).toEqual([expect.objectContaining({ title: db.content, url: link, description: 'test.thing.created' })]);
      expect(db.allowed_mentions).toEqual({ parse: [] });
      expect(new Webhook(d.secret).verify(discord.received[0].body, discord.received[0].headers as Record<string, string>)).toBeTruthy();

      // The stored payload stays the Standard Webhooks body.
      for (const row of await deliveries(f.db)) expect(JSON.parse(row.payload_json!)).toMatchObject({ type: 'test.thing.created', data: { id: 'x1' } });
    } finally {
      await Promise.all([slack.close(), discord.close()]);
    }
  });

  it('sends a test delivery (no event) as msg_<delivery id>, with a friendly line in chat formats', async () => {
    const rx = await receiver();
    try {
      const ep = await addEndpoint(f, { url: rx.url, format: 'slack' });
      const now = new Date().toISOString();
      const payload = JSON.stringify({ type: 'webhook.test', timestamp: now, data: { endpointId: ep.id } });
      await f.db.db.insertInto('webhook_deliveries').values({ id: 'dlv_test1', endpoint_id: ep.id, app_id: f.appId, event_id: null, event_type: 'webhook.test', payload_json: payload, status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null, last_status_code: null, last_error: null, last_response: null, last_attempt_at: null, created_at: now }).execute();
      await worker.runOnce();
      expect(rx.received[0].headers['webhook-id']).toBe('msg_dlv_test1');
      expect(JSON.parse(rx.received[0].body).text).toContain(`Test event from Appflows for Hook App`);
      expect(JSON.parse(rx.received[0].body).text).toContain(`http://api.test/admin/apps/${f.slug}/overview`);
    } finally {
      await rx.close();
    }
  });
});
