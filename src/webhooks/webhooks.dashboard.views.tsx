import { AppShell } from '../admin/admin.app-shell.js';
import { Alert, Csrf, Field, type FieldErrors } from '../admin/admin.views.js';
import {
  EndpointTrouble,
  EventPicker,
  eventsSummary,
  FormatBadge,
  endpointPath,
  integrationsBase,
  StateBadge,
  type CatalogEvent,
  type NotificationSettings,
  type PageBase,
  type Webhook,
} from './webhooks.dashboard.parts.js';

/** The Integrations tab: webhook endpoints (with their trouble first) and the e-mail notifications form. */
export function IntegrationsPage(
  p: PageBase & { webhooks: Webhook[]; catalog: CatalogEvent[]; notifications: NotificationSettings; notice?: string; notify?: { form?: NotifyForm; errors?: FieldErrors; error?: string; saved?: boolean } },
) {
  const base = integrationsBase(p.app);
  const troubled = p.webhooks.filter((w) => (!w.enabled && w.disabledReason) || (w.enabled && w.failingSince));
  return (
    <AppShell title="Integrations" owner={p.owner} app={p.app} sections={p.sections} current="integrations">
      <div class="titlebar">
        <h1>Integrations</h1>
        <a class="button" href={`${base}/new`}>
          Add endpoint
        </a>
      </div>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      {troubled.map((w) => (
        <EndpointTrouble w={w} link={endpointPath(p.app, w)} />
      ))}
      <section class="card" aria-labelledby="endpoints-h">
        <h2 id="endpoints-h">Webhook endpoints</h2>
        <p class="muted small">
          Every event of {p.app.name} is posted to each endpoint that wants it, signed (Standard Webhooks) and retried for about a day when it fails. Slack and Discord get a readable message instead.
        </p>
        {p.webhooks.length === 0 ? (
          <div class="empty">
            <p>
              <strong>No endpoints yet.</strong> Add your server’s URL, or a Slack or Discord webhook URL, to hear about signups, feedback, crashes and cancellations as they happen.
            </p>
            <a class="button secondary" href={`${base}/new`}>
              Add your first endpoint
            </a>
          </div>
        ) : (
          <ul class="endpoints">
            {p.webhooks.map((w) => (
              <li>
                <a class="endpoint-url wrap" href={endpointPath(p.app, w)}>
                  {w.url}
                </a>
                {w.description ? <span class="muted small wrap">{w.description}</span> : null}
                <span class="endpoint-meta">
                  <FormatBadge format={w.format} />
                  <StateBadge w={w} />
                  <span class="muted small">{eventsSummary(w.events)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NotificationsCard {...p} />
    </AppShell>
  );
}

/** The notification form as typed (strings), so a refused form comes back as it was sent. */
export interface NotifyForm {
  email: string;
  events: string[];
  mode: string;
  timeZone: string;
}
export const notifyFormOf = (n: NotificationSettings): NotifyForm => ({ email: n.email ?? '', events: n.events, mode: n.mode, timeZone: n.timeZone ?? 'UTC' });

const ZONES = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

function NotificationsCard(p: PageBase & { catalog: CatalogEvent[]; notifications: NotificationSettings; notify?: { form?: NotifyForm; errors?: FieldErrors; error?: string; saved?: boolean } }) {
  const f = p.notify?.form ?? notifyFormOf(p.notifications);
  const e = p.notify?.errors ?? {};
  const zones = ZONES.includes(f.timeZone) ? ZONES : [f.timeZone, ...ZONES];
  return (
    <section class="card" aria-labelledby="notify-h" id="notifications">
      <h2 id="notify-h">E-mail notifications</h2>
      {/* The save lands here (#notifications): its confirmation too, not at the top out of view. */}
      {p.notify?.saved ? <Alert kind="ok">Notification settings saved.</Alert> : null}
      {!p.notifications.emailConfigured ? (
        <Alert kind="warn">
          <strong>E-mail is not configured on this server (SMTP_URL).</strong> Your settings are kept, but mail is only written to the server’s log until its operator sets SMTP_URL.
        </Alert>
      ) : null}
      {p.notify?.error ? <Alert kind="error">{p.notify.error}</Alert> : null}
      {/* A refused save is this page again (422): the fragment brings the card and its reasons into view. */}
      <form method="post" action={`${integrationsBase(p.app)}/notifications#notifications`} class="stack notify-form" novalidate>
        <Csrf token={p.owner.csrf} />
        <Field name="email" id="n-email" label="Send to" type="email" value={f.email} error={e.email} autocomplete="email" hint="Leave empty to turn e-mail notifications off." />
        <fieldset class={e.mode ? 'mode has-error' : 'mode'}>
          <legend>How often</legend>
          <label class="check">
            <input type="radio" name="mode" value="instant" checked={f.mode !== 'daily'} />
            <span>
              As they happen <span class="hint">— at most one e-mail a minute, several events together</span>
            </span>
          </label>
          <label class="check">
            <input type="radio" name="mode" value="daily" checked={f.mode === 'daily'} />
            <span>
              A daily digest <span class="hint">— one e-mail at 08:00 in your time zone, none on a quiet day</span>
            </span>
          </label>
          {e.mode ? <p class="error">{e.mode}</p> : null}
        </fieldset>
        <div class={e.timeZone ? 'field has-error' : 'field'}>
          <label for="n-timeZone">Time zone</label>
          <select id="n-timeZone" name="timeZone" aria-invalid={e.timeZone ? 'true' : undefined} aria-describedby={e.timeZone ? 'n-timeZone-error' : undefined}>
            {zones.map((z) => (
              <option value={z} selected={z === f.timeZone}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          {e.timeZone ? (
            <p class="error" id="n-timeZone-error">
              {e.timeZone}
            </p>
          ) : null}
        </div>
        <EventPicker id="n-events" legend="Events to e-mail" catalog={p.catalog} selected={f.events} error={e.events} />
        <div class="actions">
          <button type="submit">Save notifications</button>
        </div>
      </form>
    </section>
  );
}
