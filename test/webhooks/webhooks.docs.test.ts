import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { buildKernel } from '../../src/server.js';
import { testConfig, testDb } from '../helpers.js';

it('docs/webhooks.md names every event type of the catalogue in its table', async () => {
  const db = await testDb('sqlite');
  try {
    const { events } = buildKernel(testConfig(), db);
    const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    const rows = new Set([...doc.matchAll(/^\| `([a-z_.]+)` \|/gm)].map((m) => m[1]));
    const missing = [...events.catalog.keys()].filter((type) => !rows.has(type));
    expect(missing).toEqual([]);
  } finally {
    await db.cleanup();
  }
});
