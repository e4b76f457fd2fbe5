/**
 * What storage reports about itself (group sizes, WAL fsync latency, PostgreSQL rollbacks), as
 * hooks: db/ stays below the kernel and knows nothing of Prometheus. The kernel's metrics module
 * (kernel/metrics.ts) installs its callbacks when it loads; until then, and in tools that never
 * load it, they are no-ops. `groupCommit` is asked once per committer and returns a pre-bound
 * observer, so the hot paths pay one call per group, never an allocation per row.
 */
export interface DbInstruments {
  /** An observer of the items per group commit of one write path. */
  groupCommit(path: string): (n: number) => void;
  /** Starts timing one WAL fsync; the returned function stops it. */
  fsync(): () => void;
  /** A PostgreSQL transaction rolled back (SQLSTATE class 40) and run again. */
  pgRolledBack(sqlstate: string): void;
}

const noop = () => {};

export const dbInstruments: DbInstruments = {
  groupCommit: () => noop,
  fsync: () => noop,
  pgRolledBack: noop,
};

/** Installs the callbacks (the kernel does, once, at startup). */
export function setDbInstruments(hooks: DbInstruments): void {
  Object.assign(dbInstruments, hooks);
}
