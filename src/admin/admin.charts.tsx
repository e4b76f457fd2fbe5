/**
 * Dashboard charts. Every chart is first a server-rendered SVG (works without JavaScript, no
 * library) plus its numbers as a table (the accessible alternative); the `charts.js` island
 * (islands/charts.ts, uPlot) replaces the SVG with an interactive chart when scripts run.
 */

export interface ChartSeries {
  label: string;
  values: number[];
}

const W = 600;
const H = 160;

/** Polyline points of `values` scaled into a w × h box (max at the top; all zero = the baseline). */
function points(values: number[], w: number, h: number, max: number): string {
  const n = values.length;
  const step = n > 1 ? w / (n - 1) : 0;
  return values.map((v, i) => `${(i * step).toFixed(1)},${(h - (max > 0 ? (v / max) * (h - 2) : 0) - 1).toFixed(1)}`).join(' ');
}

/** A small trend line (overview cards). Decorative: the number beside it carries the meaning. */
export function Sparkline(p: { values: number[] }) {
  const max = Math.max(0, ...p.values);
  return (
    <svg class="spark" viewBox="0 0 100 24" width="100" height="24" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <polyline points={points(p.values, 100, 24, max)} fill="none" stroke="currentColor" stroke-width="1.5" vector-effect="non-scaling-stroke" />
    </svg>
  );
}

/** Short day label: `Nov 23` (UTC, like the counters). */
// One formatter for the process: toLocaleDateString builds a new Intl.DateTimeFormat per call
// (~50 µs), which made a 30-day table cost more than the rest of its page.
const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const dayLabel = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

// Numbers on dashboard pages, with formatters made once (Number#toLocaleString with options makes one per call).
const NUMBER = new Intl.NumberFormat('en-US');
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const LONG_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** 1,234 */
export const num = (n: number) => NUMBER.format(n);
/** 12.5 %, or – when there is no rate. */
export const pct = (r: number | null) => (r == null ? '–' : PERCENT.format(r));
/** Nov 25, 2026 (UTC), or – . */
export const longDate = (iso: string | null) => (iso ? LONG_DAY.format(new Date(iso)) : '–');

/**
 * A chart of daily values: one line per series over `days`. `id` must be unique on the page.
 * The island reads the data from a JSON script element (no inline script: the CSP allows none).
 */
export function DayChart(p: { id: string; title: string; days: string[]; series: ChartSeries[]; summary?: string }) {
  const max = Math.max(0, ...p.series.flatMap((s) => s.values));
  const data = JSON.stringify({ days: p.days, series: p.series });
  return (
    <figure class="chart" aria-labelledby={`${p.id}-title`}>
      <figcaption id={`${p.id}-title`}>
        <span class="strong">{p.title}</span>
        {p.summary ? <span class="muted"> · {p.summary}</span> : null}
      </figcaption>
      <div class="chart-area" data-chart={p.id}>
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={`${p.title}: ${p.series.map((s) => `${s.label} ${s.values.reduce((a, b) => a + b, 0)} in all`).join(', ')}`}>
          <line x1="0" y1={H - 1} x2={W} y2={H - 1} class="axis" />
          {p.series.map((s, i) => (
            <polyline points={points(s.values, W, H, max)} fill="none" class={`line s${i}`} stroke-width="2" vector-effect="non-scaling-stroke" />
          ))}
        </svg>
        {p.series.length > 1 ? (
          <ul class="legend">
            {p.series.map((s, i) => (
              <li class={`s${i}`}>{s.label}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <script type="application/json" id={`${p.id}-data`} dangerouslySetInnerHTML={{ __html: data.replace(/</g, '\\u003c') }} />
      <details class="numbers">
        <summary>Show the numbers</summary>
        <div class="tablewrap">
          <table>
            <caption class="visually-hidden">{p.title} per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {p.series.map((s) => (
                  <th scope="col">{s.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {p.days
                .map((d, i) => (
                  <tr>
                    <th scope="row">{dayLabel(d)}</th>
                    {p.series.map((s) => (
                      <td>{s.values[i]}</td>
                    ))}
                  </tr>
                ))
                .reverse()}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** A daily series of a flow's dashboard with the word its card's caption counts it in (`sessions`, `saved`). */
export interface CountedSeries extends ChartSeries {
  counted: string;
}

/**
 * The card at the top of a flow's dashboard page (cancel, onboarding, promotion): its daily series
 * over the last days, each summed in the caption (`last 30 UTC days: 1,234 sessions, 56 saved`).
 */
export function DayChartCard(p: { id: string; title: string; days: string[]; series: CountedSeries[] }) {
  const summary = p.series.map((s) => `${num(s.values.reduce((a, b) => a + b, 0))} ${s.counted}`).join(', ');
  return (
    <section class="card">
      <DayChart id={p.id} title={p.title} summary={`last ${p.days.length} UTC days: ${summary}`} days={p.days} series={p.series.map(({ label, values }) => ({ label, values }))} />
    </section>
  );
}
