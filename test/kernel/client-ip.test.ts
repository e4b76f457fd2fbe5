import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientIpOf, trustFrom } from '../../src/kernel/client-ip.js';

/** request.ip from Fastify and clientIpOf(...)(request.raw) for the same request, over real HTTP. */
async function bothIps(setting: boolean | number | string, forwardedFor?: string) {
  const trust = trustFrom(setting);
  const ip = clientIpOf(trust);
  const app = Fastify({ trustProxy: trust });
  app.get('/', async (request) => ({ fastify: request.ip, ours: ip(request.raw) }));
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

describe('client IP (TRUST_PROXY)', () => {
  const settings: (boolean | number | string)[] = [false, true, 1, 2, '127.0.0.1', '10.0.0.0/8, 127.0.0.1', 'loopback', '10.9.9.9'];
  const headers = [undefined, '1.1.1.1', '2.2.2.2, 1.1.1.1', '3.3.3.3, 2.2.2.2, 10.0.0.5'];
  it('is what Fastify gives as request.ip, for every setting', async () => {
    for (const s of settings) {
      for (const h of headers) {
        const { fastify, ours } = await bothIps(s, h);
        expect(ours, `${s} / ${h}`).toBe(fastify);
      }
    }
  });

  it('a hop count trusts that many hops (Fastify 5 alone would trust none)', async () => {
    expect((await bothIps(1, '2.2.2.2, 1.1.1.1')).ours).toBe('1.1.1.1');
    expect((await bothIps(2, '3.3.3.3, 2.2.2.2, 10.0.0.5')).ours).toBe('2.2.2.2');
    expect((await bothIps(false, '1.1.1.1')).ours).toBe('127.0.0.1');
    expect((await bothIps(true, '3.3.3.3, 2.2.2.2, 10.0.0.5')).ours).toBe('3.3.3.3');
    expect((await bothIps('10.9.9.9', '1.1.1.1')).ours).toBe('127.0.0.1');
  });
});
