import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../kernel/clock.js';
import type { Events } from '../kernel/events/events.js';
import type { Mailer } from '../kernel/mail.js';

/**
 * Endpoint health (#33 §3): `failing_since` marks the first failure of a run of failures and any
 * success clears it. An attempt that fails while the endpoint has been failing for more than
 * DISABLE_AFTER_MS disables it (as Svix does after 5 days): its deliveries stop, the owner sees
 * why on the dashboard (`disabled_reason`) and gets an e-mail when SMTP is configured.
 */
export const DISABLE_AFTER_MS = 5 * 24 * 3600_000;

export interface HealthDeps {
  db: Db;
  events: Events;
  config: Config;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
  /** Only a mailer that really sends (SMTP) tells the owner; without one a warning is logged. */
  mailer?: Mailer;
}

interface FailingEndpoint {
  id: string;
  app_id: string;
  url: string;
  app_slug: string;
  app_name: string;
  /** As read when the delivery was claimed. */
  failing_since: string | null;
}

export function createHealth(d: HealthDeps) {
  const { db } = d;
  return {
    async succeeded(endpointId: string) {
      await db.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', endpointId).where('failing_since', 'is not', null).execute();
    },

    async failed(ep: FailingEndpoint) {
      const now = d.clock.now();
      const at = now.toISOString();
      // Already failing, and not for long enough: nothing to write (an endpoint that is down fails a lot).
      if (ep.failing_since && now.getTime() - Date.parse(ep.failing_since) <= DISABLE_AFTER_MS) return;
      const state = await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: sql<string>`COALESCE(failing_since, ${at})` })
        .where('id', '=', ep.id)
        .returning(['failing_since', 'enabled'])
        .executeTakeFirst();
      if (!state?.failing_since || !state.enabled) return;
      if (now.getTime() - Date.parse(state.failing_since) <= DISABLE_AFTER_MS) return;
      const reason = `Every delivery failed since ${state.failing_since}: disabled after 5 days of failures.`;
      // Only the call that flips it tells the owner (two nodes may fail at once).
      const flipped = await db
        .updateTable('webhook_endpoints')
        .set({ enabled: 0, disabled_reason: reason, disabled_at: at, updated_at: at })
        .where('id', '=', ep.id)
        .where('enabled', '=', 1)
        .returning('id')
        .executeTakeFirst();
      if (!flipped) return;
      await d.events.refresh().catch(() => {});
      await tellOwner(d, ep, state.failing_since);
    },
  };
}

/** Who hears about an app's endpoint: its notification e-mail, else its account's dashboard owners. */
async function ownerEmails(db: Db, appId: string): Promise<string[]> {
  const n = await db.selectFrom('notification_settings').select('email').where('app_id', '=', appId).executeTakeFirst();
  if (n?.email) return [n.email];
  const owners = await db.selectFrom('owners').innerJoin('apps', 'apps.account_id', 'owners.account_id').select('owners.email').where('apps.id', '=', appId).orderBy('owners.email').execute();
  return owners.map((o) => o.email);
}

async function tellOwner(d: HealthDeps, ep: FailingEndpoint, since: string) {
  // The host only: a chat webhook URL's path is its secret.
  const host = new URL(ep.url).host;
  const to = await ownerEmails(d.db, ep.app_id).catch(() => []);
  if (!d.mailer || d.mailer.mode !== 'smtp' || !to.length) {
    d.log.warn({ endpointId: ep.id, appId: ep.app_id, host, reason: d.mailer?.mode !== 'smtp' ? 'SMTP not configured' : 'no owner e-mail' }, 'webhook endpoint disabled after 5 days of failures; owner not mailed');
    return;
  }
  const link = `${d.config.baseUrl}/admin/apps/${encodeURIComponent(ep.app_slug)}/integrations`;
  try {
    await d.mailer.send({
      to: to.join(', '),
      subject: `Webhook endpoint disabled for ${ep.app_name}`,
      text: [
        `The webhook endpoint at ${host} of ${ep.app_name} has failed every delivery since ${since} and was disabled after 5 days.`,
        'No more events are sent to it until you enable it again; the deliveries are listed with their errors in the dashboard:',
        link,
      ].join('\n\n'),
    });
  } catch (err) {
    d.log.warn({ endpointId: ep.id, err: (err as Error).message }, 'webhook endpoint disabled; the mail to its owner failed');
  }
}
