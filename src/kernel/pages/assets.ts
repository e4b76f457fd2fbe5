import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { accentPalette } from './contrast.js';

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export const PUBLIC_DIR = resolve(import.meta.dirname, '../../../public');

/**
 * Serves ./public at /assets/ from memory (files are small and few), with ETags, plus
 * /assets/accent.css?c=rrggbb: the per-page accent colour as a stylesheet, so the CSP can
 * keep forbidding inline styles.
 */
export function registerAssets(app: FastifyInstance) {
  const files = new Map<string, { body: Buffer; type: string; etag: string }>();
  for (const name of readdirSync(PUBLIC_DIR)) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const body = readFileSync(join(PUBLIC_DIR, name));
    files.set(name, { body, type, etag: `"${createHash('sha1').update(body).digest('base64url')}"` });
  }

  // Pages on every host use them, SIGNUP_URL's own included (kernel/signup-host.ts).
  const route = { schema: { hide: true }, config: { signupHost: true } };

  app.get('/assets/accent.css', route, async (request, reply) => {
    const c = String((request.query as { c?: string }).c ?? '');
    if (!/^[0-9a-f]{6}$/i.test(c)) return reply.code(404).send({ error: 'Not found' });
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable');
    const p = accentPalette(`#${c.toLowerCase()}`);
    // Dark pages (theme-dark, and theme-auto when the system is dark) get the fill that stands out there.
    const dark = `{--accent:${p.fillDark};--accent-ink:${p.inkDark};--on-accent:${p.onDark};--accent-edge:transparent}`;
    return `:root{--accent:${p.accent};--accent-ink:${p.ink};--on-accent:${p.on};--accent-edge:${p.edge}}body.theme-dark${dark}@media (prefers-color-scheme:dark){body.theme-auto${dark}}`;
  });

  app.get('/assets/:name', route, async (request, reply) => {
    const f = files.get((request.params as { name: string }).name);
    if (!f) return reply.code(404).send({ error: 'Not found' });
    reply.header('etag', f.etag).header('cache-control', 'public, max-age=300');
    if (request.headers['if-none-match'] === f.etag) return reply.code(304).send();
    return reply.type(f.type).send(f.body);
  });

  // Browsers ask every host for /favicon.ico whatever a page declares: the service's mark, not a 404.
  app.get('/favicon.ico', route, async (_request, reply) => {
    const f = files.get('favicon.svg')!;
    return reply.header('etag', f.etag).header('cache-control', 'public, max-age=86400').type(f.type).send(f.body);
  });
}
