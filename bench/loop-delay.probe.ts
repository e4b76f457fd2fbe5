/**
 * Preloaded into the server by forms-csv.bench.ts (NODE_OPTIONS=--import): the server's own
 * event-loop delay, at 1 ms resolution. On SIGUSR2 it writes { p99, max } in milliseconds since
 * the previous signal to LOOP_DELAY_FILE and starts over, so the bench reads what happened inside
 * the server during one load window, apart from what the load generator's own process adds.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
  writeFileSync(process.env.LOOP_DELAY_FILE!, JSON.stringify({ p99: ms(histogram.percentile(99)), max: ms(histogram.max) }));
  histogram.reset();
});
