import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANCEL_TEMPLATES } from '../../src/flows/cancel/cancel.templates.js';
import { knownIconName } from '../../src/kernel/pages/icons.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/**
 * What test/flows/templates.test.ts does not check. Onboarding and referral templates send people
 * without the app to the store: for an app whose promotion metadata names its store page they link
 * it (and then save with no warning at all); the referral share text names the app. Without an app
 * in view they leave the link out. Cancel reasons name icons the hosted page draws.
 */
type Template = { id: string; segment: string; config: Record<string, any> };

it('names, on every cancel reason, an icon the hosted page draws and no emoji (which would win over it)', () => {
  for (const x of CANCEL_TEMPLATES) {
    for (const r of x.config.reasonScreen.reasons) {
      expect(r.iconName && knownIconName(r.iconName), `${x.id}/${r.id}: ${r.iconName}`).toBe(true);
      expect(r.emoji, `${x.id}/${r.id}`).toBeUndefined();
    }
  }
});

describeEachDb('flow templates: the app’s own store page', (dialect) => {
  let t: TestApp;
  afterAll(() => t.close());
  beforeAll(async () => {
    t = await testApp(dialect);
  });

  const list = async (type: string, app?: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/flow-templates?type=${type}${app ? `&app=${app}` : ''}`, headers: t.auth });
    expect(r.statusCode).toBe(200);
    return r.json().templates as Template[];
  };

  it('fills in the store URL and the app name, and the templates then save with no warning', async () => {
    const storeUrl = 'https://apps.apple.com/app/id6477038412';
    const app = await t.createApp({ name: 'Fern Budget', promotion: { storeUrl } });
    const onboarding = await list('onboarding', app.slug);
    const referral = await list('referral', app.slug);
    expect(onboarding.length).toBeGreaterThanOrEqual(3);
    expect(referral.length).toBeGreaterThanOrEqual(3);
    for (const x of onboarding) expect(x.config.handoff.appStoreUrl, x.id).toBe(storeUrl);
    for (const x of referral) {
      expect(x.config.landing.appStoreUrl, x.id).toBe(storeUrl);
      expect(x.config.share.messageTemplate, x.id).toContain('Fern Budget');
    }
    for (const x of [...onboarding, ...referral]) {
      const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/flows/${x.segment}`, headers: t.auth, payload: x.config });
      expect(put.statusCode, `${x.id}: ${put.body}`).toBe(200);
      const codes = put.json().warnings.map((w: { code: string }) => w.code);
      // Three value screens ask nothing on purpose (test/flows/templates.test.ts, TEACHING).
      expect(codes, x.id).toEqual(x.id === 'three_value_screens' ? ['no_email_capture'] : []);
    }
  });

  it('builds the App Store page from a bare App Store id', async () => {
    const app = await t.createApp({ name: 'Id Only', promotion: { appStoreId: '6477038412' } });
    for (const x of await list('onboarding', app.slug)) expect(x.config.handoff.appStoreUrl).toBe('https://apps.apple.com/app/id6477038412');
    for (const x of await list('referral', app.slug)) expect(x.config.landing.appStoreUrl).toBe('https://apps.apple.com/app/id6477038412');
  });

  it('leaves the link out when no app is named or it has no store page', async () => {
    const bare = await t.createApp({ name: 'No Store' });
    for (const app of [undefined, bare.slug]) {
      for (const x of await list('onboarding', app)) expect(x.config.handoff.appStoreUrl).toBeUndefined();
      for (const x of await list('referral', app)) expect(x.config.landing.appStoreUrl).toBeUndefined();
    }
    expect((await list('referral')).every((x) => x.config.share.messageTemplate.includes('this app'))).toBe(true);
  });
});
