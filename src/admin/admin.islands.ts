import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Interactive islands (the JSON editor, copy buttons), bundled by esbuild from
 * src/admin/islands/ when the server starts listening (or on the first request for them):
 * no separate build step, `npm start` stays the only one. Pages work without them.
 * One bundle per process, kept in memory.
 */
const ENTRIES = {
  'admin.js': 'islands/admin.ts',
  'editor.js': 'islands/editor.ts',
  'preview.js': 'islands/preview.ts',
  'charts.js': 'islands/charts.ts',
  'moderation.js': 'islands/moderation.ts',
  // uPlot's own stylesheet (its legend and cursor), served from our origin (style-src 'self').
  'charts.css': 'uplot/dist/uPlot.min.css',
} as const;
type Bundle = Map<string, { body: string; etag: string }>;
let built: Promise<Bundle> | undefined;

export function buildIslands(): Promise<Bundle> {
  built ??= (async () => {
    const esbuild = await import('esbuild');
    const out = new Map<string, { body: string; etag: string }>();
    for (const [name, entry] of Object.entries(ENTRIES)) {
      const r = await esbuild.build({
        entryPoints: [entry.endsWith('.css') ? createRequire(import.meta.url).resolve('uplot/dist/uPlot.min.css') : resolve(import.meta.dirname, entry)],
        bundle: true,
        write: false,
        minify: true,
        format: 'iife',
        target: 'es2020',
        legalComments: 'none',
        logLevel: 'silent',
      });
      const body = r.outputFiles[0].text;
      out.set(name, { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` });
    }
    return out;
  })();
  built.catch(() => (built = undefined));
  return built;
}

export function registerIslands(app: FastifyInstance) {
  app.addHook('onListen', async () => {
    buildIslands().catch((err) => app.log.error({ err }, 'dashboard scripts failed to build'));
  });
  app.get('/admin/assets/:name', { schema: { hide: true } }, async (request, reply) => {
    const f = (await buildIslands()).get((request.params as { name: string }).name);
    if (!f) return reply.code(404).send({ error: 'Not found' });
    reply.header('etag', f.etag).header('cache-control', 'public, max-age=300');
    if (request.headers['if-none-match'] === f.etag) return reply.code(304).send();
    return reply.type(request.url.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8').send(f.body);
  });
}
