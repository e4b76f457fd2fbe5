import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowId } from '../../src/db/row-id.js';
import { secretBox } from '../../src/webhooks/webhooks.secrets.js';
import { createWebhookService } from '../../src/webhooks/webhooks.service.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

const PRIVATE_URLS = ['http://127.0.0.1/hook', 'http://10.0.0.5/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/hook', 'http://[fd00::1]/hook', 'http://localhost:8080/hook'];
// A public address literal: no DNS lookup, so the test does not depend on the network.
const PUBLIC = 'https://93.184.215.14/hooks/appflows';

function webhooksApi(t: TestApp, slug: string, headers = t.auth) {
  const base = `/api/v1/apps/${slug}/webhooks`;
  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    base,
    create: (body: Record<string, unknown>) => req('POST', base, body),
    list: () => req('GET', base),
    get: (id: string) => req('GET', `${base}/${id}`),
    patch: (id: string, body: Record<string, unknown>) => req('PATCH', `${base}/${id}`, body),
    remove: (id: string) => req('DELETE', `${base}/${id}`),
    rotate: (id: string) => req('POST', `${base}/${id}/rotate-secret`),
    test: (id: string) => req('POST', `${base}/${id}/test`),
    deliveries: (id: string, query = '') => req('GET', `${base}/${id}/deliveries${query}`),
    retry: (id: string, deliveryId: string) => req('POST', `${base}/${id}/deliveries/${deliveryId}/retry`),
  };
}

describeEachDb('webhooks: endpoints owner API', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  let api: ReturnType<typeof webhooksApi>;
  beforeAll(async () => {
    t = await testApp(dialect);
    // These tests read and change delivery rows themselves: the module's own worker (kicked by a
    // test send or a retry) would claim and send them meanwhile (a race seen in CI).
    await t.app.services.webhookWorker.close();
    app = await t.createApp({ name: 'Hooks App' });
    api = webhooksApi(t, app.slug);
  });
  afterAll(() => t.close());

  describe('create, read, change, delete', () => {
    it('creates with defaults and answers the secret once; it is stored sealed to the endpoint', async () => {
      const r = await api.create({ url: PUBLIC });
      expect(r.statusCode).toBe(201);
      const { webhook, secret } = r.json();
      expect(Object.keys(webhook).sort()).toEqual(
        ['id', 'url', 'events', 'format', 'description', 'enabled', 'createdAt', 'updatedAt', 'disabledReason', 'disabledAt', 'failingSince'].sort(),
      );
      expect(webhook).toMatchObject({ url: PUBLIC, events: ['*'], format: 'standard', description: null, enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
      const row = await t.db.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
      expect(row.secret_sealed).not.toContain(secret.slice(6));
      const box = secretBox(t.config.secret);
      expect(box.open(row.secret_sealed, webhook.id)).toBe(secret);
      expect(box.open(row.secret_sealed, 'another-endpoint')).toBeUndefined();
    });

    it('never lists nor reads back a secret', async () => {
      const { webhook, secret } = (await api.create({ url: PUBLIC, events: ['webhook.test'], format: 'slack', description: 'To #ops' })).json();
      const listed = await api.list();
      expect(listed.statusCode).toBe(200);
      const one = listed.json().webhooks.find((w: { id: string }) => w.id === webhook.id);
      expect(one).toEqual(webhook);
      const got = await api.get(webhook.id);
      expect(got.json()).toEqual({ webhook });
      for (const body of [listed.body, got.body]) {
        expect(body).not.toContain(secret);
        expect(body).not.toContain('secret');
      }
    });

    it('patches only the sent keys; null clears the description', async () => {
      const { webhook } = (await api.create({ url: PUBLIC, description: 'first', format: 'discord' })).json();
      const r = await api.patch(webhook.id, { events: ['webhook.test', 'webhook.test'], description: null });
      expect(r.statusCode).toBe(200);
      expect(r.json().webhook).toMatchObject({ id: webhook.id, url: PUBLIC, events: ['webhook.test'], format: 'discord', description: null, enabled: true });
      const star = await api.patch(webhook.id, { events: ['webhook.test', '*'], url: 'https://93.184.215.15/other' });
      expect(star.json().webhook).toMatchObject({ events: ['*'], url: 'https://93.184.215.15/other' });
      expect((await api.patch(webhook.id, { secret: 'x' })).statusCode).toBe(422);
      expect((await api.patch(webhook.id, { format: 'teams' })).statusCode).toBe(422);
      expect((await api.patch(webhook.id, { description: 'x'.repeat(501) })).statusCode).toBe(422);
    });

    it('re-enabling an endpoint Appflows disabled forgets its failures', async () => {
      const { webhook } = (await api.create({ url: PUBLIC })).json();
      const at = '2026-01-01T00:00:00.000Z';
      await t.db.db.updateTable('webhook_endpoints').set({ enabled: 0, disabled_reason: 'Failing for 5 days', disabled_at: at, failing_since: at }).where('id', '=', webhook.id).execute();
      expect((await api.get(webhook.id)).json().webhook).toMatchObject({ enabled: false, disabledReason: 'Failing for 5 days', disabledAt: at, failingSince: at });
      const r = await api.patch(webhook.id, { enabled: true });
      expect(r.json().webhook).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
    });

    it('deletes the endpoint with its deliveries', async () => {
      const { webhook } = (await api.create({ url: PUBLIC })).json();
      expect((await api.test(webhook.id)).statusCode).toBe(202);
      const r = await api.remove(webhook.id);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ deleted: true, id: webhook.id });
      expect((await api.get(webhook.id)).statusCode).toBe(404);
      expect((await api.remove(webhook.id)).statusCode).toBe(404);
      expect(await t.db.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', webhook.id).execute()).toEqual([]);
    });
  });

  it('changes who listens at once on this node (create, events, enabled, delete)', async () => {
    const own = await t.createApp({ name: 'Listener App' });
    const a = webhooksApi(t, own.slug);
    const events = t.app.services.events;
    await events.refresh();
    const listening = () => events.event(own.id, 'webhook.test', { x: 1 }) !== null;
    expect(listening()).toBe(false);
    const { webhook } = (await a.create({ url: PUBLIC, events: ['webhook.test'] })).json();
    expect(listening()).toBe(true);
    await a.patch(webhook.id, { enabled: false });
    expect(listening()).toBe(false);
    await a.patch(webhook.id, { enabled: true });
    expect(listening()).toBe(true);
    await a.remove(webhook.id);
    expect(listening()).toBe(false);
  });

  it('rotates the secret: a new one shown once, the previous one still signs for 24 h', async () => {
    const { webhook, secret } = (await api.create({ url: PUBLIC })).json();
    const before = await t.db.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    const r = await api.rotate(webhook.id);
    expect(r.statusCode).toBe(200);
    const rotated = r.json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.webhook.id).toBe(webhook.id);
    const row = await t.db.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    const box = secretBox(t.config.secret);
    expect(box.open(row.secret_sealed, webhook.id)).toBe(rotated.secret);
    expect(row.previous_secret_sealed).toBe(before.secret_sealed);
    expect(box.open(row.previous_secret_sealed!, webhook.id)).toBe(secret);
    const hours = (Date.parse(row.previous_until!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await api.get(webhook.id)).body).not.toContain(rotated.secret);
  });

  describe('validation', () => {
    it('refuses an event type the catalogue does not have, with its path', async () => {
      const r = await api.create({ url: PUBLIC, events: ['webhook.test', 'waitlist.signup.nope'] });
      expect(r.statusCode).toBe(422);
      expect(r.json().issues).toEqual([{ path: '/events/1', message: expect.stringContaining('waitlist.signup.nope') }]);
      expect((await api.create({ url: PUBLIC, events: [] })).statusCode).toBe(422);
      const { webhook } = (await api.create({ url: PUBLIC })).json();
      const p = await api.patch(webhook.id, { events: ['nope'] });
      expect(p.statusCode).toBe(422);
      expect(p.json().issues[0].path).toBe('/events/0');
    });

    it('accepts every event of the catalogue', async () => {
      const all = [...t.app.services.events.catalog.keys()];
      const r = await api.create({ url: PUBLIC, events: all });
      expect(r.statusCode).toBe(201);
      expect(r.json().webhook.events).toEqual(all);
    });

    it.each(PRIVATE_URLS)('refuses %s (SSRF) with path /url', async (url) => {
      const r = await api.create({ url });
      expect(r.statusCode).toBe(422);
      expect(r.json().issues[0].path).toBe('/url');
      expect(r.json().error).toMatch(/public addresses only/);
    });

    it('refuses other schemes, credentials and non-URLs; and the same on PATCH', async () => {
      for (const url of ['ftp://93.184.215.14/x', 'file:///etc/passwd', 'https://user:pw@93.184.215.14/x', 'not a url', 'javascript:alert(1)']) {
        const r = await api.create({ url });
        expect(r.statusCode, url).toBe(422);
        expect(r.json().issues[0].path).toBe('/url');
      }
      const { webhook } = (await api.create({ url: PUBLIC })).json();
      const p = await api.patch(webhook.id, { url: 'http://169.254.169.254/' });
      expect(p.statusCode).toBe(422);
      expect(p.json().issues[0].path).toBe('/url');
      expect((await api.get(webhook.id)).json().webhook.url).toBe(PUBLIC);
    });

    it('refuses a hostname that resolves to a private address (the DNS half of the guard)', async () => {
      const service = createWebhookService({
        db: t.db,
        clock: { now: () => new Date() },
        events: t.app.services.events,
        config: t.config,
        lookup: ((_host: string, _o: unknown, cb: (err: null, list: { address: string; family: number }[]) => void) =>
          cb(null, [{ address: '93.184.215.14', family: 4 }, { address: '127.0.0.1', family: 4 }])) as never,
      });
      await expect(service.create(app.id, { url: 'https://rebind.example.com/hook' })).rejects.toMatchObject({
        status: 422,
        extra: { issues: [{ path: '/url', message: expect.stringContaining('127.0.0.1') }] },
      });
    });
  });

  it('is owner-scoped: another account gets 404 for the app and the endpoint', async () => {
    const { webhook } = (await api.create({ url: PUBLIC })).json();
    const { delivery } = (await api.test(webhook.id)).json();
    const other = await t.otherAccount();
    const theirs = webhooksApi(t, app.slug, other.auth);
    for (const r of [
      await theirs.list(),
      await theirs.create({ url: PUBLIC }),
      await theirs.get(webhook.id),
      await theirs.patch(webhook.id, { enabled: false }),
      await theirs.rotate(webhook.id),
      await theirs.test(webhook.id),
      await theirs.deliveries(webhook.id),
      await theirs.retry(webhook.id, delivery.id),
      await theirs.remove(webhook.id),
    ]) expect(r.statusCode).toBe(404);
    // Their own app does not reach our endpoint either.
    const ownApp = await t.createApp({ name: 'Other Hooks' }, other.auth);
    const viaOwn = webhooksApi(t, ownApp.slug, other.auth);
    expect((await viaOwn.get(webhook.id)).statusCode).toBe(404);
    expect((await viaOwn.deliveries(webhook.id)).statusCode).toBe(404);
    expect((await viaOwn.retry(webhook.id, delivery.id)).statusCode).toBe(404);
    expect((await api.get(webhook.id)).json().webhook.enabled).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: api.base })).statusCode).toBe(401);
  });

  describe('deliveries', () => {
    it('test queues a pending webhook.test delivery with the Standard Webhooks body, listed by the log', async () => {
      const { webhook } = (await api.create({ url: PUBLIC, events: ['webhook.test'] })).json();
      const r = await api.test(webhook.id);
      expect(r.statusCode).toBe(202);
      const { delivery } = r.json();
      expect(delivery).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0, lastStatusCode: null, lastError: null });
      expect(Date.parse(delivery.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
      expect(delivery.payload).toEqual({
        type: 'webhook.test',
        timestamp: delivery.createdAt,
        data: { message: expect.any(String), webhookId: webhook.id, appId: app.id, appSlug: app.slug },
      });
      // The body matches the catalogue's schema of webhook.test.
      expect(t.app.services.events.catalog.get('webhook.test')!.data.safeParse(delivery.payload.data).success).toBe(true);
      const row = await t.db.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', delivery.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ endpoint_id: webhook.id, app_id: app.id, event_id: null, status: 'pending', locked_until: null });
      expect(JSON.parse(row.payload_json!)).toEqual(delivery.payload);
      const listed = await api.deliveries(webhook.id);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({ deliveries: [delivery], nextCursor: null });
    });

    it('builds the payload of an event delivery from its outbox row', async () => {
      const { webhook } = (await api.create({ url: PUBLIC })).json();
      const at = new Date().toISOString();
      const eventId = rowId();
      const data = { message: 'from the outbox', webhookId: webhook.id, appId: app.id, appSlug: app.slug };
      await t.db.db.insertInto('outbox_events').values({ id: eventId, app_id: app.id, type: 'webhook.test', data_json: JSON.stringify(data), created_at: at, fanned_out: 1 }).execute();
      await t.db.db
        .insertInto('webhook_deliveries')
        .values({ id: rowId(), endpoint_id: webhook.id, app_id: app.id, event_id: eventId, event_type: 'webhook.test', payload_json: null, status: 'failed', attempts: 8, last_status_code: 500, last_error: 'HTTP 500', next_attempt_at: null, created_at: at })
        .execute();
      const [d] = (await api.deliveries(webhook.id)).json().deliveries;
      expect(d).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 500, lastError: 'HTTP 500', nextAttemptAt: null, payload: { type: 'webhook.test', timestamp: at, data } });
    });

    it('retry makes a finished delivery due again, keeping its body; 409 while a node holds it; 404 for another endpoint', async () => {
      const { webhook } = (await api.create({ url: PUBLIC })).json();
      const { delivery } = (await api.test(webhook.id)).json();
      await t.db.db.updateTable('webhook_deliveries').set({ status: 'failed', attempts: 8, next_attempt_at: null, last_status_code: 503, locked_until: '2020-01-01T00:00:00.000Z' }).where('id', '=', delivery.id).execute();
      const r = await api.retry(webhook.id, delivery.id);
      expect(r.statusCode).toBe(202);
      expect(r.json().delivery).toMatchObject({ id: delivery.id, status: 'pending', attempts: 8, lastStatusCode: 503, payload: delivery.payload });
      expect(Date.parse(r.json().delivery.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
      const row = await t.db.db.selectFrom('webhook_deliveries').select(['locked_until', 'status']).where('id', '=', delivery.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ locked_until: null, status: 'pending' });

      await t.db.db.updateTable('webhook_deliveries').set({ locked_until: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', delivery.id).execute();
      expect((await api.retry(webhook.id, delivery.id)).statusCode).toBe(409);

      const { webhook: second } = (await api.create({ url: PUBLIC })).json();
      expect((await api.retry(second.id, delivery.id)).statusCode).toBe(404);
      expect((await api.retry(webhook.id, 'nope')).statusCode).toBe(404);
    });

    it('pages newest first with a cursor; a forged cursor is a 400', async () => {
      const { webhook } = (await api.create({ url: PUBLIC })).json();
      const made: string[] = [];
      for (let i = 0; i < 5; i++) made.push((await api.test(webhook.id)).json().delivery.id);
      const all = (await api.deliveries(webhook.id)).json().deliveries as { id: string; createdAt: string }[];
      expect(all.map((d) => d.id).sort()).toEqual([...made].sort());
      for (let i = 1; i < all.length; i++) expect(all[i - 1].createdAt >= all[i].createdAt).toBe(true);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r = await api.deliveries(webhook.id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(r.statusCode).toBe(200);
        const page = r.json();
        seen.push(...page.deliveries.map((d: { id: string }) => d.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(all.map((d) => d.id));
      expect((await api.deliveries(webhook.id, '?cursor=bm9wZQ')).statusCode).toBe(400);
      expect((await api.deliveries('nope')).statusCode).toBe(404);
    });
  });
});

describeEachDb('webhooks: WEBHOOK_ALLOW_PRIVATE=true', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof webhooksApi>;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    api = webhooksApi(t, (await t.createApp({ name: 'Internal Hooks' })).slug);
  });
  afterAll(() => t.close());

  it.each(PRIVATE_URLS)('accepts %s', async (url) => {
    const r = await api.create({ url });
    expect(r.statusCode).toBe(201);
    expect(r.json().webhook.url).toBe(url);
  });

  it('still refuses other schemes and credentials', async () => {
    for (const url of ['ftp://127.0.0.1/x', 'http://user:pw@127.0.0.1/x']) expect((await api.create({ url })).statusCode).toBe(422);
  });
});
