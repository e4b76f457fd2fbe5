import type { FastifyInstance } from 'fastify';
import { AppShell } from '../../admin/admin.app-shell.js';
import { DayChart, num, longDate } from '../../admin/admin.charts.js';
import { sendAdmin } from '../../admin/admin.http.js';
import type { App } from '../../apps/apps.schema.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { DashboardContext } from '../../kernel/module.js';
import { lastDays, readSeries } from '../../db/rollups.js';

/** listReferrers rows (referral.routes.ts). */
interface Referrer {
  userId: string;
  code: string;
  invites: number;
  attributed: number;
  rewarded: number;
  capped: number;
  distinctDevices: number;
}
/** listReferrals rows (referral.routes.ts). */
interface Referral {
  id: string;
  referrerUserId: string;
  code: string;
  source: 'link' | 'code';
  refereeUserId: string | null;
  refereeAnonymousId: string | null;
  attributedAt: string | null;
  referrerRewarded: boolean;
}

const REFERRERS_PAGE = 20;
const GRAPH_PAGE = 100;
const day = longDate;
const refereeOf = (r: Referral) => r.refereeUserId ?? (r.refereeAnonymousId ? `anonymous ${r.refereeAnonymousId}` : 'unknown (device only or erased)');

/** Attributions of one page grouped by referrer, in order of each referrer's newest one. */
function graphOf(referrals: Referral[]) {
  const groups = new Map<string, Referral[]>();
  for (const r of referrals) {
    const g = groups.get(r.referrerUserId);
    if (g) g.push(r);
    else groups.set(r.referrerUserId, [r]);
  }
  return [...groups.entries()];
}

type Page = {
  owner: { email: string; csrf: string };
  app: App;
  sections: DashboardContext['sections'];
  days: string[];
  daily: number[];
  referrers: Referrer[];
  referrersNext: string | null;
  graph: Referral[];
  graphNext: string | null;
  cursor?: string;
  after?: string;
};

function ReferralAnalyticsPage(p: Page) {
  const base = `/admin/apps/${encodeURIComponent(p.app.slug)}/referral`;
  const link = (q: { cursor?: string; after?: string }, hash: string) => {
    const s = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => !!e[1])).toString();
    return `${base}${s ? `?${s}` : ''}#${hash}`;
  };
  const top = Math.max(1, ...p.referrers.map((r) => r.attributed));
  const groups = graphOf(p.graph);
  // Referees who brought friends themselves (on this page): their node is linked, so the tree reads deeper than one level.
  const node = new Map(groups.map(([id], i) => [id, `node-${i}`]));
  return (
    <AppShell title="Referrals" owner={p.owner} app={p.app} sections={p.sections} current="referral" scripts={['admin.js', 'charts.js']} styles={['charts.css']}>
      <div class="titlebar">
        <h1>Referrals</h1>
        <p class="muted small">Attributed: a new user redeemed a referrer’s link or code</p>
      </div>
      <section class="card">
        <DayChart
          id="referral-days"
          title="Attributed referrals"
          summary={`last 30 UTC days: ${num(p.daily.reduce((a, b) => a + b, 0))}`}
          days={p.days}
          series={[{ label: 'Attributed', values: p.daily }]}
        />
      </section>

      <section class="card analytics" aria-labelledby="top-referrers">
        <h2 id="top-referrers">Top referrers</h2>
        {p.referrers.length ? (
          <div class="tablewrap">
            <table class="bars cards-sm">
              <caption class="visually-hidden">Referrers, most attributed referrals first</caption>
              <thead>
                <tr>
                  <th scope="col">Referrer</th>
                  <th scope="col">Code</th>
                  <th scope="col">Attributed</th>
                  <th scope="col">Link visits and codes</th>
                  <th scope="col">Rewarded</th>
                  <th scope="col">Over the cap</th>
                  <th scope="col">Devices</th>
                </tr>
              </thead>
              <tbody>
                {p.referrers.map((r) => (
                  <tr>
                    <th scope="row" class="mono">
                      {r.userId}
                    </th>
                    <td data-label="Code" class="mono">
                      {r.code}
                    </td>
                    <td data-label="Attributed">
                      <span class="barcell">
                        <span class="n">{num(r.attributed)}</span>
                        <meter min={0} max={top} value={r.attributed} aria-hidden="true" />
                      </span>
                    </td>
                    <td data-label="Visits">{num(r.invites)}</td>
                    <td data-label="Rewarded">{num(r.rewarded)}</td>
                    <td data-label="Over cap">{num(r.capped)}</td>
                    <td data-label="Devices">{num(r.distinctDevices)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p class="muted">No referrer has a code yet.</p>
        )}
        <Pager first={p.cursor ? link({ after: p.after }, 'top-referrers') : undefined} next={p.referrersNext ? link({ cursor: p.referrersNext, after: p.after }, 'top-referrers') : undefined} label="Top referrers pages" />
      </section>

      <section class="card analytics" aria-labelledby="graph">
        <h2 id="graph">Who brought whom</h2>
        <p class="muted small">Attributions newest first, grouped by referrer ({GRAPH_PAGE} a page).</p>
        {groups.length ? (
          <ul class="tree">
            {groups.map(([referrer, list]) => (
              <li id={node.get(referrer)}>
                <span class="mono strong">{referrer}</span> brought <span class="strong">{num(list.length)}</span> {list.length === 1 ? 'friend' : 'friends'}
                <ul>
                  {list.map((r) => (
                    <li>
                      {r.refereeUserId && node.has(r.refereeUserId) ? (
                        <a class="mono" href={`#${node.get(r.refereeUserId)}`}>
                          {refereeOf(r)}
                        </a>
                      ) : (
                        <span class="mono">{refereeOf(r)}</span>
                      )}
                      <span class="muted small">
                        {' '}
                        · {day(r.attributedAt)} · by {r.source === 'link' ? 'link' : 'typed code'}
                        {r.referrerRewarded ? ' · rewarded' : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">No attributed referral yet.</p>
        )}
        <Pager first={p.after ? link({ cursor: p.cursor }, 'graph') : undefined} next={p.graphNext ? link({ cursor: p.cursor, after: p.graphNext }, 'graph') : undefined} label="Referral pages" />
      </section>
    </AppShell>
  );
}

function Pager(p: { first?: string; next?: string; label: string }) {
  if (!p.first && !p.next) return null;
  return (
    <nav class="pager" aria-label={p.label}>
      {p.first ? <a href={p.first}>First page</a> : null}
      {p.next ? <a href={p.next}>Next page</a> : null}
    </nav>
  );
}

/** /admin/apps/:app/referral: attributions per day (roll-ups), top referrers (listReferrers) and the referral graph (listReferrals), each paged over its cursor. */
export function registerReferralDashboard(scope: FastifyInstance, d: DashboardContext, deps: { db: DbHandle; clock: Clock }) {
  scope.get('/admin/apps/:app/referral', { schema: { hide: true } }, async (request, reply) => {
    const idOrSlug = (request.params as { app: string }).app;
    const q = request.query as { cursor?: unknown; after?: unknown };
    const cursor = typeof q.cursor === 'string' && q.cursor ? q.cursor : undefined;
    const after = typeof q.after === 'string' && q.after ? q.after : undefined;
    const { app } = await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    const params = { idOrSlug: app.id };
    const [referrers, graph, [daily]] = await Promise.all([
      d.call<{ referrers: Referrer[]; nextCursor: string | null }>(request, 'GET', '/api/v1/apps/:idOrSlug/referrals/referrers', { params, query: { sort: 'attributed', limit: String(REFERRERS_PAGE), cursor } }),
      d.call<{ referrals: Referral[]; nextCursor: string | null }>(request, 'GET', '/api/v1/apps/:idOrSlug/referrals', { params, query: { status: 'attributed', limit: String(GRAPH_PAGE), cursor: after } }),
      readSeries(deps.db.db, app.id, ['referral.referrals'], lastDays(deps.clock.now(), 30)),
    ]);
    return sendAdmin(
      reply,
      ReferralAnalyticsPage({
        owner: d.owner(request),
        app,
        sections: d.sections,
        days: daily.days,
        daily: daily.values,
        referrers: referrers.referrers,
        referrersNext: referrers.nextCursor,
        graph: graph.referrals,
        graphNext: graph.nextCursor,
        cursor,
        after,
      }),
    );
  });
}
