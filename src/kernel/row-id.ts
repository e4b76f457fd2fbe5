/** Row ids are made by the storage layer (db/row-id.ts, used by the outbox too); re-exported for capabilities. */
export { rowId } from '../db/row-id.js';
