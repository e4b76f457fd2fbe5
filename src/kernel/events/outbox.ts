/** The outbox writers live in the storage layer (db/outbox.ts); capabilities import them from here. */
export { sqliteOutbox, writeOutbox, type OutboxEvent } from '../../db/outbox.js';
