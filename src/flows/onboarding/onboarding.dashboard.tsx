import type { FastifyInstance } from 'fastify';
import { AppShell } from '../../admin/admin.app-shell.js';
import { DayChartCard, num, pct } from '../../admin/admin.charts.js';
import { sendAdmin } from '../../admin/admin.http.js';
import type { App } from '../../apps/apps.schema.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { DashboardContext } from '../../kernel/module.js';
import { lastDays, readSeries } from '../../db/rollups.js';

/** What getOnboardingStats answers per version (onboarding.routes.ts). */
interface FunnelVersion {
  versionNumber: number;
  sessions: number;
  opened: number;
  steps: { id: string; kind: 'question' | 'info' | 'email_capture'; reached: number; reachedRate: number | null }[];
  completed: number;
  completionRate: number | null;
  claimed: number;
  claimRate: number | null;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const KIND: Record<string, string> = { question: 'question', info: 'info screen', email_capture: 'email' };

/** One version's funnel: opened, each step reached, completed, claimed; each with its share of opened and the drop from the row before. */
function Funnel({ v }: { v: FunnelVersion }) {
  const id = `funnel-v${v.versionNumber}`;
  const rows: { label: string; detail?: string; n: number }[] = [
    { label: 'Opened', detail: 'first screen shown', n: v.opened },
    ...v.steps.map((s, i) => ({ label: `${i + 1}. ${s.id}`, detail: KIND[s.kind], n: s.reached })),
    { label: 'Completed', n: v.completed },
  ];
  const widest = Math.max(1, ...rows.map((x) => x.n));
  return (
    <section class="card analytics" aria-labelledby={id}>
      <h2 id={id}>Version {v.versionNumber}</h2>
      <dl class="figures">
        <div>
          <dt>Started</dt>
          <dd>{num(v.sessions)}</dd>
        </div>
        <div>
          <dt>Opened</dt>
          <dd>{num(v.opened)}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>
            {num(v.completed)} ({pct(v.completionRate)})
          </dd>
        </div>
        <div>
          <dt>Claimed in the app</dt>
          <dd>
            {num(v.claimed)} ({pct(v.claimRate)})
          </dd>
        </div>
      </dl>
      <div class="tablewrap">
        <table class="bars cards-sm">
          <caption class="visually-hidden">Onboarding version {v.versionNumber}: how many reached each step, and how many dropped off before it</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Reached</th>
              <th scope="col">Of opened</th>
              <th scope="col">Dropped off</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              // Nobody at the row before: nothing to drop from (completions without a session can outnumber the last step).
              const drop = i > 0 && rows[i - 1].n > 0 ? Math.max(0, rows[i - 1].n - r.n) : null;
              return (
                <tr>
                  <th scope="row">
                    {r.label}
                    {r.detail ? <span class="muted small"> · {r.detail}</span> : null}
                  </th>
                  <td data-label="Reached">
                    <span class="barcell">
                      <span class="n">{num(r.n)}</span>
                      <meter min={0} max={widest} value={r.n} aria-hidden="true" />
                    </span>
                  </td>
                  <td data-label="Of opened">{pct(ratio(r.n, v.opened))}</td>
                  <td data-label="Dropped off">{drop == null ? '–' : `${num(drop)} (${pct(ratio(drop, rows[i - 1].n))})`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function OnboardingAnalyticsPage(p: { owner: { email: string; csrf: string }; app: App; sections: DashboardContext['sections']; days: string[]; starts: number[]; completions: number[]; versions: FunnelVersion[] }) {
  return (
    <AppShell title="Onboarding" owner={p.owner} app={p.app} sections={p.sections} current="onboarding" scripts={['admin.js', 'charts.js']} styles={['charts.css']}>
      <div class="titlebar">
        <h1>Onboarding</h1>
        {/* The experiments capability's page for this flow (A/B tests of published versions). */}
        <p class="small">
          <a href={`/admin/apps/${encodeURIComponent(p.app.slug)}/onboarding/experiments`}>Experiments</a>
        </p>
        <p class="muted small">Where people drop off, per published version</p>
      </div>
      <DayChartCard
        id="onboarding-days"
        title="Starts and completions"
        days={p.days}
        series={[
          { label: 'Started', values: p.starts, counted: 'started' },
          { label: 'Completed', values: p.completions, counted: 'completed' },
        ]}
      />
      {p.versions.length ? (
        p.versions.map((v) => <Funnel v={v} />)
      ) : (
        <section class="card">
          <h2>No sessions yet</h2>
          <p>The funnel of each published version appears here once people start the onboarding.</p>
        </section>
      )}
    </AppShell>
  );
}

/** /admin/apps/:app/onboarding: the drop-off per step of each version (getOnboardingStats), starts and completions per day (roll-ups). */
export function registerOnboardingDashboard(scope: FastifyInstance, d: DashboardContext, deps: { db: DbHandle; clock: Clock }) {
  scope.get('/admin/apps/:app/onboarding', { schema: { hide: true } }, async (request, reply) => {
    const idOrSlug = (request.params as { app: string }).app;
    const { app } = await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    const { versions } = await d.call<{ versions: FunnelVersion[] }>(request, 'GET', '/api/v1/apps/:idOrSlug/onboarding/stats', { params: { idOrSlug: app.id } });
    const days = lastDays(deps.clock.now(), 30);
    const [starts, completions] = await readSeries(deps.db.db, app.id, ['onboarding.sessions', 'onboarding.completions'], days);
    return sendAdmin(
      reply,
      OnboardingAnalyticsPage({ owner: d.owner(request), app, sections: d.sections, days, starts: starts.values, completions: completions.values, versions: [...versions].reverse() }),
    );
  });
}
