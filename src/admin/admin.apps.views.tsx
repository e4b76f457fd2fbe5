import type { App } from '../apps/apps.schema.js';
import { LOCALES } from '../kernel/i18n.js';
import { accentNotes } from '../kernel/pages/contrast.js';
import type { DashboardSection } from '../kernel/module.js';
import { AppShell } from './admin.app-shell.js';
import { LiveLinks, ShortUrl, type LiveLink } from './admin.editor.live.js';
import { Alert, Csrf, Field, Shell, type FieldErrors, type ShellProps } from './admin.views.js';
import { promotionForm, type PromotionForm } from './admin.apps.promotion.js';

type Owner = NonNullable<ShellProps['owner']>;
export type AppForm = Partial<Record<'name' | 'slug' | 'bundleId' | 'deepLinkScheme' | 'logoUrl' | 'locale' | 'accentColor' | 'theme', string>> & PromotionForm;

export const formOfApp = (a: App): AppForm => ({
  name: a.name,
  slug: a.slug,
  bundleId: a.bundleId ?? '',
  deepLinkScheme: a.deepLinkScheme ?? '',
  logoUrl: a.logoUrl ?? '',
  locale: a.locale ?? '',
  accentColor: a.accentColor ?? '',
  theme: a.theme ?? '',
  ...promotionForm(a.promotion),
});

/** The catalogs' languages other than English, each by its own name (the catalogs are the one list). */
const LANGUAGES: [string, string][] = LOCALES.filter((l) => l !== 'en').map((l) => [l, new Intl.DisplayNames([l], { type: 'language' }).of(l) ?? l]);

const THEMES: [string, string][] = [
  ['', 'Page default (forms light, cancel and onboarding automatic)'],
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['auto', 'Automatic (the visitor’s system setting)'],
];

/**
 * The accent colour: a text field (`#rrggbb`, empty for the built-in indigo) that works without
 * JavaScript, and a colour picker the admin island shows and keeps in step with it. Under it,
 * what the pages do when the colour would not stand out from a light or a dark card (the
 * contrast rule, kernel/pages/contrast.ts); the island updates it as the colour changes.
 */
function AccentField({ value, error }: { value?: string; error?: string }) {
  const hex = /^#[0-9a-fA-F]{6}$/.test(value ?? '') ? value!.toLowerCase() : '';
  const notes = hex ? accentNotes(hex) : [];
  return (
    <div class={error ? 'field has-error' : 'field'}>
      <label for="f-accentColor">Accent colour</label>
      <p class="hint" id="f-accentColor-hint">
        Buttons, links and highlights of every hosted page whose flow sets no accent of its own, as #rrggbb. Empty: the built-in indigo.
      </p>
      <div class="color-field">
        <input type="color" value={hex || '#4f46e5'} aria-label="Pick the accent colour" data-color-for="f-accentColor" hidden />
        <input
          id="f-accentColor"
          name="accentColor"
          type="text"
          value={value ?? ''}
          placeholder="#4f46e5"
          pattern="#[0-9a-fA-F]{6}"
          maxLength={7}
          spellcheck={false}
          autocomplete="off"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={['f-accentColor-hint', 'f-accentColor-notes', error ? 'f-accentColor-error' : ''].filter(Boolean).join(' ')}
        />
      </div>
      <p class="hint contrast-notes" id="f-accentColor-notes" role="status" data-contrast-notes>
        {notes.join(' ')}
      </p>
      {error ? (
        <p class="error" id="f-accentColor-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function AppFields({ v, errors, withPromotion }: { v: AppForm; errors: FieldErrors; withPromotion: boolean }) {
  return (
    <>
      <Field name="name" label="Name" value={v.name} error={errors.name} required />
      <Field name="slug" label="Slug" value={v.slug} error={errors.slug} hint="Lowercase letters, digits and dashes; in every public URL. Derived from the name when empty." />
      <Field name="bundleId" label="Bundle id / package name" value={v.bundleId} error={errors.bundleId} />
      <Field name="deepLinkScheme" label="Deep-link scheme" value={v.deepLinkScheme} error={errors.deepLinkScheme} hint="e.g. myapp (for myapp://…)" />
      <Field name="logoUrl" label="Logo URL" type="url" value={v.logoUrl} error={errors.logoUrl} hint="Beside the app's name on every hosted page, and their favicon and link-preview image." />
      <AccentField value={v.accentColor} error={errors.accentColor} />
      <div class={errors.theme ? 'field has-error' : 'field'}>
        <label for="f-theme">Colour scheme of the hosted pages</label>
        <p class="hint" id="f-theme-hint">
          Every page whose flow sets no theme of its own. Automatic follows each visitor's light or dark system setting.
        </p>
        <select id="f-theme" name="theme" aria-describedby={errors.theme ? 'f-theme-hint f-theme-error' : 'f-theme-hint'} aria-invalid={errors.theme ? 'true' : undefined}>
          {THEMES.map(([value, label]) => (
            <option value={value} selected={(v.theme ?? '') === value}>
              {label}
            </option>
          ))}
        </select>
        {errors.theme ? (
          <p class="error" id="f-theme-error">
            {errors.theme}
          </p>
        ) : null}
      </div>
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
        <fieldset class="promotion">
          <legend>When your other apps promote this one</legend>
          <p class="hint">Optional. What an app-promotion card opens for this app; leave it empty if you do not promote it.</p>
          <Field name="promoAppStoreId" label="App Store id" value={v.promoAppStoreId} error={errors.promoAppStoreId} hint="The digits in its App Store link (…/id123456789): the native install sheet opens with it." />
          <Field name="promoStoreUrl" label="Store page" type="url" value={v.promoStoreUrl} error={errors.promoStoreUrl} hint="https://apps.apple.com/app/…, opened where no install sheet can be shown." />
          <Field name="promoUniversalLinkBase" label="Universal link base" type="url" value={v.promoUniversalLinkBase} error={errors.promoUniversalLinkBase} hint="https://… that opens the app when it is installed." />
          <Field name="promoIconUrl" label="Icon" type="url" value={v.promoIconUrl} error={errors.promoIconUrl} hint="https://… of the icon shown on promotion cards." />
          <Field
            name="promoDestinations"
            label="Destinations"
            multiline
            rows={4}
            value={v.promoDestinations}
            error={errors.promoDestinations}
            hint="One per line: a name, a space, then a path or a link. For example: home /  or  recipes /recipes/today"
          />
        </fieldset>
      ) : null}
    </>
  );
}

export function AppsPage(p: { owner: Owner; apps: App[]; form?: AppForm; errors?: FieldErrors; error?: string; /** App id -> its published flows. */ live?: Record<string, LiveLink[]> }) {
  return (
    <Shell title="Apps" owner={p.owner} current="apps">
      <h1>Apps</h1>
      {p.apps.length === 0 ? <p class="muted">No apps yet: create the first one below.</p> : null}
      <ul class="cards apps">
        {p.apps.map((a) => (
          <li class="card app">
            {a.logoUrl ? <img src={a.logoUrl} alt="" width={40} height={40} /> : <span class="monogram" aria-hidden="true">{a.name.slice(0, 1).toUpperCase()}</span>}
            <div>
              <a href={`/admin/apps/${a.slug}/overview`} class="strong">
                {a.name}
              </a>
              <p class="muted small mono">{a.slug}</p>
              {p.live ? <LiveLinks links={p.live[a.id] ?? []} appName={a.name} /> : null}
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
  flows: { slug: string; name: string; status: string; publishedVersion: number | null; isPrimary: boolean; publicUrl?: string | null }[];
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
                    {f.status === 'published' && f.publicUrl ? (
                      <a class="out mono small live-url" href={f.publicUrl} target="_blank" rel="noopener">
                        <ShortUrl url={f.publicUrl} />
                        <span class="visually-hidden"> (live page, new tab)</span>
                      </a>
                    ) : null}
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
