import { AppShell } from '../admin/admin.app-shell.js';
import { Alert, Csrf, formatTime } from '../admin/admin.views.js';
import { Deliveries } from './webhooks.dashboard.deliveries.js';
import { EndpointTrouble, FormatBadge, formatMismatch, endpointPath, integrationsBase, StateBadge, type Delivery, type PageBase, type Webhook } from './webhooks.dashboard.parts.js';

/** The endpoint's name when it has no description: its host (the whole URL is in the facts below). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}


export function EndpointPage(
  p: PageBase & { webhook: Webhook; deliveries: Delivery[]; nextCursor: string | null; paged: boolean; secret?: { value: string; rotated: boolean }; notice?: string; error?: string },
) {
  const w = p.webhook;
  const path = endpointPath(p.app, w);
  const mismatch = formatMismatch(w);
  return (
    <AppShell title="Endpoint" owner={p.owner} app={p.app} sections={p.sections} current="integrations">
      <p class="crumbs">
        <a href={integrationsBase(p.app)}>Integrations</a>
      </p>
      <div class="titlebar">
        <h1 class="endpoint-title wrap">{w.description || hostOf(w.url)}</h1>
        <a class="button secondary" href={`${path}/edit`}>
          Edit
        </a>
      </div>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      {p.error ? <Alert kind="error">{p.error}</Alert> : null}
      {p.secret ? (
        <section class="card created" aria-labelledby="secret-h">
          <h2 id="secret-h">{p.secret.rotated ? 'New signing secret' : 'Signing secret'}</h2>
          <p>
            Copy it now and store it with your receiver’s settings: it is shown only once. It verifies the <code>webhook-signature</code> header of every request.
            {p.secret.rotated ? ' The previous secret keeps signing too for 24 hours, so you can switch without losing events.' : ''}
          </p>
          <p class="muted small">Any Standard Webhooks library verifies it (Node, Python, Go, PHP, Ruby…): pass it the secret, the raw body and the headers.</p>
          <div class="copyrow">
            <label for="secret" class="visually-hidden">
              Signing secret
            </label>
            <input id="secret" class="mono" readOnly value={p.secret.value} autocomplete="off" />
            <button type="button" class="secondary" data-copy="#secret">
              Copy<span class="visually-hidden"> secret</span>
            </button>
          </div>
        </section>
      ) : null}
      <EndpointTrouble w={w} />
      {mismatch ? <Alert kind="warn">{mismatch}</Alert> : null}
      <section class="card" aria-labelledby="endpoint-h">
        <h2 id="endpoint-h" class="visually-hidden">
          Endpoint
        </h2>
        <dl class="link-facts endpoint-facts">
          <dt>URL</dt>
          <dd class="wrap mono">{w.url}</dd>
          <dt>State</dt>
          <dd>
            <StateBadge w={w} />
          </dd>
          <dt>Format</dt>
          <dd>
            <FormatBadge format={w.format} />
          </dd>
          <dt>Events</dt>
          <dd>{w.events.includes('*') ? 'All events' : w.events.map((t, i) => <>{i ? ', ' : ''}<code>{t}</code></>)}</dd>
          <dt>Created</dt>
          <dd>{formatTime(w.createdAt)}</dd>
        </dl>
      </section>
      <Deliveries {...p} path={path} />
      <section class="card" aria-labelledby="manage-h">
        <h2 id="manage-h">Manage</h2>
        <div class="actions">
          <form method="post" action={`${path}/status`} class="inline">
            <Csrf token={p.owner.csrf} />
            {w.enabled ? (
              <>
                <input type="hidden" name="enabled" value="false" />
                <button type="submit" class="secondary" data-confirm="Disable this endpoint? Events are not sent to it until you enable it again.">
                  Disable
                </button>
              </>
            ) : (
              <>
                <input type="hidden" name="enabled" value="true" />
                <button type="submit">Enable</button>
              </>
            )}
          </form>
          <form method="post" action={`${path}/rotate-secret`} class="inline">
            <Csrf token={p.owner.csrf} />
            <button type="submit" class="secondary" data-confirm="Make a new signing secret? The current one keeps working for 24 hours.">
              Rotate secret
            </button>
          </form>
          <form method="post" action={`${path}/delete`} class="inline">
            <Csrf token={p.owner.csrf} />
            <button type="submit" class="danger" data-confirm={`Delete the endpoint ${w.url} and its delivery log for good?`}>
              Delete
            </button>
          </form>
        </div>
        <p class="muted small manage-note">Rotating makes a new secret and shows it once; the old one keeps signing for 24 hours, so your receiver can switch without missing an event.</p>
      </section>
    </AppShell>
  );
}
