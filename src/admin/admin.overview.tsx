import type { FastifyInstance } from 'fastify';
import type { App } from '../apps/apps.schema.js';
import type { DbHandle } from '../db/index.js';
import type { Clock } from '../kernel/clock.js';
import type { Capability, DashboardContext, OverviewMetric } from '../kernel/module.js';
import { lastDays, readSeries, type Series } from '../db/rollups.js';
import { AppShell } from './admin.app-shell.js';
import { sendAdmin } from './admin.http.js';
import { num, Sparkline } from './admin.charts.js';

interface Card extends OverviewMetric {
  today: number;
  week: number;
  month: number;
  values: number[];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Today, 7 and 30 days of every metric the app's published flows keep (daily roll-ups: one indexed read). */
export async function overviewCards(db: DbHandle, clock: Clock, appId: string, metrics: OverviewMetric[], published: Set<string>): Promise<Card[]> {
  const shown = metrics.filter((m) => !m.flowType || published.has(m.flowType));
  const days = lastDays(clock.now(), 30);
  const series = new Map<string, Series>((await readSeries(db.db, appId, shown.map((m) => m.metric), days)).map((s) => [s.metric, s]));
  return shown.map((m) => {
    const v = series.get(m.metric)!.values;
    return { ...m, values: v, today: v[v.length - 1], week: sum(v.slice(-7)), month: sum(v) };
  });
}

function OverviewPage(p: { owner: { email: string; csrf: string }; app: App; sections: DashboardContext['sections']; cards: Card[]; published: boolean }) {
  const base = `/admin/apps/${encodeURIComponent(p.app.slug)}`;
  return (
    <AppShell title="Overview" owner={p.owner} app={p.app} sections={p.sections} current="overview">
      <div class="titlebar">
        <h1>{p.app.name}</h1>
        <p class="muted small">UTC days · what arrived, including entries deleted since</p>
      </div>
      {p.published ? null : (
        <section class="card">
          <h2>Nothing published yet</h2>
          <p>
            The numbers of a flow appear here once it is published. <a href={base}>Open its flows</a>.
          </p>
        </section>
      )}
      {p.cards.length ? (
        <ul class="stats" aria-label="Numbers">
          {p.cards.map((c) => (
            <li class="card stat">
              <h2>{c.section ? <a href={`${base}/${c.section}`}>{c.label}</a> : c.label}</h2>
              <dl>
                <div>
                  <dt>Today</dt>
                  <dd>{num(c.today)}</dd>
                </div>
                <div>
                  <dt>7 days</dt>
                  <dd>{num(c.week)}</dd>
                </div>
                <div>
                  <dt>30 days</dt>
                  <dd>{num(c.month)}</dd>
                </div>
              </dl>
              <Sparkline values={c.values} />
            </li>
          ))}
        </ul>
      ) : null}
    </AppShell>
  );
}

/** /admin/apps/:app/overview: the app's numbers from every capability's `overview` metrics. */
export function registerOverview(scope: FastifyInstance, d: DashboardContext, deps: { db: DbHandle; clock: Clock; capabilities: Capability[] }) {
  const metrics = deps.capabilities.flatMap((c) => c.overview ?? []);
  scope.get('/admin/apps/:app/overview', { schema: { hide: true } }, async (request, reply) => {
    const idOrSlug = (request.params as { app: string }).app;
    const { app } = await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    const { flows } = await d.call<{ flows: { type: string; publishedVersion: number | null }[] }>(request, 'GET', '/api/v1/apps/:idOrSlug/flows', { params: { idOrSlug: app.id } });
    const published = new Set(flows.filter((f) => f.publishedVersion != null).map((f) => f.type));
    const cards = await overviewCards(deps.db, deps.clock, app.id, metrics, published);
    return sendAdmin(reply, OverviewPage({ owner: d.owner(request), app, sections: d.sections, cards, published: published.size > 0 }));
  });
}
