import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { Dialect } from '../../src/config.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodCrash } from '../flows/crash/crash.fixtures.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { goodLinkPage } from '../flows/link-page/link-page.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

/** Rows of every table of this database's own schema (a preview must leave them all as they were). */
async function rowCounts(t: OwnerApp, dialect: Dialect): Promise<Record<string, number>> {
  const db = t.db.db as any;
  const listed =
    dialect === 'postgres'
      ? sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
      : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`;
  const tables = (await listed.execute(db)).rows.map((x) => x.name).filter((n) => !/^kysely_/.test(n));
  const out: Record<string, number> = {};
  for (const name of tables.sort()) {
    const r = await db.selectFrom(name).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    out[name] = Number(r.n);
  }
  return out;
}

/** The screens a preview page names in its <meta> (what the preview pane's select follows). */
function screensOf(html: string): { screens: { id: string; label: string }[]; screen: string } {
  const m = /<meta name="appflows-preview-screens" content="([^"]*)"/.exec(html);
  expect(m, 'the preview names its screens').not.toBeNull();
  const text = m![1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return JSON.parse(text);
}

const onboarding = goodOnboarding();
const cancel = goodCancel();

/**
 * Per type: an unsaved draft, and for each screen a text only that screen shows (`has`) and one
 * another screen shows but this one must not (`not`).
 */
const CASES: { segment: string; config: Record<string, unknown>; screens: string[]; checks: { screen: string; has: string; not?: string }[] }[] = [
  {
    segment: 'cancel',
    config: cancel,
    screens: ['intro', 'reasons', 'response:too_expensive', 'response:missing_feature', 'thanks'],
    checks: [
      { screen: 'intro', has: 'Before you go', not: 'Why are you leaving?' },
      { screen: 'reasons', has: 'Why are you leaving?', not: 'Before you go' },
      { screen: 'response:missing_feature', has: 'Tell us what is missing', not: 'How about 50% off?' },
      { screen: 'response:too_expensive', has: 'Claim 50% off', not: 'Tell us what is missing' },
      { screen: 'thanks', has: 'Thank you', not: 'Before you go' },
    ],
  },
  {
    segment: 'onboarding',
    config: onboarding,
    screens: ['intro', 'step:1', 'step:2', 'step:3', 'step:4', 'handoff'],
    checks: [
      { screen: 'intro', has: 'Sleep better in 2 weeks', not: 'What is your main goal?' },
      { screen: 'step:1', has: 'What is your main goal?', not: 'Which habits do you have?' },
      { screen: 'step:3', has: 'Which habits do you have?', not: 'What is your main goal?' },
      { screen: 'step:4', has: 'Where should we send your plan?', not: 'Which habits do you have?' },
      { screen: 'handoff', has: 'Your plan is ready', not: 'Sleep better in 2 weeks' },
    ],
  },
  ...(
    [
      ['feedback', goodFeedback(), 'Thanks!'],
      ['report', goodReport(), 'Reported'],
      ['contact', goodContact(), 'Message sent'],
      ['waitlist', goodWaitlist(), 'You are in'],
      ['crash', goodCrash(), 'Thanks!'],
    ] as const
  ).map(([segment, config, success]) => ({
    segment,
    config,
    screens: ['form', 'success'],
    checks: [
      { screen: 'form', has: '<form method="post"' },
      // The success screen alone: its title, and no form to fill in.
      { screen: 'success', has: `<h2>${success}</h2>`, not: '<form method="post"' },
    ],
  })),
  {
    segment: 'wishlist',
    config: goodWishlist({ intro: { title: 'Zorblax roadmap', subtitle: 'Vote.', submitLabel: 'Suggest' } }),
    screens: ['board', 'idea', 'submitted'],
    checks: [
      { screen: 'board', has: 'Sample idea: Export to PDF', not: 'Sample comment' },
      { screen: 'idea', has: 'Sample comment', not: 'Sample idea: Export to PDF' },
      { screen: 'submitted', has: 'wl-success', not: 'Sample idea' },
    ],
  },
  {
    segment: 'referral',
    config: goodReferral(),
    screens: ['invite', 'claimed'],
    checks: [
      { screen: 'invite', has: 'Get the app</button>', not: 'amrf_' },
      { screen: 'claimed', has: 'amrf_PREVIEW0', not: 'Get the app</button>' },
    ],
  },
  {
    segment: 'legal',
    config: goodLegal({ entity: { name: 'Zorblax Labs GmbH', contactEmail: 'privacy@zorblax.example', jurisdiction: 'Germany' } }),
    screens: ['privacy', 'terms', 'app-store', 'play'],
    checks: [
      { screen: 'privacy', has: '<h1>Privacy policy</h1>' },
      { screen: 'terms', has: '<h1>Terms of use</h1>', not: '<h1>Privacy policy</h1>' },
      { screen: 'app-store', has: '<h1>App Store privacy</h1>' },
      { screen: 'play', has: '<h1>Google Play Data safety</h1>' },
    ],
  },
  { segment: 'link-page', config: goodLinkPage({ header: { title: 'Zorblax links', description: 'All of them.' } }), screens: ['page'], checks: [{ screen: 'page', has: 'Zorblax links' }] },
];

describeEachDb('dashboard: live preview of every screen', (dialect: Dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('renders each screen of each unsaved draft with its own page, runs no script and records nothing', async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Recipes', slug: 'recipes', deepLinkScheme: 'recipes' });
    const { cookie } = await t.signIn();
    const { csrf } = await t.page('/admin/apps/recipes', cookie);
    const before = await rowCounts(t, dialect);
    const preview = (segment: string, config: unknown, screen?: string) =>
      t.post(`/admin/apps/recipes/flows/${segment}/preview`, cookie, { _csrf: csrf, config: JSON.stringify(config), ...(screen === undefined ? {} : { screen }) });

    for (const c of CASES) {
      const first = await preview(c.segment, c.config);
      expect(first.status, c.segment).toBe(200);
      expect(screensOf(first.body).screens.map((s) => s.id), c.segment).toEqual(c.screens);
      expect(screensOf(first.body).screen, c.segment).toBe(c.screens[0]);
      for (const k of c.checks) {
        const r = await preview(c.segment, c.config, k.screen);
        const at = `${c.segment} ${k.screen}`;
        expect(r.status, at).toBe(200);
        expect(screensOf(r.body).screen, at).toBe(k.screen);
        // The page itself (the <meta> in its head names every screen).
        const page = r.body.slice(r.body.indexOf('</head>'));
        expect(page, at).toContain(k.has);
        if (k.not) expect(page, at).not.toContain(k.not);
        expect(r.body, at).not.toMatch(/<script/i);
        expect(r.body, at).not.toMatch(/\son[a-z]+=/i);
      }
      // A screen the draft does not have: its first screen, said so in the meta.
      const gone = await preview(c.segment, c.config, 'no-such-screen');
      expect(screensOf(gone.body).screen, c.segment).toBe(c.screens[0]);
    }
    // Labels name what the owner wrote.
    const labels = screensOf((await preview('onboarding', onboarding)).body).screens.map((s) => s.label);
    expect(labels).toContain('Step 3: Which habits do you have?');
    expect(screensOf((await preview('cancel', cancel)).body).screens.map((s) => s.label)).toContain('Response: Missing a feature');

    // Nothing recorded, nothing saved.
    expect(await rowCounts(t, dialect)).toEqual(before);
    expect((await t.app.inject({ url: '/api/v1/apps/recipes/flows/cancel', headers: t.auth })).statusCode).toBe(404);
  });

  it('follows the draft: a step or a reason added is a new screen, one removed falls back to the first', async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const { cookie } = await t.signIn();
    const { csrf } = await t.page('/admin/apps/recipes', cookie);
    const preview = (segment: string, config: unknown, screen?: string) =>
      t.post(`/admin/apps/recipes/flows/${segment}/preview`, cookie, { _csrf: csrf, config: JSON.stringify(config), ...(screen === undefined ? {} : { screen }) });

    const five = { ...onboarding, steps: [...onboarding.steps, { kind: 'info', id: 'bedtime', title: 'Zorblax bedtime routine', body: 'Wind down.', continueLabel: 'Next' }] };
    expect(screensOf((await preview('onboarding', onboarding)).body).screens.map((s) => s.id)).not.toContain('step:5');
    const r = await preview('onboarding', five, 'step:5');
    expect(screensOf(r.body).screens.map((s) => s.id)).toEqual(['intro', 'step:1', 'step:2', 'step:3', 'step:4', 'step:5', 'handoff']);
    expect(r.body).toContain('Zorblax bedtime routine');
    // The same screen of the draft without that step: the intro.
    const back = await preview('onboarding', onboarding, 'step:5');
    expect(screensOf(back.body).screen).toBe('intro');
    expect(back.body).toContain('Sleep better in 2 weeks');

    // A reason with a response is a screen; a multi-select flow skips responses, so offers none.
    const more = {
      ...cancel,
      reasonScreen: { ...cancel.reasonScreen, reasons: [...cancel.reasonScreen.reasons, { id: 'switching', label: 'Switching apps' }] },
      responses: { ...cancel.responses, switching: { title: 'Zorblax import is one tap', body: 'Bring your data.', primaryButton: { label: 'Stay', action: 'return_to_app' } } },
    };
    const sw = await preview('cancel', more, 'response:switching');
    expect(screensOf(sw.body).screens.map((s) => s.id)).toContain('response:switching');
    expect(sw.body).toContain('Zorblax import is one tap');
    const multi = await preview('cancel', { ...more, reasonScreen: { ...more.reasonScreen, selectMode: 'multi' } });
    expect(screensOf(multi.body).screens.map((s) => s.id)).toEqual(['intro', 'reasons', 'thanks']);

    // An invalid draft pauses the preview and names no screens (the select keeps its list).
    const bad = await preview('onboarding', { ...onboarding, steps: 'nope' });
    expect(bad.body).toContain('Preview paused');
    expect(bad.body).not.toContain('appflows-preview-screens');
  });

  it('offers the saved draft’s screens in the editor’s Screen select, and GET ?screen= previews the saved draft', async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const { cookie } = await t.signIn();
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/apps/recipes/flows/onboarding', headers: t.auth, payload: onboarding })).statusCode).toBe(200);
    const editor = await t.page('/admin/apps/recipes/flows/onboarding', cookie);
    const form = /<form[^>]*id="preview-form"[^>]*>([\s\S]*?)<\/form>/.exec(editor.body);
    expect(form, 'the preview form').not.toBeNull();
    expect(form![0]).not.toMatch(/\shidden[\s>=]/);
    expect(form![1]).toContain('<label for="pv-screen">Screen</label>');
    const options = [...form![1].matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
    expect(options).toEqual(['intro', 'step:1', 'step:2', 'step:3', 'step:4', 'handoff']);
    expect(form![1]).toContain('Step 2: Backed by research');
    // Without JavaScript: the form's own button shows the picked screen in the phone frame.
    expect(form![0]).toContain('target="pv-phone"');
    expect(form![1]).toMatch(/<button type="submit"[^>]*id="pv-show"/);

    const saved = await t.page('/admin/apps/recipes/flows/onboarding/preview?screen=step:2', cookie);
    expect(saved.body).toContain('Backed by research');
    expect(screensOf(saved.body).screen).toBe('step:2');

    // A type whose text is not a valid config yet: one "first screen" option.
    const blank = await t.page('/admin/apps/recipes/flows/cancel?blank=1', cookie);
    const blankForm = /<form[^>]*id="preview-form"[^>]*>([\s\S]*?)<\/form>/.exec(blank.body);
    expect([...blankForm![1].matchAll(/<option value(?:="([^"]*)")?>([^<]*)</g)].map((m) => [m[1] ?? '', m[2]])).toEqual([['', 'First screen']]);
  });
});
