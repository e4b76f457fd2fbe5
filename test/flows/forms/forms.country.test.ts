import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../helpers.js';
import { goodWaitlist, putAndPublish, submit } from './forms.fixtures.js';
import { countryMmdb } from './mmdb.js';

describe('country of a signup: trusted header first, then the MaxMind database', () => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'geoip-')), 'country.mmdb');
    writeFileSync(file, countryMmdb('203.0.113.0', 24, 'JP'));
    t = await testApp('sqlite', { env: { GEOIP_DB: file, COUNTRY_HEADER: 'CF-IPCountry', TRUST_PROXY: 'true' } });
    slug = (await t.createApp({ name: 'Geo' })).slug;
    await putAndPublish(t, slug, 'waitlist', goodWaitlist());
  });
  afterAll(() => t.close());

  const country = async (email: string) =>
    (await t.db.db.selectFrom('waitlist_signups').select('country').where('email', '=', email).executeTakeFirstOrThrow()).country;

  it('looks the client IP up in the database file', async () => {
    expect((await submit(t, 'waitlist', { appSlug: slug, email: 'jp@example.com' }, { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(201);
    expect(await country('jp@example.com')).toBe('JP');
  });

  it('prefers the trusted header, and stores null when neither knows', async () => {
    await submit(t, 'waitlist', { appSlug: slug, email: 'de@example.com' }, { 'x-forwarded-for': '203.0.113.51', 'cf-ipcountry': 'DE' });
    expect(await country('de@example.com')).toBe('DE');
    await submit(t, 'waitlist', { appSlug: slug, email: 'xx@example.com' }, { 'x-forwarded-for': '198.51.100.1', 'cf-ipcountry': 'XX' });
    expect(await country('xx@example.com')).toBeNull();
  });
});
