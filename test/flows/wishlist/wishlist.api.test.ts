import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageToken } from '../../form-token.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { expectSdkComment, expectSdkIdea, goodWishlist, ownerApi, publicApi, publishedBoard, putAndPublish } from './wishlist.fixtures.js';

const HIGH_LIMIT = { PUBLIC_RATE_LIMIT: '1000000' };

describeEachDb('wishlist API', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: HIGH_LIMIT });
  });
  afterAll(() => t.close());

  describe('config', () => {
    it('validates, warns sensibly and publishes like every flow', async () => {
      const app = await t.createApp({ name: 'Config App' });
      const url = `/api/v1/apps/${app.slug}/flows/wishlist`;
      const bad = await t.app.inject({ method: 'PUT', url, headers: t.auth, payload: goodWishlist({ categories: [{ id: 'Bad Id', label: 'x' }] }) });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().issues[0].path).toBe('/categories/0/id');
      const ok = await t.app.inject({ method: 'PUT', url, headers: t.auth, payload: goodWishlist() });
      expect(ok.json()).toEqual({ ok: true, warnings: [], flowSlug: 'wishlist', created: true });
      const warn = await t.app.inject({ method: 'PUT', url, headers: t.auth, payload: goodWishlist({ identity: { mode: 'anonymous', requireEmailToVote: true } }) });
      expect(warn.json().warnings.map((w: { code: string }) => w.code)).toEqual(['email_requirements_ignored']);
      // Not published yet: the public board is a 404 with a JSON error.
      const list = await publicApi(t, app.slug).list();
      expect(list.statusCode).toBe(404);
      expect(list.json().error).toBeTypeOf('string');
      await putAndPublish(t, app.slug, goodWishlist());
      expect((await publicApi(t, app.slug).list()).statusCode).toBe(200);
    });

    it('unknown app slug is 404', async () => {
      expect((await publicApi(t, 'no-such-app').list()).statusCode).toBe(404);
    });

    it('accepts what WIRE A.2 documents: category hints, a success button (both or neither), hero.titleFont', async () => {
      const app = await t.createApp({ name: 'Wire Wishlist' });
      const url = `/api/v1/apps/${app.slug}/flows/wishlist`;
      const wire = goodWishlist({
        categories: [{ id: 'feature', label: 'Feature', emoji: '✨', hint: 'Something new the app should do' }],
        success: { title: 'Thanks!', body: 'We read every idea.', ctaLabel: 'See the roadmap', ctaUrl: 'https://example.com/roadmap' },
        hero: { theme: 'dark', accentColor: '#0f766e', titleFont: 'serif' },
      });
      const ok = await t.app.inject({ method: 'PUT', url, headers: t.auth, payload: wire });
      expect(ok.statusCode, ok.body).toBe(200);
      const half = await t.app.inject({ method: 'PUT', url, headers: t.auth, payload: { ...wire, success: { title: 'T', body: 'B', ctaLabel: 'Go' } } });
      expect(half.statusCode).toBe(422);
      expect(half.json().issues.map((i: { path: string }) => i.path)).toContain('/success/ctaUrl');
      await putAndPublish(t, app.slug, wire);
      // The no-JavaScript submit lands on the success page with the owner's button.
      const _token = await pageToken(t, `/wishlist/${app.slug}`);
      const done = await t.app.inject({ method: 'POST', url: `/wishlist/${app.slug}/submit`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _token, title: 'Widgets' }).toString() });
      expect(done.statusCode, done.body.slice(0, 300)).toBe(200);
      expect(done.body).toContain('href="https://example.com/roadmap"');
      expect(done.body).toContain('See the roadmap');
    });
  });

  describe('submit, moderation and the SDK shapes', () => {
    let slug: string;
    let p: ReturnType<typeof publicApi>;
    let o: ReturnType<typeof ownerApi>;
    beforeAll(async () => {
      slug = (await publishedBoard(t, goodWishlist(), 'Moderated')).slug;
      p = publicApi(t, slug);
      o = ownerApi(t, slug);
    });

    it('lands pending, is never listed publicly, and appears after approval', async () => {
      const r = await p.submit({ title: 'Dark mode', body: 'Please', anonId: 'A'.repeat(32) });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body).toMatchObject({ ok: true, pending: true, idea: { title: 'Dark mode', status: 'pending', author: 'Anonymous', voteCount: 0, hasVoted: false, pinned: false } });
      expectSdkIdea(body.idea);
      expect(body.idea).not.toHaveProperty('category'); // omitted, not null
      const id = body.idea.id;

      for (const status of [undefined, 'open']) {
        const list = (await p.list(status ? { status } : {})).json();
        expect(list.items.map((i: { id: string }) => i.id)).not.toContain(id);
      }
      expect((await p.list({ status: 'pending' })).json()).toEqual({ items: [], ideas: [], nextCursor: null });
      expect((await p.list({ status: 'shipped' })).statusCode).toBe(400);
      expect((await p.vote({ ideaId: id, anonId: 'B'.repeat(32) })).statusCode).toBe(404);
      expect((await p.comments(id)).statusCode).toBe(404);
      expect((await p.comment({ ideaId: id, body: 'hi' })).statusCode).toBe(404);

      const owner = (await o.list({ status: 'pending' })).json();
      expect(owner.ideas.map((i: { id: string }) => i.id)).toContain(id);
      expect((await o.patch(id, { status: 'open' })).json().idea.status).toBe('open');

      const list = (await p.list()).json();
      expect(Object.keys(list).sort()).toEqual(['ideas', 'items', 'nextCursor']);
      expect(list.ideas).toEqual(list.items);
      expect(list.nextCursor).toBeNull();
      expect(list.items.map((i: { id: string }) => i.id)).toContain(id);
      list.ideas.forEach(expectSdkIdea);
    });

    it('keeps the author name, category and source; rejects unknown categories and bad bodies', async () => {
      const r = await p.submit({ title: 'Widgets', category: 'feature', displayName: 'Ana', userId: 'u-1' });
      expect(r.json().idea).toMatchObject({ author: 'Ana', category: 'feature' });
      expect((await p.submit({ title: 'x', category: 'nope' })).statusCode).toBe(422);
      expect((await p.submit({ title: '' })).statusCode).toBe(422);
      expect((await p.submit({ title: 'x'.repeat(121) })).statusCode).toBe(422);
      const row = (await o.list()).json().ideas.find((i: { id: string }) => i.id === r.json().idea.id);
      expect(row).toMatchObject({ source: 'sdk', author: 'Ana', category: 'feature', status: 'pending', email: null });
    });

    it('autoApprove skips the queue', async () => {
      const s = (await publishedBoard(t, goodWishlist({ moderation: { autoApprove: true } }), 'Auto')).slug;
      const r = await publicApi(t, s).submit({ title: 'Instant' });
      expect(r.json()).toMatchObject({ ok: true, pending: false, idea: { status: 'open' } });
      expect((await publicApi(t, s).list()).json().ideas.map((i: { title: string }) => i.title)).toEqual(['Instant']);
    });
  });

  describe('votes', () => {
    let slug: string;
    let p: ReturnType<typeof publicApi>;
    let o: ReturnType<typeof ownerApi>;
    let ideaId: string;
    beforeAll(async () => {
      slug = (await publishedBoard(t, goodWishlist(), 'Votes')).slug;
      p = publicApi(t, slug);
      o = ownerApi(t, slug);
      ideaId = (await o.create({ title: 'Sync' })).json().idea.id;
    });

    it('vote and unvote are idempotent and report the fresh count', async () => {
      const anonId = 'C'.repeat(32);
      expect((await p.vote({ ideaId, anonId })).json()).toEqual({ ok: true, voted: true, voteCount: 1 });
      expect((await p.vote({ ideaId, anonId })).json()).toEqual({ ok: true, voted: true, voteCount: 1 });
      expect((await p.vote({ ideaId, userId: 'user-7' })).json()).toEqual({ ok: true, voted: true, voteCount: 2 });
      // anonymousId is accepted as an alias of anonId
      expect((await p.vote({ ideaId, anonymousId: anonId })).json().voteCount).toBe(2);

      const mine = (await p.list({ anonId })).json().ideas.find((i: { id: string }) => i.id === ideaId);
      expect(mine).toMatchObject({ hasVoted: true, voteCount: 2 });
      expect((await p.list({ userId: 'someone-else' })).json().ideas[0].hasVoted).toBe(false);

      expect((await p.unvote({ ideaId, anonId })).json()).toEqual({ ok: true, voted: false, voteCount: 1 });
      expect((await p.unvote({ ideaId, anonId })).json()).toEqual({ ok: true, voted: false, voteCount: 1 });
      expect((await p.unvote({ ideaId, userId: 'user-7' })).json()).toEqual({ ok: true, voted: false, voteCount: 0 });
      expect((await p.list({ anonId })).json().ideas[0]).toMatchObject({ hasVoted: false, voteCount: 0 });
    });

    it('unknown idea and another app’s idea are 404', async () => {
      expect((await p.vote({ ideaId: 'nope', userId: 'u' })).statusCode).toBe(404);
      const other = await publishedBoard(t, goodWishlist(), 'Votes Other');
      expect((await publicApi(t, other.slug).vote({ ideaId, userId: 'u' })).statusCode).toBe(404);
    });

    it('fifty concurrent identical votes give exactly one vote, fifty unvotes none', async () => {
      const id = (await o.create({ title: 'Race' })).json().idea.id;
      const votes = await Promise.all(Array.from({ length: 50 }, () => p.vote({ ideaId: id, userId: 'racer' })));
      expect(votes.every((r) => r.statusCode === 200 && r.json().voted === true)).toBe(true);
      expect(await counts(id)).toEqual({ voteCount: 1, rows: 1 });
      await Promise.all(Array.from({ length: 50 }, () => p.unvote({ ideaId: id, userId: 'racer' })));
      expect(await counts(id)).toEqual({ voteCount: 0, rows: 0 });
    });

    it('many concurrent voters voting and unvoting keep vote_count equal to the vote rows', async () => {
      const ids = await Promise.all([1, 2, 3].map(async (n) => (await o.create({ title: `Hot ${n}` })).json().idea.id as string));
      const ops = [];
      for (let v = 0; v < 60; v++) {
        for (const id of ids) {
          ops.push(p.vote({ ideaId: id, userId: `voter-${v}` }));
          if (v % 3 === 0) ops.push(p.unvote({ ideaId: id, userId: `voter-${v}` }));
          ops.push(p.vote({ ideaId: id, userId: `voter-${v}` }));
        }
      }
      const res = await Promise.all(ops);
      expect(res.every((r) => r.statusCode === 200)).toBe(true);
      for (const id of ids) {
        const c = await counts(id);
        expect(c.voteCount).toBe(c.rows);
      }
    });

    async function counts(id: string) {
      const idea = await t.db.db.selectFrom('wishlist_ideas').select('vote_count').where('id', '=', id).executeTakeFirstOrThrow();
      const rows = await t.db.db.selectFrom('wishlist_votes').select((eb) => eb.fn.countAll<number>().as('n')).where('idea_id', '=', id).executeTakeFirstOrThrow();
      return { voteCount: idea.vote_count, rows: Number(rows.n) };
    }
  });

  describe('paging', () => {
    let slug: string;
    const all: { id: string; votes: number; pinned: boolean }[] = [];
    beforeAll(async () => {
      slug = (await publishedBoard(t, goodWishlist(), 'Paging')).slug;
      const o = ownerApi(t, slug);
      const p = publicApi(t, slug);
      for (let i = 0; i < 23; i++) {
        const idea = (await o.create({ title: `Idea ${i}`, category: i % 2 ? 'bug' : 'feature', pinned: i === 17 })).json().idea;
        const votes = i % 4; // many ties on purpose
        for (let v = 0; v < votes; v++) await p.vote({ ideaId: idea.id, userId: `pager-${v}` });
        all.push({ id: idea.id, votes, pinned: i === 17 });
      }
      await o.create({ title: 'Hidden', status: 'pending' });
    });

    for (const sort of ['votes', 'new'] as const) {
      it(`walks every page of sort=${sort} without duplicates or gaps`, async () => {
        const seen: any[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const r = await publicApi(t, slug).list({ sort, limit: 5, ...(cursor ? { cursor } : {}) });
          expect(r.statusCode).toBe(200);
          const body = r.json();
          seen.push(...body.ideas);
          cursor = body.nextCursor;
          pages++;
        } while (cursor);
        expect(pages).toBe(5);
        expect(seen.length).toBe(23);
        expect(new Set(seen.map((i) => i.id)).size).toBe(23);
        if (sort === 'votes') {
          expect(seen[0].pinned).toBe(true);
          const rest = seen.slice(1).map((i) => i.voteCount);
          expect(rest).toEqual([...rest].sort((a, b) => b - a));
        } else {
          const dates = seen.map((i) => i.createdAt);
          expect(dates).toEqual([...dates].sort().reverse());
        }
      });
    }

    it('filters by category and status; clamps the limit instead of failing', async () => {
      const bugs = (await publicApi(t, slug).list({ category: 'bug', limit: 100 })).json().ideas;
      expect(bugs.length).toBe(11);
      expect(bugs.every((i: { category: string }) => i.category === 'bug')).toBe(true);
      expect((await publicApi(t, slug).list({ status: 'done' })).json().ideas).toEqual([]);
      const big = await publicApi(t, slug).list({ limit: 1000 });
      expect(big.statusCode).toBe(200);
      expect(big.json().ideas.length).toBe(23);
      expect((await publicApi(t, slug).list({ limit: 0 })).json().ideas.length).toBe(1);
      expect((await publicApi(t, slug).list({ cursor: 'garbage' })).statusCode).toBe(400);
    });
  });

  describe('comments', () => {
    it('public comments and owner replies, oldest first; soft delete hides and uncounts', async () => {
      const slug = (await publishedBoard(t, goodWishlist(), 'Comments')).slug;
      const p = publicApi(t, slug);
      const o = ownerApi(t, slug);
      const ideaId = (await o.create({ title: 'Export' })).json().idea.id;
      const c1 = await p.comment({ ideaId, body: 'Yes please', displayName: 'Bo', anonId: 'D'.repeat(32) });
      expect(c1.statusCode).toBe(200);
      expect(c1.json()).toMatchObject({ ok: true, comment: { body: 'Yes please', author: 'Bo', isOwner: false, isOfficial: false } });
      expectSdkComment(c1.json().comment);
      const reply = await o.reply(ideaId, { body: 'On it', official: true });
      expect(reply.statusCode).toBe(201);
      expect(reply.json().comment).toMatchObject({ author: 'Team', isOwner: true, isOfficial: true });
      await o.reply(ideaId, { body: 'Note', official: false });

      const list = (await p.comments(ideaId)).json();
      expect(list.comments.map((c: { body: string }) => c.body)).toEqual(['Yes please', 'On it', 'Note']);
      expect(list.nextCursor).toBeNull();
      list.comments.forEach(expectSdkComment);
      expect((await p.list()).json().ideas[0].commentCount).toBe(3);

      const paged = (await p.comments(ideaId, { limit: '2' })).json();
      expect(paged.comments.length).toBe(2);
      const rest = (await p.comments(ideaId, { limit: '2', cursor: paged.nextCursor })).json();
      expect(rest.comments.map((c: { body: string }) => c.body)).toEqual(['Note']);

      expect((await o.deleteComment(c1.json().comment.id)).json()).toEqual({ deleted: true, id: c1.json().comment.id });
      expect((await o.deleteComment(c1.json().comment.id)).statusCode).toBe(404);
      expect((await o.comments(ideaId)).json().comments.map((c: { body: string }) => c.body)).toEqual(['On it', 'Note']);
      expect((await p.list()).json().ideas[0].commentCount).toBe(2);
      expect((await p.comment({ ideaId, body: '' })).statusCode).toBe(422);
    });
  });

  describe('lifecycle', () => {
    let o: ReturnType<typeof ownerApi>;
    let slug: string;
    beforeAll(async () => {
      slug = (await publishedBoard(t, goodWishlist(), 'Lifecycle')).slug;
      o = ownerApi(t, slug);
    });
    const make = async (status = 'pending') => (await o.create({ title: 'L', status })).json().idea.id as string;

    it('walks the spec’s path: pending → open → planned → in_progress → done', async () => {
      const id = await make();
      for (const s of ['open', 'planned', 'in_progress', 'done']) {
        const r = await o.patch(id, { status: s });
        expect(r.statusCode, `${s}: ${r.body}`).toBe(200);
        expect(r.json().idea.status).toBe(s);
      }
      expect((await o.patch(id, { status: 'in_progress' })).statusCode).toBe(200); // reopen
    });

    it('declines from open and later; declined can be reconsidered', async () => {
      for (const from of ['pending', 'open', 'planned', 'in_progress']) {
        const id = await make(from);
        expect((await o.patch(id, { status: 'declined' })).statusCode).toBe(200);
      }
      const id = await make('declined');
      expect((await o.patch(id, { status: 'open' })).statusCode).toBe(200);
    });

    it('allows any move, back to pending too: the idea leaves the board and comes back with its votes and comments', async () => {
      const moves: [string, string][] = [
        ['open', 'pending'],
        ['planned', 'pending'],
        ['done', 'declined'],
        ['done', 'open'],
        ['declined', 'done'],
        ['pending', 'done'],
      ];
      for (const [from, to] of moves) {
        const r = await o.patch(await make(from), { status: to });
        expect(r.statusCode, `${from}→${to}`).toBe(200);
        expect(r.json().idea.status).toBe(to);
      }
      const id = await make('open');
      const p = publicApi(t, slug);
      expect((await p.vote({ ideaId: id, userId: 'fan' })).json().voteCount).toBe(1);
      expect((await p.comment({ ideaId: id, userId: 'fan', body: 'Yes please' })).statusCode).toBeLessThan(300);
      expect((await o.patch(id, { status: 'pending' })).statusCode).toBe(200);
      expect((await p.list()).json().ideas.map((i: { id: string }) => i.id)).not.toContain(id);
      expect((await p.vote({ ideaId: id, userId: 'other' })).statusCode).toBe(404);
      expect((await o.patch(id, { status: 'planned' })).statusCode).toBe(200);
      const back = (await p.list()).json().ideas.find((i: { id: string }) => i.id === id);
      expect(back).toMatchObject({ status: 'planned', voteCount: 1, commentCount: 1 });
    });

    it('same status is a no-op; an empty or unknown patch is 422', async () => {
      const id = await make('planned');
      const same = await o.patch(id, { status: 'planned' });
      expect(same.statusCode).toBe(200);
      expect((await o.patch(id, { pinned: true })).json().idea.pinned).toBe(true);
      expect((await o.patch(id, {})).statusCode).toBe(422);
      expect((await o.patch(id, { status: 'shipped' })).statusCode).toBe(422);
    });
  });

  describe('delete', () => {
    it('removes the idea with every vote and comment', async () => {
      const slug = (await publishedBoard(t, goodWishlist(), 'Delete')).slug;
      const o = ownerApi(t, slug);
      const p = publicApi(t, slug);
      const id = (await o.create({ title: 'Doomed' })).json().idea.id;
      await Promise.all(Array.from({ length: 10 }, (_, i) => p.vote({ ideaId: id, userId: `d${i}` })));
      await p.comment({ ideaId: id, body: 'hi' });
      await o.reply(id, { body: 'bye', official: true });
      expect((await o.remove(id)).json()).toEqual({ deleted: true, id });
      expect((await o.remove(id)).statusCode).toBe(404);
      const votes = await t.db.db.selectFrom('wishlist_votes').selectAll().where('idea_id', '=', id).execute();
      const comments = await t.db.db.selectFrom('wishlist_comments').selectAll().where('idea_id', '=', id).execute();
      expect(votes).toEqual([]);
      expect(comments).toEqual([]);
      expect((await p.vote({ ideaId: id, userId: 'late' })).statusCode).toBe(404);
    });

    it('votes racing a delete get 200 or 404, never an error, and leave no rows behind', async () => {
      const slug = (await publishedBoard(t, goodWishlist(), 'Delete Race')).slug;
      const o = ownerApi(t, slug);
      const p = publicApi(t, slug);
      const id = (await o.create({ title: 'Racing' })).json().idea.id;
      const votes = Array.from({ length: 30 }, (_, i) => p.vote({ ideaId: id, userId: `r${i}` }));
      const [del, ...rest] = await Promise.all([o.remove(id), ...votes]);
      expect(del.statusCode).toBe(200);
      expect(rest.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
      expect(await t.db.db.selectFrom('wishlist_votes').selectAll().where('idea_id', '=', id).execute()).toEqual([]);
    });
  });

  describe('owner tools', () => {
    it('CSV export has the documented columns and defuses formulas', async () => {
      const slug = (await publishedBoard(t, goodWishlist({ moderation: { autoApprove: true } }), 'Csv')).slug;
      await publicApi(t, slug).submit({ title: '=HYPERLINK("http://evil")', body: '+1 please', email: 'fan@example.com', category: 'bug' });
      const r = await ownerApi(t, slug).csv();
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/csv/);
      const lines = r.body.trim().split('\n');
      expect(lines[0]).toBe('created_at,status,title,votes,comments,category,email,author,country,body');
      expect(lines[1]).toContain(`,"open","'=HYPERLINK(""http://evil"")","0","0","bug","fan@example.com",`);
      expect(lines[1]).toMatch(/^"[^"]+","open",.*,"'\+1 please"$/);
    });

    it('owner-created ideas default to open and are public', async () => {
      const slug = (await publishedBoard(t, goodWishlist(), 'Owner Create')).slug;
      const r = await ownerApi(t, slug).create({ title: 'Roadmap item', category: 'feature' });
      expect(r.statusCode).toBe(201);
      expect(r.json().idea).toMatchObject({ status: 'open', author: 'Team', source: 'owner' });
      expect((await ownerApi(t, slug).create({ title: 'x', category: 'nope' })).statusCode).toBe(422);
      expect((await publicApi(t, slug).list()).json().ideas[0].title).toBe('Roadmap item');
    });

    it('another account’s token gets 404 on every owner endpoint', async () => {
      const slug = (await publishedBoard(t, goodWishlist(), 'Isolated')).slug;
      const id = (await ownerApi(t, slug).create({ title: 'Mine' })).json().idea.id;
      const commentId = (await ownerApi(t, slug).reply(id, { body: 'x', official: false })).json().comment.id;
      const other = await t.otherAccount();
      const o = ownerApi(t, slug, other.auth);
      for (const r of [
        await o.list(),
        await o.create({ title: 'x' }),
        await o.patch(id, { status: 'planned' }),
        await o.remove(id),
        await o.reply(id, { body: 'x', official: true }),
        await o.comments(id),
        await o.deleteComment(commentId),
        await o.csv(),
        await o.previewToken(),
      ]) {
        expect(r.statusCode).toBe(404);
      }
      // and the other account's own app cannot reach this idea by id either
      const theirs = await t.createApp({ name: 'Theirs' }, other.auth);
      await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${theirs.slug}/flows/wishlist`, headers: other.auth, payload: goodWishlist() });
      expect((await ownerApi(t, theirs.slug, other.auth).patch(id, { status: 'planned' })).statusCode).toBe(404);
      expect((await ownerApi(t, theirs.slug, other.auth).deleteComment(commentId)).statusCode).toBe(404);
      expect((await ownerApi(t, slug).list()).json().ideas[0]).toMatchObject({ id, status: 'open' });
      expect(await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/wishlist/ideas` }).then((r) => r.statusCode)).toBe(401);
    });
  });

  describe('email mode', () => {
    it('requires an email per switch, and dedupes by the email', async () => {
      const slug = (
        await publishedBoard(
          t,
          goodWishlist({ identity: { mode: 'email', requireEmailToVote: true, requireEmailToComment: true }, moderation: { autoApprove: true } }),
          'Email Mode',
        )
      ).slug;
      const p = publicApi(t, slug);
      const idea = (await p.submit({ title: 'No email needed to submit' })).json().idea;
      const noEmail = await p.vote({ ideaId: idea.id, anonId: 'E'.repeat(32) });
      expect(noEmail.statusCode).toBe(422);
      expect(noEmail.json()).toMatchObject({ error: 'email required', reason: 'email_required', action: 'vote' });
      expect((await p.comment({ ideaId: idea.id, body: 'hi' })).statusCode).toBe(422);

      expect((await p.vote({ ideaId: idea.id, email: 'Voter@Example.com', anonId: 'E'.repeat(32) })).json().voteCount).toBe(1);
      // Same person, other device, other case: still one vote.
      expect((await p.vote({ ideaId: idea.id, email: 'VOTER@example.COM', anonId: 'F'.repeat(32) })).json().voteCount).toBe(1);
      expect((await p.vote({ ideaId: idea.id, email: 'other@example.com' })).json().voteCount).toBe(2);
      expect((await p.comment({ ideaId: idea.id, body: 'hi', email: 'voter@example.com' })).statusCode).toBe(200);

      const submitSlug = (await publishedBoard(t, goodWishlist({ identity: { mode: 'email', requireEmailToSubmit: true } }), 'Email Submit')).slug;
      expect((await publicApi(t, submitSlug).submit({ title: 'x' })).statusCode).toBe(422);
      expect((await publicApi(t, submitSlug).submit({ title: 'x', email: 'a@b.co' })).statusCode).toBe(200);
    });
  });

  describe('preview tokens', () => {
    it('are signed, app-bound and expire', async () => {
      let now = new Date('2026-01-01T00:00:00Z');
      const t2 = await testApp(dialect, { env: HIGH_LIMIT, clock: { now: () => now } });
      try {
        const app = await t2.createApp({ name: 'Preview' });
        const o = ownerApi(t2, app.slug);
        expect((await o.previewToken()).statusCode).toBe(404); // nothing to preview yet
        await t2.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/flows/wishlist`, headers: t2.auth, payload: goodWishlist() });
        const r = await o.previewToken();
        expect(r.statusCode).toBe(200);
        const { token, url, embedUrl, expiresAt } = r.json();
        expect(expiresAt).toBe('2026-01-02T00:00:00.000Z');
        expect(url).toBe(`http://web.test/wishlist/${app.slug}?p=${encodeURIComponent(token)}`);
        expect(embedUrl).toContain(`/embed/wishlist/${app.slug}?p=`);
        const w = t2.app.services.wishlist;
        expect((await w.board(app.slug, token)).preview).toBe(true);
        await expect(w.board(app.slug)).rejects.toMatchObject({ status: 404 }); // not published
        await expect(w.board(app.slug, token.slice(0, -2) + (token.endsWith('aa') ? 'bb' : 'aa'))).rejects.toMatchObject({ status: 404 });
        const other = await t2.createApp({ name: 'Preview Two' });
        await t2.app.inject({ method: 'PUT', url: `/api/v1/apps/${other.slug}/flows/wishlist`, headers: t2.auth, payload: goodWishlist() });
        await expect(w.board(other.slug, token)).rejects.toMatchObject({ status: 404 }); // bound to its app
        const short = (await o.previewToken({ expiresInHours: 1 })).json();
        now = new Date('2026-01-01T01:00:01Z');
        await expect(w.board(app.slug, short.token)).rejects.toMatchObject({ status: 404 });
        expect((await w.board(app.slug, token)).preview).toBe(true);
      } finally {
        await t2.close();
      }
    });
  });
});

describe('wishlist rate limits', () => {
  it('public writes are limited per client', async () => {
    const t = await testApp('sqlite');
    try {
      const slug = (await publishedBoard(t, goodWishlist(), 'Limited')).slug;
      const codes = [];
      for (let i = 0; i < 22; i++) codes.push((await publicApi(t, slug).submit({ title: `Spam ${i}` })).statusCode);
      expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
      expect(codes.slice(20)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  });
});
