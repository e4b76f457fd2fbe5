import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { baseUrl, nextMs, type TestApp } from '../../helpers.js';

export const json = { 'content-type': 'application/json' };

/** Promotion metadata of a destination app with everything a decision uses. */
export const meta = (n: string) => ({
  appStoreId: String(100000 + n.length * 7 + n.charCodeAt(0)),
  storeUrl: `https://apps.apple.com/app/${n}/id1`,
  universalLinkBase: `https://${n}.example/open`,
  iconUrl: `https://${n}.example/icon.png`,
  destinations: { today: '/today', settings: `${n}://settings` },
});

/** An owner with a source app and three destination apps (and one without store data). */
// Apps are listed oldest first: each app here is made a millisecond after the one before (nextMs).
export async function ownerWithApps(t: TestApp, prefix = '') {
  const source = await t.createApp({ name: 'Sleepy', slug: `${prefix}sleepy`, deepLinkScheme: `${prefix.replace(/-/g, '')}sleepy` });
  const dest: Record<string, { id: string; slug: string }> = {};
  for (const n of ['focus', 'habit', 'calm']) {
    await nextMs();
    dest[n] = await t.createApp({ name: n[0].toUpperCase() + n.slice(1), slug: `${prefix}${n}`, deepLinkScheme: n + prefix.replace(/-/g, ''), promotion: { ...meta(n), destinations: { today: '/today', settings: `${n}${prefix.replace(/-/g, '')}://settings` } } });
  }
  await nextMs();
  const bare = await t.createApp({ name: 'Bare', slug: `${prefix}bare` });
  return { source, dest, bare };
}

export const put = (t: TestApp, appSlug: string, config: unknown, flowSlug?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/apps/${appSlug}/flows/app-promotion${flowSlug ? `?flowSlug=${flowSlug}` : ''}`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });

export const publish = (t: TestApp, appSlug: string, flowSlug?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/apps/${appSlug}/flows/app-promotion/publish${flowSlug ? `?flowSlug=${flowSlug}` : ''}`, headers: { authorization: t.auth.authorization } });

export async function putAndPublish(t: TestApp, appSlug: string, config: unknown, flowSlug?: string) {
  const r = await put(t, appSlug, config, flowSlug);
  if (r.statusCode !== 200) throw new Error(`PUT: ${r.statusCode} ${r.body}`);
  const p = await publish(t, appSlug, flowSlug);
  if (p.statusCode !== 200) throw new Error(`publish: ${p.statusCode} ${p.body}`);
  return r.json();
}

type Inject = (opts: InjectOptions) => Promise<LightMyRequestResponse>;
export const post = (inject: Inject, path: string, body: unknown, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url: `/api/public/promotions/${path}`, headers: { ...json, ...headers }, payload: JSON.stringify(body) });

/**
 * Like `t.app.inject`, but the public promotion calls go over real HTTP to the listening server,
 * where resolve and event are answered in front of Fastify (kernel/fast-ops.ts): the suites that
 * use it test the fast path and, for everything it hands over, Fastify's route.
 */
export function overHttp(t: TestApp): Inject {
  return async (opts) => {
    const url = typeof opts.url === 'string' ? opts.url : '';
    if (opts.method !== 'POST' || !url.startsWith('/api/public/')) return t.app.inject(opts);
    const r = await fetch(`${await baseUrl(t)}${url}`, { method: 'POST', headers: opts.headers as Record<string, string>, body: opts.payload as string });
    const body = await r.text();
    return { statusCode: r.status, headers: Object.fromEntries(r.headers), body, payload: body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
  };
}
