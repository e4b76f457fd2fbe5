import SqliteDatabase from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

// Checkpoints the WAL from its own thread and connection (see startCheckpointer): PASSIVE
// never waits for readers or writers, and its fsyncs happen here, not on the event loop.
//
// The thread always ends by closing its statement and its connection itself, and then lets its
// event loop drain: a native handle left for the thread's teardown to collect is what aborts
// Node 24 with better-sqlite3 <= 12 (RemoveEnvironmentCleanupHook), and with any version it
// leaves the WAL to whoever opens the file next.
const { filename, everyMs, failAfter } = workerData as { filename: string; everyMs: number; failAfter?: number };
const port = parentPort!;
const sqlite = new SqliteDatabase(filename);
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('synchronous = FULL');
const checkpoint = sqlite.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let runs = 0;
let ended = false;

const timer = setInterval(() => {
  try {
    // Tests make the thread fail here to prove a failure still closes everything.
    if (failAfter !== undefined && ++runs > failAfter) throw new Error('checkpointer test failure');
    checkpoint.get();
  } catch (err) {
    end({ type: 'failed', message: (err as Error).message });
  }
}, everyMs);

// The owner asks the thread to stop (server shutdown on SIGTERM, DbHandle.close()).
port.on('message', (msg: unknown) => {
  if (msg === 'stop') end({ type: 'stopped' });
});

function end(report: { type: 'stopped' } | { type: 'failed'; message: string }): void {
  if (ended) return;
  ended = true;
  clearInterval(timer);
  try {
    sqlite.close(); // finalizes `checkpoint` too
  } catch {
    // closing is best effort: the report still goes out and the thread still ends
  }
  port.postMessage({ ...report, closed: !sqlite.open });
  port.close(); // nothing else is pending: the thread's loop drains and it exits on its own
}
