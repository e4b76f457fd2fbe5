import { Worker } from 'node:worker_threads';

/**
 * One per SQLite database handle with hot writes (DbHandle.checkpointInBackground).
 * SQLite checkpoints the WAL into the database file on the connection whose commit pushes the
 * WAL past 1000 pages: on the event loop, for several milliseconds of writes and fsyncs,
 * stalling every request in flight (the p99 of the redirect benchmark). A worker thread that
 * checkpoints (PASSIVE) every `everyMs` keeps the WAL short, so that inline checkpoint rarely
 * comes due; it stays in place as the safety net if the worker falls behind.
 */
export function startCheckpointer(filename: string, everyMs = 100): { stop(): Promise<void> } {
  const entry = new URL(`./checkpointer.worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
  // The sources run through tsx (no build step); a worker thread needs the loader registered too.
  const boot = entry.endsWith('.ts')
    ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`
    : `import(${JSON.stringify(entry)})`;
  const worker = new Worker(boot, { eval: true, workerData: { filename, everyMs } });
  worker.unref(); // never keeps a process alive
  // A failing checkpointer only costs latency (SQLite still checkpoints inline), never data.
  worker.on('error', () => {});
  return {
    async stop() {
      await worker.terminate();
    },
  };
}
