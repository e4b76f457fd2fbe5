import type { App } from '../apps/apps.schema.js';
import { AppShell } from '../admin/admin.app-shell.js';
import { Alert, Csrf, Field, type FieldErrors } from '../admin/admin.views.js';
import type { DashboardSection } from '../kernel/module.js';
import type { Experiment } from './experiments.schema.js';
import { MIN_CONVERSIONS, MIN_EXPOSURES } from './experiments.stats.js';

/** The experiment page of a flow's tab (/admin/apps/:app/<type>/experiments): one component for cancel, onboarding and waitlist. */

export type Result = { key: string; versionNumber: number; exposures: number; conversions: number; conversionRate: number; interval: [number, number]; probabilityBest: number };
export type Detail = { experiment: Experiment; results: Result[]; state: 'too_early' | 'running' | 'stopped' };
export type StartForm = { name: string; variants: { key: string; version: string; weight: string }[] };
export type PageBase = { owner: { email: string; accountId: string; csrf: string }; app: App; sections: DashboardSection[]; type: string; label: string };

export const experimentsPath = (app: Pick<App, 'slug'>, type: string) => `/admin/apps/${encodeURIComponent(app.slug)}/${type}/experiments`;
const versionHref = (app: Pick<App, 'slug'>, type: string, n: number) => `/admin/apps/${encodeURIComponent(app.slug)}/flows/${type}/diff?a=${n}&b=draft`;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const METRIC: Record<string, string> = { saved: 'saved', completed: 'completed', signed_up: 'signed up' };

/** Exposures still missing before a leader may be read: every variant needs MIN_EXPOSURES. */
export const exposuresNeeded = (rs: Result[]) => rs.reduce((s, r) => s + Math.max(0, MIN_EXPOSURES - r.exposures), 0);

/** The 95 % interval as a bar on a scale shared by the variants (SVG attributes only: the CSP allows no inline style). */
function IntervalBar({ r, max }: { r: Result; max: number }) {
  const x = (v: number) => Math.round((v / max) * 1000) / 10;
  const [lo, hi] = r.interval;
  return (
    <svg class="ci" width="100%" height="16" viewBox="0 0 100 16" preserveAspectRatio="none" role="img" aria-label={`95 % interval ${pct(lo)} to ${pct(hi)}, rate ${pct(r.conversionRate)}`}>
      <rect x="0" y="7" width="100" height="2" fill="currentColor" opacity="0.15" />
      <rect x={x(lo)} y="3" width={Math.max(0.8, x(hi) - x(lo))} height="10" rx="2" fill="currentColor" opacity="0.45" />
      <rect x={Math.max(0, x(r.conversionRate) - 0.5)} y="1" width="1" height="14" fill="currentColor" />
    </svg>
  );
}

export function ResultsTable({ d, app, type }: { d: Detail; app: App; type: string }) {
  const max = Math.min(1, Math.max(0.05, ...d.results.map((r) => r.interval[1])) * 1.1);
  const early = d.state === 'too_early';
  const best = early ? undefined : [...d.results].sort((a, b) => b.probabilityBest - a.probabilityBest)[0];
  return (
    <div class="tablewrap">
      <table class="cards-sm">
        <caption class="muted small">
          Converts when {METRIC[d.experiment.metric] ?? d.experiment.metric}. Bars: 95 % interval of the rate (scale 0 to {pct(max)}), the line is the measured rate.
        </caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Version</th>
            <th scope="col">Exposures</th>
            <th scope="col">Conversions</th>
            <th scope="col">Rate</th>
            <th scope="col">95 % interval</th>
            <th scope="col">P(best)</th>
          </tr>
        </thead>
        <tbody>
          {d.results.map((r) => (
            <tr>
              <td data-label="Variant">
                <strong>{r.key}</strong>
                {d.experiment.winner === r.key ? <span class="badge on">winner</span> : best === r && d.state === 'running' ? <span class="badge">leading</span> : null}
              </td>
              <td data-label="Version">
                <a href={versionHref(app, type, r.versionNumber)}>v{r.versionNumber}</a>
              </td>
              <td data-label="Exposures">{r.exposures}</td>
              <td data-label="Conversions">{r.conversions}</td>
              <td data-label="Rate">{pct(r.conversionRate)}</td>
              <td data-label="Interval">
                <div class="ci-cell">
                  <IntervalBar r={r} max={max} />
                  <span class="muted small">
                    {pct(r.interval[0])} – {pct(r.interval[1])}
                  </span>
                </div>
              </td>
              <td data-label="P(best)">{early ? <span class="muted">not yet</span> : pct(r.probabilityBest)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Running({ d, p }: { d: Detail; p: PageBase }) {
  const e = d.experiment;
  const base = experimentsPath(p.app, p.type);
  return (
    <section class="card" aria-labelledby="run-h">
      <h2 id="run-h">
        {e.name} <span class="badge on">running</span>
      </h2>
      <p class="muted small">Started {e.startedAt.slice(0, 16).replace('T', ' ')} UTC · {e.variants.map((v) => `${v.key}: v${v.versionNumber} × ${v.weight}`).join(' · ')}</p>
      {d.state === 'too_early' ? (
        <Alert kind="warn">
          <p>
            <strong>Too early to call</strong> — {exposuresNeeded(d.results)} more exposures needed (every variant needs {MIN_EXPOSURES}, and the test {MIN_CONVERSIONS} conversions). No variant is ahead
            until then: early leads come and go.
          </p>
        </Alert>
      ) : null}
      <ResultsTable d={d} app={p.app} type={p.type} />
      <form method="post" action={`${base}/${encodeURIComponent(e.id)}/stop`} class="stop">
        <Csrf token={p.owner.csrf} />
        <fieldset>
          <legend>Stop the experiment</legend>
          <label>
            <input type="radio" name="winner" value="" checked /> No winner: the flow keeps its current version
          </label>
          {e.variants.map((v) => (
            <label>
              <input type="radio" name="winner" value={v.key} /> {v.key} wins: v{v.versionNumber} becomes the current version for everyone
            </label>
          ))}
        </fieldset>
        <button type="submit" class="button secondary">
          Stop…
        </button>
      </form>
    </section>
  );
}

function StartCard({ p, versions, form, errors, error }: { p: PageBase; versions: number[]; form: StartForm; errors?: FieldErrors; error?: string }) {
  if (versions.length < 2)
    return (
      <section class="card" aria-labelledby="start-h">
        <h2 id="start-h">Start an experiment</h2>
        <p>An experiment splits live traffic between published versions: publish at least two versions of this flow first.</p>
      </section>
    );
  return (
    <section class="card" aria-labelledby="start-h">
      <h2 id="start-h">Start an experiment</h2>
      <p class="muted small">Each person gets one variant, the same on every visit; a plain publish waits until the experiment stops.</p>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <form method="post" action={experimentsPath(p.app, p.type)} novalidate>
        <Csrf token={p.owner.csrf} />
        <Field name="name" label="Name" value={form.name} error={errors?.name} required />
        {form.variants.map((v, i) => (
          <fieldset class="variant">
            <legend>Variant {i + 1}{i >= 2 ? ' (optional)' : ''}</legend>
            <Field name={`key${i}`} id={`f-key${i}`} label="Key" value={v.key} error={errors?.[`key${i}`]} />
            <div class={errors?.[`version${i}`] ? 'field has-error' : 'field'}>
              <label for={`f-version${i}`}>Version</label>
              <select id={`f-version${i}`} name={`version${i}`} aria-invalid={errors?.[`version${i}`] ? 'true' : undefined} aria-describedby={errors?.[`version${i}`] ? `f-version${i}-error` : undefined}>
                <option value="">{i >= 2 ? '— not used —' : '— pick a version —'}</option>
                {versions.map((n) => (
                  <option value={String(n)} selected={v.version === String(n)}>
                    v{n}
                  </option>
                ))}
              </select>
              {errors?.[`version${i}`] ? (
                <p class="error" id={`f-version${i}-error`}>
                  {errors[`version${i}`]}
                </p>
              ) : null}
            </div>
            <Field name={`weight${i}`} id={`f-weight${i}`} label="Weight" value={v.weight} error={errors?.[`weight${i}`]} />
          </fieldset>
        ))}
        <button type="submit" class="button">
          Start experiment
        </button>
      </form>
    </section>
  );
}

export function ExperimentsPage(
  p: PageBase & { running?: Detail; stopped: Detail[]; versions: number[]; form: StartForm; errors?: FieldErrors; error?: string; notice?: string; status?: number },
) {
  return (
    <AppShell title={`${p.label} · Experiments`} owner={p.owner} app={p.app} sections={p.sections} current={p.type}>
      <p class="muted small">
        <a href={`/admin/apps/${encodeURIComponent(p.app.slug)}/${p.type}`}>← {p.label}</a>
      </p>
      <h1>{p.label}: experiments</h1>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      {p.running ? <Running d={p.running} p={p} /> : <StartCard p={p} versions={p.versions} form={p.form} errors={p.errors} error={p.error} />}
      <section class="card" aria-labelledby="stopped-h">
        <h2 id="stopped-h">Stopped experiments</h2>
        {p.stopped.length ? (
          p.stopped.map((d) => (
            <div class="stopped">
              <h3>
                {d.experiment.name} <span class="muted small">{d.experiment.winner ? `winner ${d.experiment.winner}` : 'no winner'} · stopped {d.experiment.stoppedAt?.slice(0, 16).replace('T', ' ')} UTC</span>
              </h3>
              <ResultsTable d={d} app={p.app} type={p.type} />
            </div>
          ))
        ) : (
          <p class="muted">None yet.</p>
        )}
      </section>
    </AppShell>
  );
}

/** The confirm step of Stop: says what will happen, then posts again with confirm=1. */
export function StopConfirmPage(p: PageBase & { d: Detail; winner: string }) {
  const v = p.d.experiment.variants.find((x) => x.key === p.winner);
  const base = experimentsPath(p.app, p.type);
  return (
    <AppShell title={`${p.label} · Stop experiment`} owner={p.owner} app={p.app} sections={p.sections} current={p.type}>
      <h1>Stop “{p.d.experiment.name}”?</h1>
      <section class="card">
        <p>{v ? `Variant ${v.key} wins: version ${v.versionNumber} becomes the ${p.label.toLowerCase()}'s current version for everyone.` : 'No winner: every visitor gets the current version again.'}</p>
        {p.d.state === 'too_early' ? <Alert kind="warn">The numbers are still too early to call a winner.</Alert> : null}
        <p>Stopping cannot be undone; its numbers stay listed under Stopped experiments.</p>
        <form method="post" action={`${base}/${encodeURIComponent(p.d.experiment.id)}/stop`}>
          <Csrf token={p.owner.csrf} />
          <input type="hidden" name="winner" value={p.winner} />
          <input type="hidden" name="confirm" value="1" />
          <button type="submit" class="button">
            {v ? `Stop, ${v.key} wins` : 'Stop without a winner'}
          </button>{' '}
          <a href={base}>Keep it running</a>
        </form>
      </section>
    </AppShell>
  );
}
