import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createWebhookWorker, type WebhookWorker } from '../../src/webhooks/webhooks.worker.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { receiver } from './delivery.helpers.js';

const until = async (cond: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return cond();
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The whole path on a real server: an endpoint created through the owner API, a real signup
 * (its event written in the signup's transaction), the worker sending it signed; the API's test
 * send and retry go through the same worker.
 */
describeEachDb('webhook delivery: from a real write to the receiver', (dialect) => {
  let t: TestApp;
  let worker: WebhookWorker;
  beforeEach(async () => {
    t = await testApp(dialect, { env: { WEBHOOK_ALLOW_PRIVATE: 'true', PUBLIC_RATE_LIMIT: '1000' } });
    worker = createWebhookWorker({ db: t.db, events: t.app.services.events, config: t.config });
    worker.start();
  });
  afterEach(async () => {
    await worker.close();
    await t.close();
  });

  it('a waitlist signup reaches a standard and a Slack endpoint, signed with the secrets the API showed once', async () => {
    const std = await receiver();
    const slack = await receiver();
    try {
      const app = await t.createApp({ name: 'Hooked', slug: 'hooked' });
      const owner = (method: 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url: `/api/v1/apps/hooked${url}`, headers: t.auth, payload });
      const a = await owner('POST', '/webhooks', { url: std.url, events: ['waitlist.signup.created'] });
      expect(a.statusCode).toBe(201);
      const b = await owner('POST', '/webhooks', { url: slack.url, format: 'slack' });
      expect(b.statusCode).toBe(201);
      await owner('PUT', '/flows/waitlist', { intro: { title: 'Hooked', subtitle: 's', submitLabel: 'Go', emailPlaceholder: 'e' }, success: { title: 't', body: 'b' } });
      expect((await owner('POST', '/flows/waitlist/publish')).statusCode).toBeLessThan(300);
      await t.app.services.events.refresh();

      const signup = await t.app.inject({ method: 'POST', url: '/api/public/waitlist', payload: { appSlug: 'hooked', email: 'ann@example.com' } });
      expect(signup.statusCode).toBe(201);
      worker.kick();
      const isSignup = (r: { body: string }) => JSON.parse(r.body).text?.includes('New waitlist signup: ann@example.com');
      expect(await until(() => std.received.length >= 1 && slack.received.some(isSignup))).toBe(true);

      const got = std.received[0];
      const body = new Webhook(a.json().secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: { email?: string; app?: unknown } };
      expect(body.type).toBe('waitlist.signup.created');
      expect(JSON.stringify(body.data)).toContain('ann@example.com');
      expect(std.received.every((r) => JSON.parse(r.body).type === 'waitlist.signup.created')).toBe(true);

      const chat = slack.received.find(isSignup)!;
      expect(new Webhook(b.json().secret).verify(chat.body, chat.headers as Record<string, string>)).toBeTruthy();
      const msg = JSON.parse(chat.body) as { text: string; blocks: unknown[] };
      expect(msg.text).toContain('Hooked: New waitlist signup: ann@example.com');
      expect(msg.text).toContain(`<http://api.test/admin/apps/${app.slug}/waitlist|Open in Appflows>`);
      expect(msg.blocks.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([std.close(), slack.close()]);
    }
  });

  it("the API's test send and a retry are delivered by the worker, with one webhook-id", async () => {
    let status = 500;
    const rx = await receiver(() => ({ status }));
    try {
      await t.createApp({ name: 'Tested', slug: 'tested' });
      const created = await t.app.inject({ method: 'POST', url: '/api/v1/apps/tested/webhooks', headers: t.auth, payload: { url: rx.url } });
      const id = created.json().webhook.id as string;
      const test = await t.app.inject({ method: 'POST', url: `/api/v1/apps/tested/webhooks/${id}/test`, headers: t.auth });
      expect(test.statusCode).toBeLessThan(300);
      worker.kick();
      expect(await until(() => rx.received.length >= 2)).toBe(true); // the first attempt and its immediate retry
      const list = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/apps/tested/webhooks/${id}/deliveries`, headers: t.auth })).json().deliveries as { id: string; status: string; attempts: number; lastStatusCode: number | null }[];
      await sleep(300); // the second attempt is recorded
      let [d] = await list();
      expect(JSON.parse(rx.received[0].body).type).toBe('webhook.test');
      expect(rx.received[0].headers['webhook-id']).toBe(`msg_${d.id}`);
      // Two attempts failed; the next is 5 s away. The owner fixes the receiver and retries by hand.
      expect(d).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 500 });
      status = 200;
      const seen = rx.received.length;
      const retry = await t.app.inject({ method: 'POST', url: `/api/v1/apps/tested/webhooks/${id}/deliveries/${d.id}/retry`, headers: t.auth });
      expect(retry.statusCode).toBeLessThan(300);
      worker.kick();
      expect(await until(() => rx.received.length > seen)).toBe(true);
      await sleep(300);
      d = (await list())[0];
      expect(d).toMatchObject({ status: 'succeeded', lastStatusCode: 200 });
      expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    } finally {
      await rx.close();
    }
  });
});
