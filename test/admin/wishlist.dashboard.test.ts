import { afterAll, beforeAll, expect, it } from 'vitest';
import { dashboardBoardsMigrations } from '../../src/db/migrations/dashboard-boards.js';
import { lastDays, readSeries } from '../../src/db/rollups.js';
import { connectMcp, toolJson } from '../mcp/mcp.client.js';
import { goodWishlist, ownerApi, publicApi, publishedBoard } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

describeEachDb('dashboard: wishlist moderation', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  let csrf: string;
  let app: { id: string; slug: string };
  const base = () => `/admin/apps/${app.slug}/wishlist`;
  const idea = async (id: string) => (await ownerApi(t, app.slug).list({ limit: '200' })).json().ideas.find((i: { id: string }) => i.id === id);
  const submitIdea = async (title: string) => {
    const r = await publicApi(t, app.slug).submit({ title, anonId: `anon-${title}` });
    expect(r.statusCode).toBe(200);
    return r.json().idea.id as string;
  };
  const ideasCounter = async () => (await readSeries(t.db.db, app.id, ['wishlist.ideas', 'wishlist.votes'], lastDays(new Date(), 1))).map((s) => s.total);

  beforeAll(async () => {
    t = await ownerApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    app = await publishedBoard(t, goodWishlist(), 'Mod Board');
    cookie = (await t.signIn()).cookie;
    csrf = (await t.page(base(), cookie)).csrf;
  });
  afterAll(() => t.close());

  it('counts new ideas and added votes in the roll-ups (an unvote takes nothing back)', async () => {
    const a = await submitIdea('Dark mode');
    await ownerApi(t, app.slug).patch(a, { status: 'open' });
    const pub = publicApi(t, app.slug);
    for (const who of ['v1', 'v2', 'v3']) expect((await pub.vote({ ideaId: a, anonId: who })).statusCode).toBe(200);
    expect((await pub.vote({ ideaId: a, anonId: 'v1' })).json().voteCount).toBe(3); // a repeat adds no vote
    expect((await pub.unvote({ ideaId: a, anonId: 'v2' })).json().voteCount).toBe(2);
    expect((await ownerApi(t, app.slug).create({ title: 'From the team' })).statusCode).toBe(201);
    expect(await ideasCounter()).toEqual([2, 3]);
  });

  it('lists the pending queue with one form per action, escaped', async () => {
    const id = await submitIdea('<img src=x onerror=alert(1)> Offline sync');
    const r = await t.page(base(), cookie);
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/aria-current="page">Wishlist</);
    expect(r.body).toContain('Waiting for review');
    expect(r.body).toContain('&lt;img src=x onerror=alert(1)> Offline sync');
    expect(r.body).not.toContain('<img src=x');
    expect(r.body).toContain(`data-idea="${id}"`);
    expect(r.body).toContain(`action="${base()}/ideas/${id}/status"`);
    expect(r.body).toContain('data-key="a"');
    expect(r.body).toContain('data-key="x"');
    expect(r.body).toContain('Ideas and votes</span>');
    expect(r.body).toContain(`href="${t.config.webUrl}/wishlist/${app.slug}"`);
    expect(r.body).toContain('id="mod-live"');
    // Ideas already public are not in the queue.
    expect(r.body).not.toContain('Dark mode');
  });

  it('approves with a plain form (post/redirect/get) and the idea is on the public board', async () => {
    const id = await submitIdea('Widgets');
    expect((await publicApi(t, app.slug).list()).json().ideas.map((i: { id: string }) => i.id)).not.toContain(id);
    const r = await t.post(`${base()}/ideas/${id}/status`, cookie, { _csrf: csrf, status: 'open', back: `${base()}?status=pending` });
    expect(r.status).toBe(303);
    expect(r.location).toBe(`${base()}?status=pending&done=approved`);
    expect((await t.page(r.location!, cookie)).body).toContain('Idea approved');
    expect((await idea(id)).status).toBe('open');
    expect((await publicApi(t, app.slug).list()).json().ideas.map((i: { id: string }) => i.id)).toContain(id);
  });

  it('answers the island in JSON: decline, pin, status, delete', async () => {
    const id = await submitIdea('Tabs');
    const json = (path: string, fields: Record<string, string>) => t.post(`${base()}/ideas/${id}/${path}`, cookie, { _csrf: csrf, ...fields }, { accept: 'application/json' });
    const d = await json('status', { status: 'declined' });
    expect(d.status).toBe(200);
    expect(JSON.parse(d.body)).toMatchObject({ ok: true, done: 'declined', message: 'Idea declined.', idea: { id, status: 'declined' } });
    expect(JSON.parse((await json('pin', { pinned: 'true' })).body).idea.pinned).toBe(true);
    expect(JSON.parse((await json('status', { status: 'planned' })).body).idea).toMatchObject({ status: 'planned', pinned: true });
    expect((await idea(id)).status).toBe('planned');
    expect(JSON.parse((await json('pin', { pinned: 'false' })).body).done).toBe('unpinned');
    const del = await json('delete', {});
    expect(JSON.parse(del.body)).toMatchObject({ ok: true, done: 'deleted' });
    expect(await idea(id)).toBeUndefined();
    const again = await json('delete', {});
    expect(again.status).toBe(404);
    expect(JSON.parse(again.body).error).toBe('Idea not found');
  });

  it('replies officially and deletes a comment on the idea page; the board shows the reply', async () => {
    const id = await submitIdea('Export');
    await ownerApi(t, app.slug).patch(id, { status: 'open' });
    const page = await t.page(`${base()}/ideas/${id}`, cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain('No comments yet.');
    const r = await t.post(`${base()}/ideas/${id}/comments`, cookie, { _csrf: csrf, body: 'Shipping next week', official: 'true' });
    expect(r.status).toBe(303);
    expect(r.location).toBe(`${base()}/ideas/${id}?done=replied`);
    const comments = (await publicApi(t, app.slug).comments(id)).json().comments;
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ body: 'Shipping next week', isOfficial: true, isOwner: true });
    const shown = await t.page(r.location!, cookie);
    expect(shown.body).toContain('Reply posted.');
    expect(shown.body).toContain(`action="${base()}/comments/${comments[0].id}/delete"`);
    const del = await t.post(`${base()}/comments/${comments[0].id}/delete`, cookie, { _csrf: csrf, back: `${base()}/ideas/${id}` });
    expect(del.location).toBe(`${base()}/ideas/${id}?done=comment-deleted`);
    expect((await publicApi(t, app.slug).comments(id)).json().comments).toHaveLength(0);
    // Deleted from its own page: back to the list, not to the page that is gone.
    const gone = await t.post(`${base()}/ideas/${id}/delete`, cookie, { _csrf: csrf, back: `${base()}/ideas/${id}` });
    expect(gone.location).toBe(`${base()}?done=deleted`);
    expect((await t.page(`${base()}/ideas/${id}`, cookie)).status).toBe(404);
  });

  it('pages an idea’s comments over the API cursor', async () => {
    const id = await submitIdea('Chatty');
    for (let i = 0; i < 101; i++) expect((await ownerApi(t, app.slug).reply(id, { body: `note ${i}` })).statusCode).toBe(201);
    const first = await t.page(`${base()}/ideas/${id}`, cookie);
    const notes = (html: string) => [...html.matchAll(/<p class="idea-body">(note \d+)<\/p>/g)].map((m) => m[1]);
    expect(notes(first.body)).toHaveLength(100);
    const next = /href="([^"]+)" rel="next">Later comments/.exec(first.body)?.[1].replace(/&amp;/g, '&');
    const second = await t.page(next!, cookie);
    expect(notes(second.body)).toEqual(['note 100']);
    expect(second.body).toContain('← First comments');
    expect((await t.page(`${base()}/ideas/${id}?cursor=bogus`, cookie)).status).toBe(400);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const id = await submitIdea('Themes');
    const before = await idea(id);
    const bad = await t.post(`${base()}/ideas/${id}/status`, cookie, { _csrf: csrf, status: 'shipped' });
    expect(bad.status).toBe(422);
    expect(bad.body).toContain('Request failed');
    expect((await t.post(`${base()}/ideas/${id}/pin`, cookie, { _csrf: csrf, pinned: 'maybe' })).status).toBe(422);
    expect((await t.post(`${base()}/ideas/${id}/status`, cookie, { _csrf: csrf })).status).toBe(422);
    const empty = await t.post(`${base()}/ideas/${id}/comments`, cookie, { _csrf: csrf, body: '   ', official: 'true' });
    expect(empty.status).toBe(422);
    expect(empty.body).toContain('Reply not posted');
    const long = await t.post(`${base()}/ideas/${id}/comments`, cookie, { _csrf: csrf, body: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body).toContain('x'.repeat(2001)); // what was typed stays in the form
    expect((await t.page(`${base()}?status=shipped`, cookie)).status).toBe(400);
    expect((await t.page(`${base()}?status=open&cursor=nonsense`, cookie)).status).toBe(400);
    // Without the CSRF token: refused.
    expect((await t.post(`${base()}/ideas/${id}/delete`, cookie, {})).status).toBe(403);
    // A return address elsewhere is ignored.
    const away = await t.post(`${base()}/ideas/${id}/pin`, cookie, { _csrf: csrf, pinned: 'false', back: 'https://evil.example/' });
    expect(away.location).toBe(`${base()}?status=pending&done=unpinned`);
    expect(await idea(id)).toEqual(before);
    expect((await ownerApi(t, app.slug).comments(id)).json().comments).toHaveLength(0);
    expect((await t.post(`${base()}/ideas/nope/status`, cookie, { _csrf: csrf, status: 'open' })).status).toBe(404);
    expect((await t.page(`${base()}/ideas/nope`, cookie)).status).toBe(404);
  });

  it('another account’s app and ideas are not found, and nothing changes', async () => {
    const other = await t.otherAccount();
    const theirs = await t.createApp({ name: 'Their Board', slug: 'their-board' }, other.auth);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/apps/their-board/flows/wishlist', headers: other.auth, payload: goodWishlist() })).statusCode).toBe(200);
    const made = await ownerApi(t, 'their-board', other.auth).create({ title: 'Theirs', status: 'pending' });
    const theirIdea = made.json().idea.id as string;
    expect((await t.page(`/admin/apps/${theirs.slug}/wishlist`, cookie)).status).toBe(404);
    expect((await t.page(`/admin/apps/${theirs.id}/wishlist/ideas/${theirIdea}`, cookie)).status).toBe(404);
    expect((await t.post(`/admin/apps/${theirs.id}/wishlist/ideas/${theirIdea}/status`, cookie, { _csrf: csrf, status: 'open' })).status).toBe(404);
    expect((await t.post(`/admin/apps/${theirs.id}/wishlist/ideas/${theirIdea}/delete`, cookie, { _csrf: csrf })).status).toBe(404);
    // Their idea through our app: not found either.
    expect((await t.post(`${base()}/ideas/${theirIdea}/delete`, cookie, { _csrf: csrf })).status).toBe(404);
    expect((await t.post(`/admin/apps/${theirs.id}/wishlist/preview`, cookie, { _csrf: csrf })).status).toBe(404);
    const still = (await ownerApi(t, 'their-board', other.auth).list()).json().ideas;
    expect(still.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[theirIdea, 'pending']]);
  });

  it('opens the draft board through a preview link', async () => {
    const r = await t.post(`${base()}/preview`, cookie, { _csrf: csrf });
    expect(r.status).toBe(303);
    expect(r.location).toMatch(new RegExp(`^${t.config.webUrl}/wishlist/${app.slug}\\?p=`));
    const board = await t.app.inject({ url: r.location!.slice(t.config.webUrl.length) });
    expect(board.statusCode).toBe(200);
  });

  it('getWishlistIdea: one idea of any status over REST, in OpenAPI and as an MCP tool', async () => {
    const id = await submitIdea('Single');
    const r = await t.app.inject({ url: `/api/v1/apps/${app.slug}/wishlist/ideas/${id}`, headers: t.auth });
    expect(r.statusCode).toBe(200);
    expect(r.json().idea).toMatchObject({ id, title: 'Single', status: 'pending', pinned: false });
    expect((await t.app.inject({ url: `/api/v1/apps/${app.slug}/wishlist/ideas/nope`, headers: t.auth })).statusCode).toBe(404);
    const other = await t.otherAccount();
    expect((await t.app.inject({ url: `/api/v1/apps/${app.id}/wishlist/ideas/${id}`, headers: other.auth })).statusCode).toBe(404);
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/apps/{idOrSlug}/wishlist/ideas/{ideaId}'].get.operationId).toBe('getWishlistIdea');
    const client = await connectMcp(t);
    try {
      expect(toolJson(await client.callTool({ name: 'get_wishlist_idea', arguments: { appIdOrSlug: app.slug, ideaId: id } })).idea.id).toBe(id);
    } finally {
      await client.close();
    }
  });

  it('migration 0122 fills ideas and votes per day from the rows', async () => {
    const before = await ideasCounter();
    await t.db.db.deleteFrom('daily_counts').where('metric', 'in', ['wishlist.ideas', 'wishlist.votes']).execute();
    await t.db.db.deleteFrom('daily_counts').where('metric', 'like', 'waitlist.%:%').execute();
    await dashboardBoardsMigrations['0122_dashboard_boards'].up(t.db.db as never);
    const [ideas, votes] = await ideasCounter();
    // Rows still stored: deleted ideas and taken-back votes cannot be counted again.
    const rows = await t.db.db.selectFrom('wishlist_ideas').select('id').where('app_id', '=', app.id).execute();
    expect(ideas).toBe(rows.length);
    expect(ideas).toBeLessThan(before[0]);
    expect(votes).toBe(2);
  });
});
