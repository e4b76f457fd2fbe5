import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { App } from '../../apps/apps.schema.js';
import type { DbHandle } from '../../db/index.js';
import { AppShell } from '../../admin/admin.app-shell.js';
import { DayChart, num } from '../../admin/admin.charts.js';
import { sendAdmin } from '../../admin/admin.http.js';
import { formatTime } from '../../admin/admin.views.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import type { DashboardContext } from '../../kernel/module.js';
import { lastDays, readPrefixTotals, readSeries } from '../../db/rollups.js';
import { answerCell } from './waitlist.csv.js';

/** Days the chart and the breakdowns cover. */
const DAYS = 30;
/** Signups per table page. */
const PAGE = 50;

interface Signup {
  id: string;
  email: string;
  source: string | null;
  country: string | null;
  platform: string | null;
  flowSlug: string | null;
  createdAt: string;
  /** Custom-field answers keyed by field id. */
  attributes: Record<string, unknown> | null;
}

/** A signup's answers as `label: value` items (the field's label where a published version names it). */
function Answers({ of, labels }: { of: Record<string, unknown> | null; labels: Record<string, string> }) {
  const items = Object.entries(of ?? {}).filter(([, v]) => answerCell(v) !== null && answerCell(v) !== '');
  if (!items.length) return <span class="muted">–</span>;
  return (
    <ul class="answers">
      {items.map(([id, v]) => (
        <li>
          <span class="muted">{labels[id] ?? id}:</span> {String(answerCell(v))}
        </li>
      ))}
    </ul>
  );
}

interface Numbers {
  days: string[];
  perDay: number[];
  total: number;
  sources: { key: string; n: number }[];
  countries: { key: string; n: number }[];
}

/** Counters, never rows (db/rollups.ts): signups per day, and by source and by country over the same days. */
async function numbers(db: DbHandle, clock: Clock, appId: string): Promise<Numbers> {
  const days = lastDays(clock.now(), DAYS);
  const [[series], sources, countries] = await Promise.all([
    readSeries(db.db, appId, ['waitlist.signups'], days),
    readPrefixTotals(db.db, appId, 'waitlist.source:', days),
    readPrefixTotals(db.db, appId, 'waitlist.country:', days),
  ]);
  return { days, perDay: series.values, total: series.total, sources, countries };
}

function Breakdown(p: { title: string; head: string; rows: { key: string; n: number }[]; total: number; label?: (k: string) => string }) {
  return (
    <section class="card breakdown">
      <h2>{p.title}</h2>
      {p.rows.length ? (
        <div class="tablewrap">
          <table class="compact">
            <caption class="visually-hidden">
              {p.title}, last {DAYS} days
            </caption>
            <thead>
              <tr>
                <th scope="col">{p.head}</th>
                <th scope="col" class="num">
                  Signups
                </th>
                <th scope="col" class="num">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {p.rows.map((r) => (
                <tr>
                  <th scope="row">{p.label ? p.label(r.key) : r.key}</th>
                  <td class="num">{num(r.n)}</td>
                  <td class="num">{p.total ? `${Math.round((r.n / p.total) * 100)}%` : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">No signups in the last {DAYS} days.</p>
      )}
    </section>
  );
}

const countryName = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return (cc: string) => {
    if (cc === 'unknown') return 'Unknown';
    try {
      return `${names.of(cc) ?? cc} (${cc})`;
    } catch {
      return cc;
    }
  };
})();

function WaitlistPage(p: { owner: { email: string; csrf: string }; app: App; sections: DashboardContext['sections']; n: Numbers; signups: Signup[]; nextCursor: string | null; paged: boolean; labels: Record<string, string> }) {
  // The answers column only when someone on this page answered a question.
  const answered = p.signups.some((s) => Object.keys(s.attributes ?? {}).length > 0);
  const base = `/admin/apps/${encodeURIComponent(p.app.slug)}/waitlist`;
  return (
    <AppShell title="Waitlist" owner={p.owner} app={p.app} sections={p.sections} current="waitlist" scripts={['admin.js', 'charts.js']} styles={['charts.css']}>
      <div class="titlebar">
        <h1>Waitlist</h1>
        {/* The experiments capability's page for this flow (A/B tests of published versions). */}
        <p class="small">
          <a href={`/admin/apps/${encodeURIComponent(p.app.slug)}/waitlist/experiments`}>Experiments</a>
        </p>
        <p class="actions">
          <a class="button small" href={`${base}/signups.csv`} download>
            Download CSV
          </a>
          <a class="button small secondary" href={`${base}/signups.csv?columns=all`} download>
            CSV with waitlist slugs
          </a>
        </p>
      </div>
      <section class="card">
        <DayChart id="signups" title="Signups" days={p.n.days} series={[{ label: 'Signups', values: p.n.perDay }]} summary={`${num(p.n.total)} in the last ${DAYS} days (UTC)`} />
      </section>
      <div class="split">
        <Breakdown title="By source" head="Source" rows={p.n.sources} total={p.n.total} label={(k) => (k === 'direct' ? 'Direct (no source)' : k)} />
        <Breakdown title="By country" head="Country" rows={p.n.countries} total={p.n.total} label={countryName} />
      </div>
      <section class="card" aria-labelledby="signups-table">
        <h2 id="signups-table">{p.paged ? 'Older signups' : 'Latest signups'}</h2>
        {p.signups.length ? (
          // Scrolls sideways on a phone: focusable so the keyboard can scroll it too.
          <div class="tablewrap" tabindex={0} role="region" aria-label="Signups table">
            <table class="signups">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Source</th>
                  <th scope="col">Country</th>
                  <th scope="col">Waitlist</th>
                  {answered ? <th scope="col">Answers</th> : null}
                  <th scope="col">Signed up</th>
                </tr>
              </thead>
              <tbody>
                {p.signups.map((s) => (
                  <tr>
                    <td class="mono wrap" data-label="Email">{s.email}</td>
                    <td data-label="Source">{s.source ?? <span class="muted">direct</span>}</td>
                    <td data-label="Country">{s.country ?? <span class="muted">–</span>}</td>
                    <td data-label="Waitlist">{s.flowSlug ?? <span class="muted">default</span>}</td>
                    {answered ? (
                      <td data-label="Answers">
                        <Answers of={s.attributes} labels={p.labels} />
                      </td>
                    ) : null}
                    <td data-label="Signed up">
                      <time datetime={s.createdAt}>{formatTime(s.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p class="muted">{p.paged ? 'No older signups.' : 'No signups yet.'}</p>
        )}
        <nav class="pager" aria-label="Signup pages">
          {p.paged ? <a href={base}>← Newest</a> : null}
          {p.nextCursor ? (
            <a href={`${base}?cursor=${encodeURIComponent(p.nextCursor)}`} rel="next">
              Older →
            </a>
          ) : null}
        </nav>
      </section>
    </AppShell>
  );
}

/** The labels of the custom fields the app's waitlists publish, by field id (the first waitlist naming an id wins). */
async function fieldLabels(request: FastifyRequest, d: DashboardContext, appId: string): Promise<Record<string, string>> {
  const { flows } = await d.call<{ flows: { slug: string }[] }>(request, 'GET', '/api/v1/apps/:idOrSlug/flows', { params: { idOrSlug: appId }, query: { type: 'waitlist' } });
  const labels: Record<string, string> = {};
  for (const f of flows) {
    const env = await d.call<{ published: { config: { fields?: { id: string; label: string }[] } } | null }>(request, 'GET', '/api/v1/apps/:idOrSlug/flows/waitlist', { params: { idOrSlug: appId }, query: { flowSlug: f.slug } });
    for (const field of env.published?.config.fields ?? []) labels[field.id] ??= field.label;
  }
  return labels;
}

/** /admin/apps/:app/waitlist: signups per day, by source and country, the signups table and the CSV. */
export function registerWaitlistDashboard(scope: FastifyInstance, d: DashboardContext, deps: { db: DbHandle; clock: Clock }) {
  scope.get('/admin/apps/:app/waitlist', { schema: { hide: true } }, async (request, reply) => {
    const idOrSlug = (request.params as { app: string }).app;
    const q = request.query as Record<string, unknown>;
    if (q.cursor !== undefined && typeof q.cursor !== 'string') throw new AppError(400, 'Invalid page link');
    const { app } = await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    // The API's own cursor paging (a bad or foreign cursor is its 400).
    const page = await d.call<{ signups: Signup[]; nextCursor: string | null }>(request, 'GET', '/api/v1/apps/:idOrSlug/waitlist/signups', {
      params: { idOrSlug: app.id },
      query: { limit: PAGE, ...(q.cursor ? { cursor: q.cursor } : {}) },
    });
    const n = await numbers(deps.db, deps.clock, app.id);
    const labels = await fieldLabels(request, d, app.id);
    return sendAdmin(reply, WaitlistPage({ owner: d.owner(request), app, sections: d.sections, n, signups: page.signups, nextCursor: page.nextCursor, paged: !!q.cursor, labels }));
  });

  // The API's CSV export itself (one CSV writer): the same columns, guard and streaming.
  scope.get('/admin/apps/:app/waitlist/signups.csv', { schema: { hide: true } }, async (request, reply) => {
    const idOrSlug = (request.params as { app: string }).app;
    const q = request.query as Record<string, unknown>;
    const csv = await d.call<{ contentType: string; body: unknown; filename?: string }>(request, 'GET', '/api/v1/apps/:idOrSlug/waitlist/signups.csv', {
      params: { idOrSlug },
      query: q.columns === undefined ? {} : { columns: q.columns },
    });
    reply.type(csv.contentType).header('cache-control', 'no-store');
    if (csv.filename) reply.header('content-disposition', `attachment; filename="${csv.filename}"`);
    return reply.send(csv.body);
  });
}
