import type { App } from '../apps/apps.schema.js';
import type { DashboardSection } from '../kernel/module.js';
import { formatTime } from '../admin/admin.views.js';
import type { Delivery, Webhook, WebhookFormat } from './webhooks.schema.js';

export type { Delivery, Webhook };

/**
 * What the Integrations pages share: badges, the event picker, short summaries, and the answer of
 * the notification operations as the pages read it (another capability's: its shape, not its code).
 */
export interface NotificationSettings {
  email: string | null;
  events: string[];
  mode: 'instant' | 'daily';
  timeZone: string | null;
  emailConfigured: boolean;
}
/** One entry of the event catalogue (kernel.events.catalog), as the pages show it. */
export interface CatalogEvent {
  type: string;
  description: string;
}

export interface PageBase {
  owner: { email: string; csrf: string };
  app: App;
  sections: DashboardSection[];
}

export const integrationsBase = (app: { slug: string }) => `/admin/apps/${encodeURIComponent(app.slug)}/integrations`;
export const endpointPath = (app: { slug: string }, w: { id: string }) => `${integrationsBase(app)}/${encodeURIComponent(w.id)}`;

export const FORMATS: { value: WebhookFormat; label: string; badge: string; hint: string }[] = [
  { value: 'standard', label: 'Your server', badge: 'JSON', hint: 'Signed JSON (Standard Webhooks): your code verifies the webhook-signature header with the secret.' },
  { value: 'slack', label: 'Slack', badge: 'Slack', hint: 'Paste a Slack incoming-webhook URL (https://hooks.slack.com/services/…): each event posts a one-line message with a link here.' },
  { value: 'discord', label: 'Discord', badge: 'Discord', hint: 'Paste a Discord channel webhook URL (https://discord.com/api/webhooks/…): each event posts a short message with a link here.' },
];
export const formatBadge = (f: string) => FORMATS.find((x) => x.value === f)?.badge ?? f;

/** A chat URL sent the standard JSON (or the other way round) is refused by the chat: say so on the endpoint's page. */
export function formatMismatch(w: Pick<Webhook, 'url' | 'format'>): string | undefined {
  let host = '';
  try {
    host = new URL(w.url).hostname;
  } catch {
    return undefined;
  }
  const slack = host === 'hooks.slack.com';
  const discord = /(^|\.)discord(app)?\.com$/.test(host) && /\/api\/webhooks\//.test(w.url);
  if (slack && w.format !== 'slack') return 'This is a Slack URL, but the format is not Slack: Slack refuses these messages. Edit the endpoint and choose Slack.';
  if (discord && w.format !== 'discord') return 'This is a Discord URL, but the format is not Discord: Discord refuses these messages. Edit the endpoint and choose Discord.';
  return undefined;
}

export const FormatBadge = ({ format }: { format: string }) => <span class={`badge fmt-${format}`}>{formatBadge(format)}</span>;

/** Enabled, failing (still retried) or disabled, with why. */
export function StateBadge({ w }: { w: Webhook }) {
  if (!w.enabled) return <span class="badge off">{w.disabledReason ? 'Disabled after failing' : 'Disabled'}</span>;
  if (w.failingSince) return <span class="badge warn">Failing</span>;
  return <span class="badge on">Enabled</span>;
}

/** "All events", the one or two types, or how many. */
export function eventsSummary(events: string[]): string {
  if (events.includes('*')) return 'All events';
  if (events.length === 0) return 'No events';
  if (events.length <= 2) return events.join(', ');
  return `${events.length} events`;
}

/** The endpoint's trouble as the owner must read it: disabled after failing, or failing now. */
export function EndpointTrouble({ w, link }: { w: Webhook; link?: string }) {
  const name = link ? <a href={link}>{w.description || w.url}</a> : <span>this endpoint</span>;
  if (!w.enabled && w.disabledReason)
    return (
      <div class="alert error trouble" role="alert">
        <p>
          <strong>Disabled{w.disabledAt ? ` on ${formatTime(w.disabledAt)}` : ''}:</strong> {name} — {w.disabledReason}
        </p>
        <p class="small">Events are no longer sent to it. Fix the receiver, send a test, then enable it again; deliveries that failed can be retried one by one.</p>
      </div>
    );
  if (w.enabled && w.failingSince)
    return (
      <div class="alert warn trouble" role="status">
        <p>
          <strong>Failing since {formatTime(w.failingSince)}:</strong> {name}
        </p>
        <p class="small">Deliveries are retried on a schedule. After 5 days of failures the endpoint is disabled.</p>
      </div>
    );
  return null;
}

const GROUP_LABELS: Record<string, string> = {
  waitlist: 'Waitlist',
  feedback: 'Feedback',
  report: 'Reports',
  contact: 'Contact',
  crash: 'Crash reports',
  wishlist: 'Wishlist',
  cancel: 'Cancel flow',
  onboarding: 'Onboarding',
  referral: 'Referrals',
  promotion: 'Promotion',
  link: 'Short links',
  flow: 'Flows',
};

/** The catalogue by its first name segment (`wishlist.idea.submitted` -> Wishlist), in catalogue order. */
export function groupEvents(catalog: CatalogEvent[]): { key: string; label: string; events: CatalogEvent[] }[] {
  const groups = new Map<string, CatalogEvent[]>();
  for (const e of catalog) {
    // The test event is sent by the "Send test" button only: nobody subscribes to it.
    if (e.type === 'webhook.test') continue;
    const key = e.type.split('.')[0];
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  return [...groups].map(([key, events]) => ({ key, label: GROUP_LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1), events }));
}

/**
 * Events as two radios (every event, also later ones / only these) and the catalogue as grouped
 * checkboxes; the stylesheet hides the groups while "All events" is chosen (no script needed).
 */
export function EventPicker(p: { id: string; catalog: CatalogEvent[]; selected: string[]; error?: string; legend?: string }) {
  // No event at all is "only these" with none ticked yet (a refused form comes back so).
  const all = p.selected.includes('*');
  const chosen = new Set(p.selected);
  const errId = `${p.id}-error`;
  return (
    <fieldset class={p.error ? 'events-pick has-error' : 'events-pick'} aria-describedby={p.error ? errId : undefined}>
      <legend>{p.legend ?? 'Events'}</legend>
      <div class="scope">
        <label class="check">
          <input type="radio" name="scope" value="all" checked={all} />
          <span>
            All events <span class="hint">— also events added in later versions</span>
          </span>
        </label>
        <label class="check">
          <input type="radio" name="scope" value="some" checked={!all} />
          <span>Only the events I pick</span>
        </label>
      </div>
      {p.error ? (
        <p class="error" id={errId}>
          {p.error}
        </p>
      ) : null}
      <div class="event-groups">
        {groupEvents(p.catalog).map((g) => (
          <fieldset class="event-group">
            <legend>{g.label}</legend>
            {g.events.map((e) => (
              <label class="check event">
                <input type="checkbox" name="events" value={e.type} checked={!all && chosen.has(e.type)} />
                <span>
                  <code>{e.type}</code>
                  <span class="hint">{withCode(e.description)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

/** A catalogue description with its `code` spans (the descriptions are written for docs/webhooks.md too). */
const withCode = (text: string) => text.split('`').map((part, i) => (i % 2 ? <code>{part}</code> : part));
