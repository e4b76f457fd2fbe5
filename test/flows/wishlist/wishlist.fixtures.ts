import type { TestApp } from '../../helpers.js';

export const goodWishlist = (over: Record<string, unknown> = {}) => ({
  type: 'wishlist',
  intro: { title: 'What should we build next?', subtitle: 'Vote for the ideas you want most.', submitLabel: 'Suggest an idea' },
  categories: [
    { id: 'feature', label: 'Feature', emoji: '✨' },
    { id: 'bug', label: 'Bug' },
  ],
  statusLabels: { in_progress: 'Building now' },
  success: { title: 'Thanks!', body: 'We read every idea.' },
  hero: { eyebrow: 'Roadmap', accentColor: '#0f766e' },
  ...over,
});

/** Creates an app, PUTs the config and publishes it. */
/** Ideas of every status, category and vote count, for the browser tests' boards to show (key: a name for the test). */
export const BOARD_IDEAS: { key: string; title: string; body?: string; category?: string; status: string; votes: number }[] = [
  { key: 'widgets', title: 'Home screen widgets', body: 'Show today’s tasks on the home screen without opening the app.', category: 'feature', status: 'planned', votes: 12 },
  { key: 'sync', title: 'Sync with Apple Calendar', body: 'Two-way sync so events show up everywhere.', category: 'feature', status: 'in_progress', votes: 8 },
  { key: 'dark', title: 'Dark mode', category: 'feature', status: 'done', votes: 21 },
  { key: 'crash', title: 'Crash when rotating the iPad', body: 'Happens on the week view.', category: 'bug', status: 'open', votes: 3 },
  { key: 'fax', title: 'Export to fax', status: 'declined', votes: 0 },
];

export async function publishedBoard(t: TestApp, config: Record<string, unknown> = goodWishlist(), name = 'Board App') {
  const app = await t.createApp({ name });
  await putAndPublish(t, app.slug, config);
  return app;
}

export async function putAndPublish(t: TestApp, slug: string, config: Record<string, unknown>) {
  const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/wishlist`, headers: t.auth, payload: config });
  if (put.statusCode !== 200) throw new Error(`PUT wishlist: ${put.statusCode} ${put.body}`);
  const pub = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/flows/wishlist/publish`, headers: { authorization: t.auth.authorization } });
  if (pub.statusCode !== 200) throw new Error(`publish wishlist: ${pub.statusCode} ${pub.body}`);
}

/** Thin wrappers over the public API, shaped like the iOS SDK's calls. */
export function publicApi(t: TestApp, appSlug: string) {
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  return {
    list: (q: Record<string, string | number> = {}) => t.app.inject({ method: 'GET', url: '/api/public/wishlist/list', query: { appSlug, sort: 'votes', ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) } }),
    submit: (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/public/wishlist/submit', headers: json, payload: { appSlug, source: 'sdk', ...body } }),
    vote: (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/public/wishlist/vote', headers: json, payload: { appSlug, ...body } }),
    unvote: (body: Record<string, unknown>) => t.app.inject({ method: 'DELETE', url: '/api/public/wishlist/vote', headers: json, payload: JSON.stringify({ appSlug, ...body }) }),
    comments: (ideaId: string, q: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/public/wishlist/comments', query: { appSlug, ideaId, ...q } }),
    comment: (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/public/wishlist/comments', headers: json, payload: { appSlug, ...body } }),
  };
}

/** Owner API wrappers. */
export function ownerApi(t: TestApp, app: string, auth = t.auth) {
  const base = `/api/v1/apps/${encodeURIComponent(app)}/wishlist`;
  return {
    list: (q: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `${base}/ideas`, query: q, headers: auth }),
    create: (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${base}/ideas`, headers: auth, payload: body }),
    patch: (id: string, body: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `${base}/ideas/${id}`, headers: auth, payload: body }),
    remove: (id: string) => t.app.inject({ method: 'DELETE', url: `${base}/ideas/${id}`, headers: { authorization: auth.authorization } }),
    reply: (id: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${base}/ideas/${id}/comments`, headers: auth, payload: body }),
    comments: (id: string) => t.app.inject({ method: 'GET', url: `${base}/ideas/${id}/comments`, headers: auth }),
    deleteComment: (id: string) => t.app.inject({ method: 'DELETE', url: `${base}/comments/${id}`, headers: { authorization: auth.authorization } }),
    csv: () => t.app.inject({ method: 'GET', url: `${base}/ideas.csv`, headers: { authorization: auth.authorization } }),
    previewToken: (body?: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${base}/preview-token`, headers: body ? auth : { authorization: auth.authorization }, ...(body ? { payload: body } : {}) }),
  };
}

/** Strict decoder mirroring the iOS SDK's WishlistIdea: every REQ key present with its type. */
export function expectSdkIdea(x: any) {
  const problems: string[] = [];
  const req = (k: string, type: string) => {
    if (typeof x[k] !== type) problems.push(`${k}: expected ${type}, got ${x[k] === null ? 'null' : typeof x[k]}`);
  };
  req('id', 'string');
  req('title', 'string');
  req('voteCount', 'number');
  req('commentCount', 'number');
  req('pinned', 'boolean');
  req('author', 'string');
  req('createdAt', 'string');
  if (!['pending', 'open', 'planned', 'in_progress', 'done', 'declined'].includes(x.status)) problems.push(`status: ${x.status}`);
  if (!Number.isInteger(x.voteCount) || !Number.isInteger(x.commentCount)) problems.push('counts must be integers');
  for (const k of ['body', 'category']) if (k in x && typeof x[k] !== 'string') problems.push(`${k}: optional but not a string`);
  if ('hasVoted' in x && typeof x.hasVoted !== 'boolean') problems.push('hasVoted: not a boolean');
  if (problems.length) throw new Error(`SDK would fail to decode idea: ${problems.join('; ')}`);
}

export function expectSdkComment(x: any) {
  const ok =
    typeof x.id === 'string' && typeof x.body === 'string' && typeof x.author === 'string' && typeof x.isOwner === 'boolean' && typeof x.isOfficial === 'boolean' && typeof x.createdAt === 'string';
  if (!ok) throw new Error(`SDK would fail to decode comment: ${JSON.stringify(x)}`);
}
