import { dbInstruments } from './instruments.js';

/**
 * Runs a PostgreSQL statement or transaction again when PostgreSQL rolled it back to break a
 * deadlock (40P01) or a serialization conflict (40001): SQLSTATE class 40 means nothing of it
 * was committed, so a second run is the same write, not a repeat. A group commit would otherwise
 * answer every request of its group with an error because of one clash with another transaction
 * (an owner's moderation, a data-rights erase). Other errors are not retried: after a lost
 * connection the write may have committed.
 */
export async function retryRolledBack<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = String((err as { code?: unknown } | null)?.code ?? '');
      if (attempt >= attempts || !/^40/.test(code)) throw err;
      dbInstruments.pgRolledBack(code);
    }
  }
}
