import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, type ToolText } from '../../mcp/mcp.client.js';
import { goodWaitlist, json, putAndPublish, submit } from '../forms/forms.fixtures.js';

const SPEC = 'id,email,source,country,user_agent,createdAt';
const parseCsv = (text: string) => parse(text, { columns: true }) as Record<string, string>[];
const header = (text: string) => text.split('\n')[0];

/**
 * Issue #35 item 3: AppMate's export_waitlist_csv sends no query and expects the custom-field
 * answers. SPEC's six columns first, then one per custom field (published versions: the current
 * one's first, then fields only older versions had); none: exactly SPEC's header.
 */
describeEachDb('waitlist CSV: SPEC columns, then the custom fields', (dialect) => {
  let t: TestApp;
  let mcp: Client;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Plain', slug: 'plain' });
    await putAndPublish(t, 'plain', 'waitlist', goodWaitlist());
    await submit(t, 'waitlist', { appSlug: 'plain', email: 'plain@example.com', attributes: { stray: 'not a field' } });

    await t.createApp({ name: 'Fields', slug: 'fields' });
    // Version 1: a field later removed (old_q) and one named like a base column (email).
    await putAndPublish(t, 'fields', 'waitlist', {
      ...goodWaitlist(),
      fields: [
        { id: 'company', label: 'Company', type: 'text' },
        { id: 'email', label: 'Work email', type: 'text' },
        { id: 'old_q', label: 'Old question', type: 'text' },
      ],
    });
    await submit(t, 'waitlist', { appSlug: 'fields', email: 'v1@example.com', attributes: { company: '=cmd|calc', email: 'v1@work.example', old_q: 'kept' } });
    // Version 2 (current): a new field first, company kept, a boolean.
    await putAndPublish(t, 'fields', 'waitlist', {
      ...goodWaitlist(),
      fields: [
        { id: 'role', label: 'Role', type: 'select', options: ['Dev', 'PM'] },
        { id: 'company', label: 'Company', type: 'text' },
        { id: 'beta', label: 'Beta tester?', type: 'boolean' },
      ],
    });
    await submit(t, 'waitlist', { appSlug: 'fields', email: 'v2@example.com', attributes: { role: 'PM', company: 'Acme, Inc.', beta: true } });
    // A draft-only field: nobody could answer it yet, so no column.
    const draft = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/apps/fields/flows/waitlist',
      headers: { ...t.auth, ...json },
      payload: JSON.stringify({ ...goodWaitlist(), fields: [{ id: 'draft_only', label: 'Soon', type: 'text' }] }),
    });
    expect(draft.statusCode).toBe(200);
    // A second waitlist with its own field.
    await putAndPublish(t, 'fields', 'waitlist', { ...goodWaitlist(), fields: [{ id: 'team', label: 'Team', type: 'text' }] }, 'pro');
    await submit(t, 'waitlist', { appSlug: 'fields', flowSlug: 'pro', email: 'pro@example.com', attributes: { team: 'Core' } });
    mcp = await connectMcp(t);
  });
  afterAll(async () => {
    await mcp.close();
    await t.close();
  });

  const csv = (app: string, q = '') => t.app.inject({ method: 'GET', url: `/api/v1/apps/${app}/waitlist/signups.csv${q}`, headers: { authorization: t.auth.authorization } });
  const tool = async (args: Record<string, unknown>) => {
    const r = (await mcp.callTool({ name: 'export_waitlist_csv', arguments: args })) as ToolText;
    expect(r.isError, r.content[0]?.text).toBeFalsy();
    // Text results come back as `{ csv }` (src/mcp/tools.ts).
    return JSON.parse(r.content[0].text).csv as string;
  };

  it("a waitlist without custom fields exports exactly SPEC's header, over REST and MCP", async () => {
    const rest = await csv('plain');
    expect(rest.statusCode).toBe(200);
    expect(header(rest.body)).toBe(SPEC);
    expect(parseCsv(rest.body)).toEqual([expect.objectContaining({ email: 'plain@example.com' })]);
    // An answer to no field of the flow gets no column.
    expect(rest.body).not.toContain('stray');
    expect(await tool({ appIdOrSlug: 'plain' })).toBe(rest.body);
  });

  it("default: SPEC's six, then the current version's fields, then fields only older versions had; the draft's are left out", async () => {
    const rest = await csv('fields');
    expect(rest.statusCode).toBe(200);
    expect(header(rest.body)).toBe(`${SPEC},role,company,beta,field_email,old_q,team`);
    const rows = parseCsv(rest.body);
    expect(rows.find((r) => r.email === 'v1@example.com')).toMatchObject({ role: '', company: "'=cmd|calc", beta: '', field_email: 'v1@work.example', old_q: 'kept', team: '' });
    expect(rows.find((r) => r.email === 'v2@example.com')).toMatchObject({ role: 'PM', company: 'Acme, Inc.', beta: 'true', field_email: '', old_q: '' });
    expect(rows.find((r) => r.email === 'pro@example.com')).toMatchObject({ team: 'Core', role: '' });
    // The MCP tool as AppMate calls it (no query): the same bytes.
    expect(await tool({ appIdOrSlug: 'fields' })).toBe(rest.body);
    // One waitlist: its fields only.
    expect(header((await csv('fields', '?flowSlug=pro')).body)).toBe(`${SPEC},team`);
    expect(header((await csv('fields', '?columns=default&flowSlug=waitlist')).body)).toBe(`${SPEC},role,company,beta,field_email,old_q`);
  });

  it("?columns=spec gives SPEC's six alone; ?columns=all adds flowSlug before the fields; anything else is 400", async () => {
    const spec = await csv('fields', '?columns=spec');
    expect(spec.statusCode).toBe(200);
    expect(header(spec.body)).toBe(SPEC);
    expect(parseCsv(spec.body)).toHaveLength(3);
    expect(header(await tool({ appIdOrSlug: 'fields', columns: 'spec' }))).toBe(SPEC);
    const all = await csv('fields', '?columns=all');
    expect(header(all.body)).toBe(`${SPEC},flowSlug,role,company,beta,field_email,old_q,team`);
    expect(parseCsv(all.body).find((r) => r.email === 'pro@example.com')).toMatchObject({ flowSlug: 'pro', team: 'Core' });
    expect((await csv('fields', '?columns=some')).statusCode).toBe(400);
  });

  it('a stored list answer is joined with "; " and an object is JSON', async () => {
    const app = await t.db.db.selectFrom('apps').select('id').where('slug', '=', 'fields').executeTakeFirstOrThrow();
    const flow = await t.db.db.selectFrom('flows').select('id').where('app_id', '=', app.id).where('slug', '=', 'waitlist').executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('waitlist_signups')
      .values({
        id: 'zz-list-answer',
        app_id: app.id,
        flow_id: flow.id,
        email: 'list@example.com',
        email_normalized: 'list@example.com',
        source: null, country: null, user_agent: null, locale: null, platform: null, app_version: null, referrer: null,
        attributes_json: JSON.stringify({ role: ['Dev', 'PM'], company: { name: 'Acme' } }),
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const row = parseCsv((await csv('fields')).body).find((r) => r.email === 'list@example.com');
    expect(row).toMatchObject({ role: 'Dev; PM', company: '{"name":"Acme"}' });
  });
});
