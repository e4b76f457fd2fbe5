import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/index.js';
import { chunks, subjectEmail, type Subject, type SubjectData } from '../kernel/subject.js';

/**
 * Data rights for what left, or is leaving, Appflows as events (#33; kernel/subject.ts). An
 * event copies the row it reports (a signup's email, a session's userId), and so do the delivery
 * bodies built from it: erasing an end user must take those copies too, and retention must age
 * them like the rows themselves.
 *
 * An event belongs to the subject when a field that names an end user holds one of the
 * subject's identities, at any depth of its data (`email`; `userId`, `referrerUserId`,
 * `claimedUserId`…; `anonymousId`, `refereeAnonymousId`…). Text is not searchable alike on
 * both databases, so candidates are the app's rows whose JSON contains the quoted value (a
 * LIKE, case-insensitive), confirmed here on the parsed data with exact values: another
 * address that merely contains this one (`anna@…` for `ana@…`) never matches.
 *
 * Deliveries of an event go with it (their `payload_json` is the event's body); a delivery
 * without an event (`webhook.test`) goes when its own payload names the subject. Queued owner
 * notifications hold only an event id and go by cascade.
 */

interface Who {
  email?: string;
  userId?: string;
  anonymousId?: string;
}

const who = (s: Subject): Who => ({ email: subjectEmail(s), userId: s.userId, anonymousId: s.anonymousId });

/** Whether a JSON value names the subject in one of the fields that identify an end user. */
export function mentions(value: unknown, w: Who): boolean {
  if (Array.isArray(value)) return value.some((v) => mentions(v, w));
  if (!value || typeof value !== 'object') return false;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string') {
      if (w.email && /email$/i.test(key) && v.trim().toLowerCase() === w.email) return true;
      if (w.userId && /userid$/i.test(key) && v === w.userId) return true;
      if (w.anonymousId && /(anonymousid|anonid)$/i.test(key) && v === w.anonymousId) return true;
    } else if (mentions(v, w)) return true;
  }
  return false;
}

const parsedMentions = (json: string | null, w: Who): boolean => {
  if (!json) return false;
  try {
    return mentions(JSON.parse(json), w);
  } catch {
    return false;
  }
};

/** `lower(column) LIKE '%"value"%'` for each identity: the JSON string value, LIKE wildcards escaped. */
function candidates(column: 'data_json' | 'payload_json', w: Who): Expression<SqlBool>[] {
  const values = [w.email, w.userId, w.anonymousId].filter((v): v is string => !!v);
  return values.map((v) => {
    const pattern = `%${JSON.stringify(v).toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  });
}

const deleted = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);

/** The app's endpoints: deliveries are read through their (endpoint_id, created_at) index. */
const endpointsOf = (on: Db, appId: string) => on.selectFrom('webhook_endpoints').select('id').where('app_id', '=', appId);

export function webhooksSubjectData(db: Db): SubjectData {
  async function rows(appId: string, w: Who, on: Db) {
    const match = candidates('data_json', w);
    if (!match.length) return { events: [], deliveries: [] };
    const found = await on
      .selectFrom('outbox_events')
      .selectAll()
      .where('app_id', '=', appId)
      .where((eb) => eb.or(match))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const events = found.filter((e) => parsedMentions(e.data_json, w));
    const ofEvents = [];
    for (const part of chunks(events.map((e) => e.id))) {
      ofEvents.push(...(await on.selectFrom('webhook_deliveries').selectAll().where('app_id', '=', appId).where('event_id', 'in', part).execute()));
    }
    const loose = await on
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', 'in', endpointsOf(on, appId))
      .where('app_id', '=', appId)
      .where('event_id', 'is', null)
      .where((eb) => eb.or(candidates('payload_json', w)))
      .execute();
    const deliveries = [...ofEvents, ...loose.filter((d) => parsedMentions(d.payload_json, w))];
    deliveries.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1));
    return { events, deliveries };
  }

  /** Deliveries first (counted), then the events (their notification queue rows cascade). */
  async function remove(appId: string, eventIds: string[], deliveryIds: string[], trx: Db) {
    let webhook_deliveries = 0;
    let outbox_events = 0;
    for (const part of chunks(eventIds)) {
      webhook_deliveries += deleted(await trx.deleteFrom('webhook_deliveries').where('app_id', '=', appId).where('event_id', 'in', part).executeTakeFirst());
    }
    for (const part of chunks(deliveryIds)) {
      webhook_deliveries += deleted(await trx.deleteFrom('webhook_deliveries').where('app_id', '=', appId).where('id', 'in', part).executeTakeFirst());
    }
    for (const part of chunks(eventIds)) {
      outbox_events += deleted(await trx.deleteFrom('outbox_events').where('app_id', '=', appId).where('id', 'in', part).executeTakeFirst());
    }
    return { outbox_events, webhook_deliveries };
  }

  return {
    async export(appId, subject, on = db) {
      const r = await rows(appId, who(subject), on);
      return { outbox_events: r.events, webhook_deliveries: r.deliveries };
    },
    async erase(appId, subject, trx) {
      const r = await rows(appId, who(subject), trx);
      const loose = r.deliveries.filter((d) => d.event_id === null).map((d) => d.id);
      return remove(appId, r.events.map((e) => e.id), loose, trx);
    },
    /**
     * Every event and delivery of the app older than the period goes, pending or not: an event
     * carries a copy of the rows the other capabilities age out, and must not outlive them.
     */
    async expire(appId, before, limit) {
      return db.transaction().execute(async (trx) => {
        const events = await trx.selectFrom('outbox_events').select('id').where('app_id', '=', appId).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
        const old = await trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', 'in', endpointsOf(trx, appId))
          .where('app_id', '=', appId)
          .where('created_at', '<', before)
          .orderBy('created_at')
          .limit(limit)
          .execute();
        return remove(appId, events.map((e) => e.id), old.map((d) => d.id), trx);
      });
    },
  };
}
