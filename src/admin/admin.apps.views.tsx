import type { App } from '../apps/apps.schema.js';
import { LOCALES } from '../kernel/i18n.js';
import type { DashboardSection } from '../kernel/module.js';
import { AppShell } from './admin.app-shell.js';
import { Alert, Csrf, Field, Shell, type FieldErrors, type ShellProps } from './admin.views.js';

type Owner = NonNullable<ShellProps['owner']>;
export type AppForm = Partial<Record<'name' | 'slug' | 'bundleId' | 'deepLinkScheme' | 'logoUrl' | 'locale' | 'promotion', string>>;

export const formOfApp = (a: App): AppForm => ({
  name: a.name,
  slug: a.slug,
  bundleId: a.bundleId ?? '',
  deepLinkScheme: a.deepLinkScheme ?? '',
  logoUrl: a.logoUrl ?? '',
  locale: a.locale ?? '',
  promotion: a.promotion ? JSON.stringify(a.promotion, null, 2) : '',
});

/** The catalogs' languages other than English, each by its own name (the catalogs are the one list). */
const LANGUAGES: [string, string][] = LOCALES.filter((l) => l !== 'en').map((l) => [l, new Intl.DisplayNames([l], { type: 'language' }).of(l) ?? l]);

function AppFields({ v, errors, withPromotion }: { v: AppForm; errors: FieldErrors; withPromotion: boolean }) {
  return (
    <>
      <Field name="name" label="Name" value={v.name} error={errors.name} required />
      <Field name="slug" label="Slug" value={v.slug} error={errors.slug} hint="Lowercase letters, digits and dashes; in every public URL. Derived from the name when empty." />
      <Field name="bundleId" label="Bundle id / package name" value={v.bundleId} error={errors.bundleId} />
      <Field name="deepLinkScheme" label="Deep-link scheme" value={v.deepLinkScheme} error={errors.deepLinkScheme} hint="e.g. myapp (for myapp://…)" />
      <Field name="logoUrl" label="Logo URL" type="url" value={v.logoUrl} error={errors.logoUrl} />
      <div class={errors.locale ? 'field has-error' : 'field'}>
        <label for="f-locale">Language of the hosted pages</label>
        <p class="hint" id="f-locale-hint">
          Built-in words of every page whose flow sets no language of its own.
        </p>
        <select id="f-locale" name="locale" aria-describedby={errors.locale ? 'f-locale-hint f-locale-error' : 'f-locale-hint'} aria-invalid={errors.locale ? 'true' : undefined}>
          {[['', 'English (default)'], ...LANGUAGES].map(([value, label]) => (
            <option value={value} selected={(v.locale ?? '') === value}>
              {label}
            </option>
          ))}
        </select>
        {errors.locale ? (
          <p class="error" id="f-locale-error">
            {errors.locale}
          </p>
        ) : null}
      </div>
      {withPromotion ? (
        <Field
          name="promotion"
          label="Promotion metadata (JSON)"
          multiline
          rows={5}
          value={v.promotion}
          error={errors.promotion}
          hint='Optional: {"appStoreId": "123", "storeUrl": "https://…", "destinations": {"home": "/"}}'
        />
      ) : null}
    </>
  );
}

export function AppsPage(p: { owner: Owner; apps: App[]; form?: AppForm; errors?: FieldErrors; error?: string }) {
  return (
    <Shell title="Apps" owner={p.owner} current="apps">
      <h1>Apps</h1>
      {p.apps.length === 0 ? <p class="muted">No apps yet: create the first one below.</p> : null}
      <ul class="cards">
        {p.apps.map((a) => (
          <li class="card app">
            {a.logoUrl ? <img src={a.logoUrl} alt="" width={40} height={40} /> : <span class="monogram" aria-hidden="true">{a.name.slice(0, 1).toUpperCase()}</span>}
            <div>
              <a href={`/admin/apps/${a.slug}/overview`} class="strong">
                {a.name}
              </a>
              <p class="muted small mono">{a.slug}</p>
            </div>
          </li>
        ))}
      </ul>
      <section class="card" aria-labelledby="new-app-h">
        <h2 id="new-app-h">New app</h2>
        {p.error ? <Alert kind="error">{p.error}</Alert> : null}
        <form method="post" action="/admin/apps" class="stack">
          <Csrf token={p.owner.csrf} />
          <AppFields v={p.form ?? {}} errors={p.errors ?? {}} withPromotion={false} />
          <button type="submit">Create app</button>
        </form>
      </section>
    </Shell>
  );
}

export interface FlowItem {
  type: string;
  label: string;
  multi: boolean;
  flows: { slug: string; name: string; status: string; publishedVersion: number | null; isPrimary: boolean }[];
}

export function AppPage(p: { owner: Owner; app: App; form: AppForm; errors?: FieldErrors; error?: string; notice?: string; canEdit: boolean; types: FlowItem[]; sections: DashboardSection[] }) {
  const base = `/admin/apps/${p.app.slug}`;
  return (
    <AppShell title="Settings & flows" owner={p.owner} app={p.app} sections={p.sections} current="">
      <h1>{p.app.name}</h1>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      <section aria-labelledby="flows-h">
        <h2 id="flows-h">Flows</h2>
        <ul class="cards flows">
          {p.types.map((t) => (
            <li class="card flow">
              <div>
                <a class="strong" href={`${base}/flows/${t.type}`}>
                  {t.label}
                </a>
                {t.flows.length === 0 ? <p class="muted small">Not set up</p> : null}
                {t.flows.map((f) => (
                  <p class="small">
                    {f.isPrimary ? null : (
                      <>
                        <a href={`${base}/flows/${t.type}?flowSlug=${encodeURIComponent(f.slug)}`}>{f.slug}</a>{' '}
                      </>
                    )}
                    <span class={f.status === 'published' ? 'badge on' : 'badge'}>{f.status === 'published' ? `v${f.publishedVersion} live` : 'draft'}</span>
                  </p>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section class="card" aria-labelledby="edit-app-h">
        <h2 id="edit-app-h">App settings</h2>
        {p.error ? <Alert kind="error">{p.error}</Alert> : null}
        {p.canEdit ? null : <Alert kind="warn">Editing apps needs the app update operation (PATCH /api/v1/apps/:idOrSlug), which this server does not have yet.</Alert>}
        <form method="post" action={base} class="stack">
          <Csrf token={p.owner.csrf} />
          <fieldset disabled={!p.canEdit}>
            <legend class="visually-hidden">App settings</legend>
            <AppFields v={p.form} errors={p.errors ?? {}} withPromotion />
          </fieldset>
          <button type="submit" disabled={!p.canEdit}>
            Save app
          </button>
        </form>
        <p class="muted small">
          Id <span class="mono">{p.app.id}</span>
        </p>
      </section>
    </AppShell>
  );
}
