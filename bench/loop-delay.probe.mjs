/**
 * Preloaded into the server by forms-csv.bench.ts (NODE_OPTIONS=--import; plain JavaScript, so it
 * loads before the server's own TypeScript loader): the server's own event-loop delay, sampled
 * every 1 ms. On SIGUSR2 it writes { p99, max } in milliseconds since the previous signal to
 * LOOP_DELAY_FILE and starts over, so the bench reads what happened inside the server during one
 * load window, apart from what the load generator's own process adds. The values include the
 * 1 ms sampling period (an idle loop reads about 1 ms).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Number((ns / 1e6).toFixed(1));
  const file = process.env.LOOP_DELAY_FILE;
  // Written whole, then renamed: the bench never reads half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify({ p99: ms(histogram.percentile(99)), max: ms(histogram.max) }));
  renameSync(`${file}.tmp`, file);
  histogram.reset();
});
