import type { DbHandle } from '../src/db/index.js';
import type { Events } from '../src/kernel/events/events.js';

/**
 * The outbox rows of a test database (db/outbox.ts), each `data` checked against its
 * catalogue schema, so a payload that drifts from what the OpenAPI document promises fails here.
 */
export async function outboxEvents(db: DbHandle, events: Events, type?: string) {
  let q = db.db.selectFrom('outbox_events').selectAll().orderBy('id');
  if (type) q = q.where('type', '=', type);
  const rows = await q.execute();
  return rows.map((r) => {
    const def = events.catalog.get(r.type);
    if (!def) throw new Error(`outbox row of unknown type ${r.type}`);
    const data = JSON.parse(r.data_json);
    const parsed = def.data.safeParse(data);
    if (!parsed.success) throw new Error(`${r.type} data does not match its schema: ${JSON.stringify(parsed.error.issues)}\n${r.data_json}`);
    return { id: r.id, appId: r.app_id, type: r.type, data, createdAt: r.created_at };
  });
}
