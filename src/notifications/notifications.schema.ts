import { z } from 'zod';
import { htmlEmail } from '../kernel/email.js';
import type { EventDef } from '../kernel/events/events.js';
import { validTimeZone } from './notifications.morning.js';

/**
 * Owner e-mail notifications (#33 §4): where mail goes, which events, and when (one mail per
 * event, at most one a minute; or a daily digest at 08:00 in the owner's time zone).
 */
export const NOTIFICATION_MODES = ['instant', 'daily'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const DEFAULT_SETTINGS = { email: null, events: ['*'], mode: 'instant', timeZone: 'UTC' } as const;

const events = (catalog: ReadonlyMap<string, EventDef>) =>
  z
    .array(
      z
        .string()
        .max(100)
        // Checked against the catalogue of this server, so a new event type is accepted the day its module declares it.
        .refine((t) => t === '*' || catalog.has(t), { message: 'unknown event type (see the OpenAPI document’s `webhooks`, or `*` for every event)' }),
    )
    .min(1)
    .max(200)
    .describe('Event types to be told about (the catalogue: docs/webhooks.md), or `["*"]` for every event.');

const mode = z
  .enum(NOTIFICATION_MODES)
  .describe('`instant`: a mail per event, several events of one minute in one mail (at most one mail a minute per app). `daily`: one digest at 08:00 in `timeZone` (none when nothing happened).');

const timeZone = z
  .string()
  .max(64)
  .refine(validTimeZone, { message: 'must be an IANA time zone such as Europe/Paris' })
  .describe('IANA time zone of the daily digest (08:00 there). Default `UTC`.');

export const settingsSchema = z.object({
  email: z.string().nullable().describe('Where notifications go; null: e-mail notifications are off.'),
  events: z.array(z.string()),
  mode: z.enum(NOTIFICATION_MODES),
  timeZone: z.string(),
  emailConfigured: z.boolean().describe('Whether this server can send mail (`SMTP_URL` set). Without it mail is only written to the server log.'),
});
export type NotificationSettings = z.infer<typeof settingsSchema>;

/** The PUT body; keys left out keep their current value (or the default). */
export function settingsBody(catalog: ReadonlyMap<string, EventDef>) {
  return z
    .object({
      email: htmlEmail.nullable().describe('Where notifications go; null turns e-mail notifications off.'),
      events: events(catalog).optional(),
      mode: mode.optional(),
      timeZone: timeZone.optional(),
    })
    .strict();
}
export type SettingsBody = z.infer<ReturnType<typeof settingsBody>>;
