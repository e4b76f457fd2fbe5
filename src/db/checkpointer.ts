import { Worker } from 'node:worker_threads';

export interface CheckpointerEvent {
  /** `stopped`: asked to stop; `failed`: the thread reported an error; `crashed`: it died without a word. */
  type: 'stopped' | 'failed' | 'crashed';
  /** Whether the thread closed its connection (and its statement) before it ended. */
  closed: boolean;
  message?: string;
}

export interface CheckpointerOptions {
  everyMs?: number;
  /** Wait before starting a new thread after one failed (doubles up to 30 s while it keeps failing). */
  restartAfterMs?: number;
  /** Told of every thread's end (tests, logs). */
  onEvent?: (event: CheckpointerEvent) => void;
  /** Tests: the thread fails after this many checkpoints. */
  failAfter?: number;
}

/**
 * One per SQLite database handle with hot writes (DbHandle.checkpointInBackground).
 * SQLite checkpoints the WAL into the database file on the connection whose commit pushes the
 * WAL past 1000 pages: on the event loop, for several milliseconds of writes and fsyncs,
 * stalling every request in flight (the p99 of the redirect benchmark). A worker thread that
 * checkpoints (PASSIVE) every `everyMs` keeps the WAL short, so that inline checkpoint rarely
 * comes due; it stays in place as the safety net if the worker falls behind or is restarting.
 *
 * The thread is stopped by a message, never by `terminate()`, so it closes its statement and
 * connection itself before it ends (checkpointer.worker.ts); a thread that fails does the same
 * and is started again after a pause.
 */
export function startCheckpointer(filename: string, opts: CheckpointerOptions = {}): { stop(): Promise<void> } {
  const everyMs = opts.everyMs ?? 100;
  const firstPause = opts.restartAfterMs ?? 1000;
  const entry = new URL(`./checkpointer.worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
  // The sources run through tsx (no build step); a worker thread needs the loader registered too.
  const boot = entry.endsWith('.ts')
    ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`
    : `import(${JSON.stringify(entry)})`;

  let worker: Worker | undefined;
  let stopping = false;
  let pause = firstPause;
  let restartTimer: NodeJS.Timeout | undefined;

  const spawn = () => {
    const w = new Worker(boot, { eval: true, workerData: { filename, everyMs, failAfter: opts.failAfter } });
    worker = w;
    w.unref(); // never keeps a process alive
    let report: CheckpointerEvent | undefined;
    w.on('message', (m: CheckpointerEvent) => (report = m));
    // A failing checkpointer only costs latency (SQLite still checkpoints inline), never data.
    w.on('error', (err) => (report ??= { type: 'crashed', closed: false, message: err.message }));
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      const event = report ?? { type: stopping ? 'stopped' : 'crashed', closed: false };
      opts.onEvent?.(event);
      if (stopping || event.type === 'stopped') return;
      restartTimer = setTimeout(spawn, pause);
      restartTimer.unref();
      pause = Math.min(pause * 2, 30_000);
    });
    w.once('online', () => setTimeout(() => (pause = firstPause), 60_000).unref());
  };
  spawn();

  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const w = worker;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage('stop');
      // A thread stuck in a checkpoint (busy_timeout is 5 s) gets time to finish and close;
      // only one that never answers is terminated.
      const deadline = setTimeout(() => void w.terminate(), 10_000);
      await exited;
      clearTimeout(deadline);
    },
  };
}
