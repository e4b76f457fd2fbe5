import type { FastifyInstance } from 'fastify';
import { AppShell } from '../../admin/admin.app-shell.js';
import { DayChartCard, num, pct } from '../../admin/admin.charts.js';
import { sendAdmin } from '../../admin/admin.http.js';
import type { App } from '../../apps/apps.schema.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { DashboardContext } from '../../kernel/module.js';
import { lastDays, readSeries } from '../../db/rollups.js';

/** What getCancelStats answers per flow and version (cancel.owner.routes.ts). */
interface VersionStats {
  flowSlug: string | null;
  versionNumber: number;
  sessions: number;
  opened: number;
  exited: number;
  abandoned: number;
  saved: number;
  cancelled: number;
  otherExits: number;
  saveRate: number | null;
  reasons: { id: string; label: string | null; picked: number; saved: number; cancelled: number; other: number; undecided: number; saveRate: number | null }[];
  offers: { offerId: string | null; reasonId: string | null; button: string; shown: number; accepted: number; acceptRate: number | null }[];
}


function Figures(p: { items: [string, string][] }) {
  return (
    <dl class="figures">
      {p.items.map(([k, v]) => (
        <div>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function VersionCard({ v }: { v: VersionStats }) {
  const id = `v-${v.flowSlug ?? 'deleted'}-${v.versionNumber}`;
  const picks = Math.max(1, ...v.reasons.map((r) => r.picked));
  return (
    <section class="card analytics" aria-labelledby={id}>
      <h2 id={id}>
        {v.flowSlug ?? '(deleted flow)'} · version {v.versionNumber}
      </h2>
      <Figures
        items={[
          ['Sessions', num(v.sessions)],
          ['Opened', num(v.opened)],
          ['Saved', `${num(v.saved)} (${pct(v.saveRate)})`],
          ['Cancelled', num(v.cancelled)],
          ['Other exits', num(v.otherExits)],
          ['No exit yet', num(v.abandoned)],
        ]}
      />
      <h3>Cancel reasons</h3>
      {v.reasons.length ? (
        <div class="tablewrap">
          <table class="bars cards-sm">
            <caption class="visually-hidden">
              Cancel reasons of {v.flowSlug} version {v.versionNumber}: sessions that picked each, and how they ended
            </caption>
            <thead>
              <tr>
                <th scope="col">Reason</th>
                <th scope="col">Picked</th>
                <th scope="col">Saved</th>
                <th scope="col">Cancelled</th>
                <th scope="col">Other</th>
                <th scope="col">Save rate</th>
              </tr>
            </thead>
            <tbody>
              {v.reasons.map((r) => (
                <tr>
                  <th scope="row">
                    {r.label ?? r.id}
                    {r.label ? <span class="muted small mono"> {r.id}</span> : null}
                  </th>
                  <td data-label="Picked">
                    <span class="barcell">
                      <span class="n">{num(r.picked)}</span>
                      <meter min={0} max={picks} value={r.picked} aria-hidden="true" />
                    </span>
                  </td>
                  <td data-label="Saved">{num(r.saved)}</td>
                  <td data-label="Cancelled">{num(r.cancelled)}</td>
                  <td data-label="Other">{num(r.other + r.undecided)}</td>
                  <td data-label="Save rate">{pct(r.saveRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">No reason picked yet.</p>
      )}
      {v.offers.length ? (
        <>
          <h3>Offers</h3>
          <div class="tablewrap">
            <table class="bars cards-sm">
              <caption class="visually-hidden">
                Offers of {v.flowSlug} version {v.versionNumber}: shown and accepted
              </caption>
              <thead>
                <tr>
                  <th scope="col">Offer</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Shown</th>
                  <th scope="col">Accepted</th>
                  <th scope="col">Accept rate</th>
                </tr>
              </thead>
              <tbody>
                {v.offers.map((o) => (
                  <tr>
                    <th scope="row" class="mono">
                      {o.offerId ?? o.button}
                    </th>
                    <td data-label="Reason">{o.reasonId ?? '–'}</td>
                    <td data-label="Shown">{num(o.shown)}</td>
                    <td data-label="Accepted">{num(o.accepted)}</td>
                    <td data-label="Accept rate">{pct(o.acceptRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}

function CancelAnalyticsPage(p: { owner: { email: string; csrf: string }; app: App; sections: DashboardContext['sections']; days: string[]; sessions: number[]; saves: number[]; versions: VersionStats[] }) {
  return (
    <AppShell title="Cancel flow" owner={p.owner} app={p.app} sections={p.sections} current="cancel" scripts={['admin.js', 'charts.js']} styles={['charts.css']}>
      <div class="titlebar">
        <h1>Cancel flow</h1>
        {/* The experiments capability's page for this flow (A/B tests of published versions). */}
        <p class="small">
          <a href={`/admin/apps/${encodeURIComponent(p.app.slug)}/cancel/experiments`}>Experiments</a>
        </p>
        <p class="muted small">Saved: left by return to app, an offer or premium · Cancelled: went to manage the subscription</p>
      </div>
      <DayChartCard
        id="cancel-days"
        title="Sessions and saves"
        days={p.days}
        series={[
          { label: 'Sessions', values: p.sessions, counted: 'sessions' },
          { label: 'Saved', values: p.saves, counted: 'saved' },
        ]}
      />
      {p.versions.length ? (
        p.versions.map((v) => <VersionCard v={v} />)
      ) : (
        <section class="card">
          <h2>No sessions yet</h2>
          <p>Reasons and saves per published version appear here once the app starts cancel sessions.</p>
        </section>
      )}
    </AppShell>
  );
}

/** /admin/apps/:app/cancel: cancel reasons and saves per version (getCancelStats), sessions and saves per day (roll-ups). */
export function registerCancelDashboard(scope: FastifyInstance, d: DashboardContext, deps: { db: DbHandle; clock: Clock }) {
  scope.get('/admin/apps/:app/cancel', { schema: { hide: true } }, async (request, reply) => {
    const idOrSlug = (request.params as { app: string }).app;
    const { app } = await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    const { versions } = await d.call<{ versions: VersionStats[] }>(request, 'GET', '/api/v1/apps/:idOrSlug/cancel/stats', { params: { idOrSlug: app.id }, query: {} });
    const days = lastDays(deps.clock.now(), 30);
    const [sessions, saves] = await readSeries(deps.db.db, app.id, ['cancel.sessions', 'cancel.saves'], days);
    // Newest version first within each flow: the one running now is what the owner looks at.
    const ordered = [...versions].sort((a, b) => (a.flowSlug ?? '').localeCompare(b.flowSlug ?? '') || b.versionNumber - a.versionNumber);
    return sendAdmin(reply, CancelAnalyticsPage({ owner: d.owner(request), app, sections: d.sections, days, sessions: sessions.values, saves: saves.values, versions: ordered }));
  });
}
