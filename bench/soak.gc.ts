// Preloaded into the soak's server process (node --expose-gc --import): forces a full garbage
// collection every SOAK_GC_MS, so native handles (better-sqlite3 statements, databases) are
// finalised again and again while writes run — where better-sqlite3 <= 12 aborted on Node 24.
const every = Number(process.env.SOAK_GC_MS ?? 5000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('soak.gc.ts needs node --expose-gc');
let runs = 0;
setInterval(() => {
  gc();
  runs++;
}, every).unref();
process.on('exit', () => process.stderr.write(`soak: ${runs} forced GCs\n`));
