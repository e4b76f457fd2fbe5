import type { FastifyInstance } from 'fastify';
import { AppShell } from '../../admin/admin.app-shell.js';
import { DayChartCard, dayLabel, num, pct } from '../../admin/admin.charts.js';
import { sendAdmin } from '../../admin/admin.http.js';
import type { App } from '../../apps/apps.schema.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { DashboardContext } from '../../kernel/module.js';
import { lastDays, readSeries } from '../../db/rollups.js';
import type { Metrics } from './promotion.owner.js';

/** What getPromotionStats answers (promotion.routes.ts). */
interface Stats {
  from: string;
  to: string;
  placements: { placement: string; flowSlug: string | null; totals: Metrics; noFill: number; destinations: { appId: string; name: string | null; totals: Metrics }[] }[];
}


function Placement({ p, i }: { p: Stats['placements'][number]; i: number }) {
  const id = `placement-${i}`;
  const best = Math.max(0.0001, ...p.destinations.map((d) => d.totals.ctr ?? 0));
  const t = p.totals;
  return (
    <section class="card analytics" aria-labelledby={id}>
      <h2 id={id}>
        <span class="mono">{p.placement}</span>
        {p.flowSlug ? <span class="muted small"> · flow {p.flowSlug}</span> : null}
      </h2>
      <dl class="figures">
        <div>
          <dt>Impressions</dt>
          <dd>{num(t.impressions)}</dd>
        </div>
        <div>
          <dt>Taps</dt>
          <dd>{num(t.taps)}</dd>
        </div>
        <div>
          <dt>Tap rate</dt>
          <dd>{pct(t.ctr)}</dd>
        </div>
        <div>
          <dt>Installs</dt>
          <dd>{num(t.installs)}</dd>
        </div>
        <div>
          <dt>Nothing to show</dt>
          <dd>{num(p.noFill)}</dd>
        </div>
      </dl>
      {p.destinations.length ? (
        <div class="tablewrap">
          <table class="bars cards-sm">
            <caption class="visually-hidden">Placement {p.placement}: impressions, taps and tap rate per destination app</caption>
            <thead>
              <tr>
                <th scope="col">Destination</th>
                <th scope="col">Impressions</th>
                <th scope="col">Taps</th>
                <th scope="col">Tap rate</th>
                <th scope="col">Installs</th>
                <th scope="col">Dismissed</th>
              </tr>
            </thead>
            <tbody>
              {p.destinations.map((d) => (
                <tr>
                  <th scope="row">{d.name ?? <span class="mono">{d.appId}</span>}</th>
                  <td data-label="Impressions">
                    {num(d.totals.impressions)}
                    {d.totals.impressionsOverCap ? <span class="muted small"> ({num(d.totals.impressionsOverCap)} past the cap)</span> : null}
                  </td>
                  <td data-label="Taps">{num(d.totals.taps)}</td>
                  <td data-label="Tap rate">
                    <span class="barcell">
                      <span class="n">{pct(d.totals.ctr)}</span>
                      <meter min={0} max={best} value={d.totals.ctr ?? 0} aria-hidden="true" />
                    </span>
                  </td>
                  <td data-label="Installs">{num(d.totals.installs)}</td>
                  <td data-label="Dismissed">{num(d.totals.dismissals)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">Nothing shown at this placement in these days.</p>
      )}
    </section>
  );
}

function PromotionAnalyticsPage(p: { owner: { email: string; csrf: string }; app: App; sections: DashboardContext['sections']; days: string[]; impressions: number[]; taps: number[]; stats: Stats }) {
  return (
    <AppShell title="App promotion" owner={p.owner} app={p.app} sections={p.sections} current="promotion" scripts={['admin.js', 'charts.js']} styles={['charts.css']}>
      <div class="titlebar">
        <h1>App promotion</h1>
        <p class="muted small">
          {dayLabel(p.stats.from)} – {dayLabel(p.stats.to)} (UTC) · tap rate: taps per impression
        </p>
      </div>
      <DayChartCard
        id="promotion-days"
        title="Impressions and taps"
        days={p.days}
        series={[
          { label: 'Impressions', values: p.impressions, counted: 'impressions' },
          { label: 'Taps', values: p.taps, counted: 'taps' },
        ]}
      />
      {p.stats.placements.length ? (
        p.stats.placements.map((x, i) => <Placement p={x} i={i} />)
      ) : (
        <section class="card">
          <h2>Nothing shown yet</h2>
          <p>Impressions, taps and the tap rate of each destination appear here per placement once the app reports them.</p>
        </section>
      )}
    </AppShell>
  );
}

/** /admin/apps/:app/promotion: tap rate per placement and destination (getPromotionStats), impressions and taps per day (roll-ups). */
export function registerPromotionDashboard(scope: FastifyInstance, d: DashboardContext, deps: { db: DbHandle; clock: Clock }) {
  scope.get('/admin/apps/:app/promotion', { schema: { hide: true } }, async (request, reply) => {
    const idOrSlug = (request.params as { app: string }).app;
    const { app } = await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    const stats = await d.call<Stats>(request, 'GET', '/api/v1/apps/:idOrSlug/promotions/stats', { params: { idOrSlug: app.id }, query: {} });
    const days = lastDays(deps.clock.now(), 30);
    const [impressions, taps] = await readSeries(deps.db.db, app.id, ['promotion.impressions', 'promotion.taps'], days);
    return sendAdmin(reply, PromotionAnalyticsPage({ owner: d.owner(request), app, sections: d.sections, days, impressions: impressions.values, taps: taps.values, stats }));
  });
}
