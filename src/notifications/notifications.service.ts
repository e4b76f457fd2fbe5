import type { DbHandle } from '../db/index.js';
import { iso, type Clock } from '../kernel/clock.js';
import type { Events } from '../kernel/events/events.js';
import { canonicalTimeZone } from './notifications.morning.js';
import { DEFAULT_SETTINGS, type NotificationMode, type NotificationSettings, type SettingsBody } from './notifications.schema.js';

/** A stored events list: a JSON array of types, `["*"]` for every event. */
export function parseEvents(json: string | null | undefined): string[] {
  try {
    const v = JSON.parse(json ?? '');
    if (Array.isArray(v) && v.length > 0) return v.map(String);
  } catch {
    // A row no one could have written through the API: treat it as every event.
  }
  return ['*'];
}

export const wantsType = (events: readonly string[], type: string) => events.includes('*') || events.includes(type);

/** Reading and changing an app's notification settings (the caller has resolved the app for its owner). */
export function createNotificationSettings(deps: { db: DbHandle; clock: Clock; events: Events; emailConfigured: boolean }) {
  const { db } = deps;

  async function get(appId: string): Promise<NotificationSettings> {
    const row = await db.db.selectFrom('notification_settings').selectAll().where('app_id', '=', appId).executeTakeFirst();
    if (!row) return { ...DEFAULT_SETTINGS, events: [...DEFAULT_SETTINGS.events], emailConfigured: deps.emailConfigured };
    return {
      email: row.email,
      events: parseEvents(row.events_json),
      mode: row.mode === 'daily' ? 'daily' : 'instant',
      timeZone: row.time_zone ?? 'UTC',
      emailConfigured: deps.emailConfigured,
    };
  }

  async function put(appId: string, body: SettingsBody): Promise<NotificationSettings> {
    const current = await get(appId);
    const events = body.events ? (body.events.includes('*') ? ['*'] : [...new Set(body.events)]) : current.events;
    const mode: NotificationMode = body.mode ?? current.mode;
    const timeZone = body.timeZone ? (canonicalTimeZone(body.timeZone) ?? 'UTC') : current.timeZone;
    const values = { email: body.email, events_json: JSON.stringify(events), mode, time_zone: timeZone, updated_at: iso(deps.clock) };
    // last_sent_at is kept: a changed setting does not reset the once-a-minute or once-a-day pace.
    await db.db
      .insertInto('notification_settings')
      .values({ app_id: appId, ...values })
      .onConflict((oc) => oc.column('app_id').doUpdateSet(values))
      .execute();
    // Who listens changed: writers on this node start (or stop) writing these events now.
    await deps.events.refresh();
    return { email: body.email, events, mode, timeZone, emailConfigured: deps.emailConfigured };
  }

  return { get, put };
}
export type NotificationSettingsService = ReturnType<typeof createNotificationSettings>;
