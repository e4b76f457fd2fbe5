import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../src/kernel/clock.js';
import { createLinkService } from '../../src/links/links.service.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/**
 * Generated codes against a real unique index: the draws are forced to collide with codes that
 * exist, to see the retry, the switch to 7 characters and the give-up.
 */
describeEachDb('short links: generated code collisions', (dialect) => {
  let t: TestApp;
  let appId: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    appId = (await t.createApp()).id;
  });
  afterAll(() => t.close());

  /** A link service on the test database whose code draws come from `codes`, logging the lengths asked. */
  const serviceDrawing = (codes: string[]) => {
    const lengths: number[] = [];
    const links = createLinkService({
      db: t.db,
      clock: systemClock,
      config: t.config,
      drawCode: (n) => {
        lengths.push(n);
        return codes.shift() ?? 'never-used';
      },
    });
    return { links, lengths };
  };

  it('retries a taken code, skips reserved words, and moves to 7 characters after four misses', async () => {
    const { links: first } = serviceDrawing(['taken1', 'taken2', 'taken3', 'taken4']);
    for (let i = 0; i < 4; i++) await first.create(appId, { url: 'https://example.com/' });
    const { links, lengths } = serviceDrawing(['taken1', 'admin', 'taken2', 'taken3', 'taken4', 'fresh77']);
    const link = await links.create(appId, { url: 'https://example.com/new' });
    expect(link.code).toBe('fresh77');
    expect(lengths).toEqual([6, 6, 6, 6, 6, 7]); // 'admin' is reserved: drawn again at once, not tried
    expect((await links.get(appId, 'fresh77')).link.url).toBe('https://example.com/new');
  });

  it('gives up after ten collisions with a 503 that says what to do, storing nothing', async () => {
    const { links, lengths } = serviceDrawing(Array(10).fill('taken1'));
    const before = await t.db.db.selectFrom('links').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(links.create(appId, { url: 'https://example.com/x' })).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/retry, or choose a code/) });
    expect(lengths).toEqual([6, 6, 6, 6, 7, 7, 7, 7, 7, 7]); // ten tries, no more, no fewer
    const after = await t.db.db.selectFrom('links').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
