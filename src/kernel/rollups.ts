// Daily roll-ups are storage (the daily_counts table's SQL): they live in db/rollups.ts, below
// the kernel, so db/hot-insert can add to them without importing upward. Capabilities keep
// importing them from here.
export * from '../db/rollups.js';
