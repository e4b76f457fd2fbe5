import SqliteDatabase from 'better-sqlite3';
import { workerData } from 'node:worker_threads';

// Checkpoints the WAL from its own thread and connection (see startCheckpointer): PASSIVE
// never waits for readers or writers, and its fsyncs happen here, not on the event loop.
const { filename, everyMs } = workerData as { filename: string; everyMs: number };
const sqlite = new SqliteDatabase(filename);
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('synchronous = FULL');
setInterval(() => sqlite.pragma('wal_checkpoint(PASSIVE)'), everyMs);
