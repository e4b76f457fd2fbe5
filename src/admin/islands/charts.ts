// Interactive charts: each server-rendered chart (admin.charts.tsx) is replaced by a uPlot
// chart of the same data, with a cursor that shows the values of a day. Without JavaScript the
// SVG and the table of numbers stay.
import uPlot from 'uplot';

const COLORS = ['#4f46e5', '#0f9d76', '#d9480f', '#8a5a00', '#be185d'];
// Every series counts things: ticks at whole numbers only (1, 2, 5, 10, 20, 25, 50, …), never "0.5 signups".
const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50].flatMap((n) => [1, 100, 10_000, 1_000_000].map((k) => n * k)).sort((a, b) => a - b);

for (const area of document.querySelectorAll<HTMLElement>('[data-chart]')) {
  const script = document.getElementById(`${area.dataset.chart}-data`);
  if (!script?.textContent) continue;
  const { days, series } = JSON.parse(script.textContent) as { days: string[]; series: { label: string; values: number[] }[] };
  const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;
  const axis = { stroke: dark ? '#a9adbf' : '#5b6070', grid: { stroke: dark ? '#2c3040' : '#e6e8ef' }, ticks: { stroke: dark ? '#2c3040' : '#e6e8ef' } };
  const latest = (u: uPlot) => days.length > 0 && u.setLegend({ idx: days.length - 1 }, false);
  const make = () =>
    new uPlot(
      {
        width: Math.max(240, area.clientWidth),
        height: 200,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [axis, { ...axis, size: 48, incrs: WHOLE_STEPS }],
        // The legend tells the latest day while the cursor is off the chart, not "--" for every value.
        hooks: {
          ready: [latest],
          setCursor: [(u) => u.cursor.idx == null && latest(u)],
        },
        series: [{ label: 'Day', value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) }, ...series.map((s, i) => ({ label: s.label, stroke: COLORS[i % COLORS.length], width: 2, points: { show: days.length <= 31 } }))],
      },
      [xs, ...series.map((s) => s.values)],
      area,
    );
  area.replaceChildren();
  let plot = make();
  let last = area.clientWidth;
  new ResizeObserver(() => {
    if (Math.abs(area.clientWidth - last) < 8) return;
    last = area.clientWidth;
    plot.setSize({ width: Math.max(240, area.clientWidth), height: 200 });
  }).observe(area);
  void plot;
}
