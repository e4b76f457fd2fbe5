import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

/** The editor's "Schedule…" (#37 §2): plain forms (no JavaScript), CSRF like every dashboard POST, the same operations as the API. */
describeEachDb('flow editor: scheduled publish', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  const url = '/admin/apps/planner/flows/cancel?flowSlug=later';
  const action = (suffix: string) => `/admin/apps/planner/flows/cancel/${suffix}?flowSlug=later`;
  beforeAll(async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Planner', slug: 'planner' });
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/apps/planner/flows/cancel?flowSlug=later', headers: t.auth, payload: goodCancel() });
    expect(put.statusCode).toBe(200);
    cookie = (await t.signIn()).cookie;
  });
  afterAll(() => t.close());

  const flow = async () => (await t.app.inject({ url: '/api/v1/apps/planner/flows/cancel?flowSlug=later', headers: t.auth })).json();

  it('schedules a UTC time from the datetime-local field, shows it with Cancel, and cancels', async () => {
    const page = await t.page(url, cookie);
    expect(page.body).toMatch(/<summary>Schedule…<\/summary><form method="post" action="[^"]*\/schedule\?flowSlug=later"/);
    expect(page.body).toMatch(/<input type="datetime-local" id="schedule-at" name="at" required/);
    expect(page.body).toContain('The time is in UTC, not your time zone');
    expect(page.body).not.toContain('id="scheduled-at"');

    const when = new Date(Date.now() + 2 * 86_400_000);
    const local = when.toISOString().slice(0, 16);
    // Without the CSRF token: refused, nothing scheduled.
    expect((await t.post(action('schedule'), cookie, { at: local })).status).toBe(403);
    expect((await flow()).scheduledPublishAt).toBeNull();

    const r = await t.post(action('schedule'), cookie, { _csrf: page.csrf, at: local });
    expect(r.status, r.body).toBe(303);
    expect(r.location).toBe('/admin/apps/planner/flows/cancel?flowSlug=later&scheduled=1');
    expect((await flow()).scheduledPublishAt).toBe(`${local}:00.000Z`);
    const shown = await t.page(url, cookie);
    expect(shown.body).toContain(`will be published at <strong>${local.replace('T', ' ')} UTC</strong>`);
    expect(shown.body).toMatch(/<form method="post" action="[^"]*\/unschedule\?flowSlug=later"/);

    const c = await t.post(action('unschedule'), cookie, { _csrf: shown.csrf });
    expect(c.status).toBe(303);
    expect(c.location).toContain('unscheduled=1');
    expect((await flow()).scheduledPublishAt).toBeNull();
    expect((await t.page(url, cookie)).body).not.toContain('id="scheduled-at"');
  });

  it('a time in the past comes back as the editor with the reason, nothing scheduled', async () => {
    const page = await t.page(url, cookie);
    const r = await t.post(action('schedule'), cookie, { _csrf: page.csrf, at: '2020-01-01T10:00' });
    expect(r.status).toBe(422);
    expect(r.body).toContain('Not scheduled');
    // The top of the reloaded page says it too, and links to the reason by the form.
    expect(r.body).toMatch(/<p class="strong" id="top-error">Not scheduled[^<]*<\/p><p><a href="#problems">See what to fix<\/a>/);
    expect(r.body).toMatch(/<code>\/at<\/code> must be in the future/);
    expect((await flow()).scheduledPublishAt).toBeNull();
  });

  it('shows why a scheduled publish did not happen', async () => {
    // As the scheduler records it (test/flows/flows.schedule.test.ts makes one happen).
    const flowId = (await flow()).flow.id;
    const appId = (await t.db.db.selectFrom('apps').select('id').where('slug', '=', 'planner').executeTakeFirstOrThrow()).id;
    await t.db.db
      .insertInto('flow_schedules')
      .values({ flow_id: flowId, app_id: appId, publish_at: null, scheduled_at: '2026-01-01T00:00:00.000Z', claimed_until: null, error_json: JSON.stringify({ at: '2026-01-02T09:30:00.000Z', failedAt: '2026-01-02T09:30:01.000Z', error: 'draft is invalid: /intro Required', issues: [] }) })
      .execute();
    expect((await flow()).scheduleError).toMatchObject({ at: '2026-01-02T09:30:00.000Z' });
    const page = await t.page(url, cookie);
    expect(page.body).toContain('The publish scheduled for 2026-01-02 09:30 UTC did not happen: draft is invalid: /intro Required');
  });
});
