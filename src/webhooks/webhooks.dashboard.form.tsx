import { AppShell } from '../admin/admin.app-shell.js';
import { Alert, Csrf, Field, type FieldErrors } from '../admin/admin.views.js';
import { EventPicker, FORMATS, endpointPath, integrationsBase, type CatalogEvent, type PageBase, type Webhook } from './webhooks.dashboard.parts.js';

/** The endpoint form as typed, so a refused form comes back as it was sent. */
export interface EndpointForm {
  url: string;
  description: string;
  format: string;
  events: string[];
}
export const formOfWebhook = (w: Webhook): EndpointForm => ({ url: w.url, description: w.description ?? '', format: w.format, events: w.events });

export function EndpointFormPage(p: PageBase & { webhook?: Webhook; catalog: CatalogEvent[]; form: EndpointForm; errors?: FieldErrors; error?: string }) {
  const f = p.form;
  const e = p.errors ?? {};
  const editing = !!p.webhook;
  const title = editing ? 'Edit endpoint' : 'Add endpoint';
  const back = editing ? endpointPath(p.app, p.webhook!) : integrationsBase(p.app);
  return (
    <AppShell title={title} owner={p.owner} app={p.app} sections={p.sections} current="integrations">
      <p class="crumbs">
        <a href={integrationsBase(p.app)}>Integrations</a>
      </p>
      <h1>{title}</h1>
      {p.error ? <Alert kind="error">{p.error}</Alert> : null}
      <form method="post" action={editing ? back : integrationsBase(p.app)} class="stack card endpoint-form" novalidate>
        <Csrf token={p.owner.csrf} />
        <fieldset class={e.format ? 'formats has-error' : 'formats'}>
          <legend>Where events go</legend>
          <div class="format-options">
            {FORMATS.map((o) => (
              <label class="format-option">
                <input type="radio" name="format" value={o.value} checked={(f.format || 'standard') === o.value} aria-describedby={`fmt-${o.value}-hint`} />
                <span class="format-name">{o.label}</span>
                <span class="hint" id={`fmt-${o.value}-hint`}>
                  {o.hint}
                </span>
              </label>
            ))}
          </div>
          {e.format ? <p class="error">{e.format}</p> : null}
        </fieldset>
        <Field name="url" label="Endpoint URL" type="url" value={f.url} error={e.url} required autocomplete="off" hint="https://… Addresses inside private networks are refused unless the server allows them." />
        <Field name="description" label="Description (optional)" value={f.description} error={e.description} hint="For you only, e.g. “#launch channel” or “CRM sync”." />
        <EventPicker id="f-events" catalog={p.catalog} selected={f.events} error={e.events} />
        <div class="actions">
          <button type="submit">{editing ? 'Save endpoint' : 'Add endpoint'}</button>
          <a class="button secondary" href={back}>
            Cancel
          </a>
        </div>
      </form>
    </AppShell>
  );
}
