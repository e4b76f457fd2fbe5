import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxEvents } from '../../events.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { expectNothingPrivate, listenToEverything, rawOutbox } from '../listen.fixtures.js';
import { ownerApi, publicApi, publishedBoard } from './wishlist.fixtures.js';

const IP = '192.0.2.44';

describeEachDb('wishlist events', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  let ideaId: string;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000000' } });
    app = await publishedBoard(t);
    await listenToEverything(t, app.id);
  });
  afterAll(() => t.close());

  const events = async (type: string) => (await outboxEvents(t.db, t.app.services.events, type)).filter((e) => e.appId === app.id);
  const counts = async () => Object.fromEntries(await Promise.all(['wishlist.idea.submitted', 'wishlist.idea.status_changed', 'wishlist.comment.created'].map(async (type) => [type, (await events(type)).length])));
  const ownerGet = async (id: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/wishlist/ideas/${id}`, headers: t.auth });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().idea;
  };
  const def = (type: string) => t.app.services.events.catalog.get(type)!;
  const pub = () => publicApi(t, app.slug);
  const own = () => ownerApi(t, app.slug);

  it('wishlist.idea.submitted: an end user suggests an idea (awaiting review)', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/public/wishlist/submit',
      headers: { 'content-type': 'application/json' },
      payload: { appSlug: app.slug, title: 'Dark mode', body: 'Please', displayName: 'Ana', email: 'ana@example.com', anonId: 'A'.repeat(32), source: 'sdk' },
      remoteAddress: IP,
    });
    expect(r.statusCode, r.body).toBe(200);
    ideaId = r.json().idea.id;
    const [e, ...more] = await events('wishlist.idea.submitted');
    expect(more).toEqual([]);
    const { app: slug, flow, ...idea } = e.data;
    expect(slug).toBe(app.slug);
    expect(flow).toEqual({ slug: 'wishlist', version: 1 });
    expect(idea).toEqual(await ownerGet(ideaId));
    expect(idea).toMatchObject({ status: 'pending', email: 'ana@example.com', author: 'Ana' });
    expect(def('wishlist.idea.submitted').summary(e.data)).toBe('New idea to review: "Dark mode" by Ana');
    expect(def('wishlist.idea.submitted').dashboardPath!(e.data)).toBe(`wishlist/ideas/${ideaId}`);
  });

  it('wishlist.idea.status_changed: each status change the owner makes, with from and to; not a pin or the same status', async () => {
    const r = await own().patch(ideaId, { status: 'open' });
    expect(r.statusCode, r.body).toBe(200);
    const [e, ...more] = await events('wishlist.idea.status_changed');
    expect(more).toEqual([]);
    const { app: slug, flow, from, to, ...idea } = e.data;
    expect({ slug, flow, from, to }).toEqual({ slug: app.slug, flow: { slug: 'wishlist', version: null }, from: 'pending', to: 'open' });
    expect(idea).toEqual(r.json().idea);
    expect(def('wishlist.idea.status_changed').summary(e.data)).toBe('Idea "Dark mode": pending → open');

    expect((await own().patch(ideaId, { pinned: true })).statusCode).toBe(200);
    expect((await own().patch(ideaId, { status: 'open' })).statusCode).toBe(200);
    expect(await events('wishlist.idea.status_changed')).toHaveLength(1);
    const planned = await own().patch(ideaId, { status: 'planned', pinned: false });
    const changes = await events('wishlist.idea.status_changed');
    expect(changes).toHaveLength(2);
    expect(changes[1].data).toMatchObject({ from: 'open', to: 'planned', status: 'planned', pinned: false, updatedAt: planned.json().idea.updatedAt });
  });

  it('wishlist.comment.created: an end user comments, the owner replies', async () => {
    const c = await pub().comment({ ideaId, body: 'Yes please, my eyes hurt at night', displayName: 'Bo', anonId: 'B'.repeat(32) });
    expect(c.statusCode, c.body).toBe(200);
    const reply = await own().reply(ideaId, { body: 'Planned for May', official: true });
    expect(reply.statusCode, reply.body).toBe(201);
    const [e1, e2, ...more] = await events('wishlist.comment.created');
    expect(more).toEqual([]);
    const listed = (await own().comments(ideaId)).json().comments;
    const strip = ({ app: _a, flow: _f, idea: _i, ...comment }: Record<string, unknown>) => comment;
    expect(strip(e1.data)).toEqual(c.json().comment);
    expect(strip(e2.data)).toEqual(reply.json().comment);
    expect([strip(e1.data), strip(e2.data)]).toEqual(listed);
    expect(e1.data).toMatchObject({ app: app.slug, flow: { slug: 'wishlist', version: 1 }, idea: { id: ideaId, title: 'Dark mode' }, isOwner: false });
    expect(e2.data).toMatchObject({ flow: { slug: 'wishlist', version: null }, isOwner: true, isOfficial: true, author: 'Team' });
    expect(def('wishlist.comment.created').summary(e1.data)).toBe('New comment on "Dark mode" by Bo: "Yes please, my eyes hurt at night"');
    expect(def('wishlist.comment.created').dashboardPath!(e1.data)).toBe(`wishlist/ideas/${ideaId}`);
  });

  it('an idea the owner adds is submitted too (source owner); votes send nothing', async () => {
    const r = await own().create({ title: 'Widgets', status: 'planned' });
    expect(r.statusCode, r.body).toBe(201);
    const all = await events('wishlist.idea.submitted');
    expect(all).toHaveLength(2);
    const { app: _a, flow, ...idea } = all[1].data;
    expect(flow).toEqual({ slug: 'wishlist', version: null });
    expect(idea).toEqual(r.json().idea);
    expect(idea).toMatchObject({ source: 'owner', status: 'planned', author: 'Team' });
    expect((await pub().vote({ ideaId, anonId: 'C'.repeat(32) })).statusCode).toBe(200);
    expect(await counts()).toEqual({ 'wishlist.idea.submitted': 2, 'wishlist.idea.status_changed': 2, 'wishlist.comment.created': 2 });
  });

  it('nothing for rejected writes', async () => {
    expect((await pub().submit({ title: '' })).statusCode).toBe(422);
    expect((await pub().submit({ title: 'x', category: 'nope' })).statusCode).toBe(422);
    const pending = (await pub().submit({ title: 'Hidden', anonId: 'E'.repeat(32) })).json().idea.id;
    expect((await pub().comment({ ideaId: pending, body: 'hi' })).statusCode).toBe(404);
    expect((await pub().comment({ ideaId: 'nope', body: 'hi' })).statusCode).toBe(404);
    expect((await pub().comment({ ideaId, body: '' })).statusCode).toBe(422);
    expect((await own().patch('nope', { status: 'done' })).statusCode).toBe(404);
    expect((await own().patch(ideaId, { status: 'nope' })).statusCode).toBe(422);
    expect((await own().reply('nope', { body: 'x', official: false })).statusCode).toBe(404);
    expect((await publicApi(t, 'no-such-app').submit({ title: 'x' })).statusCode).toBe(404);
    expect(await counts()).toEqual({ 'wishlist.idea.submitted': 3, 'wishlist.idea.status_changed': 2, 'wishlist.comment.created': 2 });
  });

  it('concurrent comments: one event each', async () => {
    const rs = await Promise.all(Array.from({ length: 15 }, (_, i) => pub().comment({ ideaId, body: `me too ${i}`, anonId: `${i}`.padStart(32, 'F') })));
    expect(rs.every((r) => r.statusCode === 200)).toBe(true);
    const ids = (await events('wishlist.comment.created')).map((e) => e.data.id);
    expect(ids).toHaveLength(17);
    expect(new Set(ids)).toEqual(new Set([...rs.map((r) => r.json().comment.id), ...(await own().comments(ideaId)).json().comments.slice(0, 2).map((c: { id: string }) => c.id)]));
  });

  it('no raw IP, voter key, email hash or secret in what is stored', async () => {
    expect(await expectNothingPrivate(t, app.id, IP)).toBe(22);
    const keys = await t.db.db.selectFrom('wishlist_ideas').select(['voter_key', 'email_hash']).where('app_id', '=', app.id).execute();
    for (const r of await rawOutbox(t, app.id)) for (const k of keys) for (const v of [k.voter_key, k.email_hash]) if (v) expect(r.data_json).not.toContain(v);
  });

  it('an app nobody listens to writes no outbox row', async () => {
    const quiet = await publishedBoard(t, undefined, 'Quiet board');
    await t.app.services.events.refresh();
    const q = publicApi(t, quiet.slug);
    const id = (await q.submit({ title: 'Quiet idea' })).json().idea.id;
    expect((await ownerApi(t, quiet.slug).patch(id, { status: 'open' })).statusCode).toBe(200);
    expect((await q.comment({ ideaId: id, body: 'hi' })).statusCode).toBe(200);
    expect((await ownerApi(t, quiet.slug).create({ title: 'Owner idea', status: 'open' })).statusCode).toBe(201);
    expect(await rawOutbox(t, quiet.id)).toEqual([]);
  });
});
