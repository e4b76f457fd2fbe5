import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientIpOf, trustFrom } from '../../src/kernel/client-ip.js';
import { countryMmdb } from '../flows/forms/mmdb.js';
import { testApp } from '../helpers.js';
import { linksApi, UA, visitApp } from '../links/links.fixtures.js';

/** Over real HTTP: request.ip of a Fastify given `fastifyTrust`, and clientIpOf(trustFrom(setting)) of the same request. */
async function ips(setting: boolean | number | string, forwardedFor: string | undefined, fastifyTrust: unknown = trustFrom(setting)) {
  const ours = clientIpOf(trustFrom(setting));
  const app = Fastify({ trustProxy: fastifyTrust as never });
  app.get('/', async (request) => ({ fastify: request.ip, ours: ours(request.raw) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const r = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/`, {
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return (await r.json()) as { fastify: string; ours: string };
  } finally {
    await app.close();
  }
}

const HEADERS = [undefined, '1.1.1.1', '2.2.2.2, 1.1.1.1', '3.3.3.3, 2.2.2.2, 10.0.0.5'];

describe('client IP (TRUST_PROXY)', () => {
  it("is Fastify's own request.ip for every setting Fastify understands as we do", async () => {
    for (const setting of [false, true, '127.0.0.1', '10.0.0.0/8, 127.0.0.1', 'loopback', '10.9.9.9']) {
      for (const h of HEADERS) {
        const { fastify, ours } = await ips(setting, h, setting); // Fastify gets the raw setting
        expect(ours, `${setting} / ${h}`).toBe(fastify);
      }
    }
  });

  it('a hop count trusts the socket peer and the proxies in front of it (Fastify 5 alone would trust none)', async () => {
    expect((await ips(1, '2.2.2.2, 1.1.1.1')).ours).toBe('1.1.1.1');
    expect((await ips(2, '3.3.3.3, 2.2.2.2, 10.0.0.5')).ours).toBe('2.2.2.2');
    expect((await ips(5, '3.3.3.3, 2.2.2.2')).ours).toBe('3.3.3.3');
    expect((await ips(1, undefined)).ours).toBe('127.0.0.1');
    // and the server gives Fastify the same predicate
    for (const h of HEADERS) expect((await ips(2, h)).fastify).toBe((await ips(2, h)).ours);
  });

  it('the redirect fast path and the Fastify route see the same client with TRUST_PROXY=1', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'geoip-')), 'country.mmdb');
    writeFileSync(file, countryMmdb('203.0.113.0', 24, 'JP'));
    const t = await testApp('sqlite', { env: { GEOIP_DB: file, TRUST_PROXY: '1' } });
    try {
      const api = linksApi(t, (await t.createApp({ name: 'Geo' })).slug);
      const l = (await api.create({ url: 'https://example.com/geo' })).json().link;
      // first visit: a cache miss, answered by the Fastify route; the next two by the fast path
      for (let i = 0; i < 3; i++) {
        const r = await visitApp(t, `/l/${l.code}`, { ua: UA.desktop, headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' } });
        expect(r.status).toBe(302);
      }
      expect((await api.get(l.id)).json().stats.topCountries).toEqual([{ country: 'JP', clicks: 3 }]);
    } finally {
      await t.close();
    }
  });
});
