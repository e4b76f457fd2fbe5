import { Csrf, formatTime } from '../admin/admin.views.js';
import type { Delivery, PageBase, Webhook } from './webhooks.dashboard.parts.js';

const STATUS: Record<Delivery['status'], [string, string]> = {
  pending: ['badge warn', 'Pending'],
  succeeded: ['badge on', 'Delivered'],
  failed: ['badge off', 'Failed'],
};


function payloadText(payload: unknown): string | undefined {
  if (payload === undefined || payload === null) return undefined;
  if (typeof payload === 'string') {
    try {
      return JSON.stringify(JSON.parse(payload), null, 2);
    } catch {
      return payload;
    }
  }
  return JSON.stringify(payload, null, 2);
}


/** An endpoint's delivery log: newest first, status, attempts, last response, the payload, retry. */
export function Deliveries(p: PageBase & { webhook: Webhook; deliveries: Delivery[]; nextCursor: string | null; paged: boolean; path: string }) {
  return (
    <section class="card" aria-labelledby="deliveries-h">
      <div class="titlebar">
        <h2 id="deliveries-h">Deliveries</h2>
        <div class="actions">
          <a class="button secondary small" href={p.path}>
            Refresh
          </a>
          <form method="post" action={`${p.path}/test`} class="inline">
            <Csrf token={p.owner.csrf} />
            <button type="submit" class="small">
              Send test event
            </button>
          </form>
        </div>
      </div>
      <p class="muted small">Newest first. A retry keeps the delivery’s webhook-id, so your receiver can ignore repeats.</p>
      {p.deliveries.length === 0 ? (
        <p>{p.paged ? <a href={p.path}>Back to the newest deliveries</a> : 'No deliveries yet. Send a test event to see one here.'}</p>
      ) : (
        <ul class="deliveries">
          {p.deliveries.map((d) => (
            <DeliveryItem d={d} path={p.path} csrf={p.owner.csrf} format={p.webhook.format} />
          ))}
        </ul>
      )}
      {p.paged || p.nextCursor ? (
        <nav class="pager" aria-label="Pages of deliveries">
          {p.paged ? <a href={p.path}>Newest deliveries</a> : null}
          {p.nextCursor ? <a href={`${p.path}?cursor=${encodeURIComponent(p.nextCursor)}`}>Older deliveries</a> : null}
        </nav>
      ) : null}
    </section>
  );
}

function DeliveryItem({ d, path, csrf, format }: { d: Delivery; path: string; csrf: string; format: string }) {
  // Pending after a failed attempt: waiting for its next try.
  const [cls, label] = d.status === 'pending' && d.attempts > 0 ? ['badge warn', 'Retrying'] : (STATUS[d.status] ?? ['badge', d.status]);
  const payload = payloadText(d.payload);
  return (
    <li class={`delivery ${d.status}`}>
      <div class="d-head">
        <span class={cls}>{label}</span>
        <code class="d-type">{d.eventType}</code>
        <span class="muted small d-time">{formatTime(d.createdAt)}</span>
      </div>
      <dl class="d-facts">
        <div>
          <dt>Attempts</dt>
          <dd>{d.attempts}</dd>
        </div>
        <div>
          <dt>Response</dt>
          <dd>{d.lastStatusCode ?? '—'}</dd>
        </div>
        {d.status === 'pending' && d.nextAttemptAt ? (
          <div>
            <dt>Next attempt</dt>
            <dd>{formatTime(d.nextAttemptAt)}</dd>
          </div>
        ) : null}
      </dl>
      {d.lastError ? <p class="d-error small wrap">{d.lastError}</p> : null}
      <div class="d-more">
        {payload ? (
          <details>
            <summary>Payload</summary>
            {format !== 'standard' ? <p class="hint">{format === 'slack' ? 'Slack' : 'Discord'} gets a short message made from this event.</p> : null}
            <pre class="payload" tabIndex={0} role="region" aria-label={`Payload of ${d.eventType}`}>
              {payload}
            </pre>
          </details>
        ) : null}
        {d.status !== 'pending' || d.attempts > 0 ? (
          <form method="post" action={`${path}/deliveries/${encodeURIComponent(d.id)}/retry`} class="inline">
            <Csrf token={csrf} />
            <button type="submit" class="secondary small">
              {d.status === 'failed' ? 'Retry' : d.status === 'pending' ? 'Retry now' : 'Send again'}
              <span class="visually-hidden">
                {' '}
                {d.eventType} of {formatTime(d.createdAt)}
              </span>
            </button>
          </form>
        ) : null}
      </div>
    </li>
  );
}
