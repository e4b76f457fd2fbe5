import { brandOfRow } from '../../kernel/pages/brand.js';
import type { FastifyInstance } from 'fastify';
import type { OperationDeps } from '../../kernel/http.js';
import { emailPageField, type PageField } from '../forms/forms.kind.js';
import { registerHostedForm, type HostedForm } from '../forms/forms.hosted.js';
import { FormPage, type FormView } from '../forms/forms.view.js';
import { crashBody, CRASH_LIMITS, type CrashConfig } from './crash.schema.js';
import type { CrashService } from './crash.service.js';

/** The hosted page's inputs: what happened, the log box when enabled, the email when enabled. */
export function crashPageFields(c: CrashConfig): PageField[] {
  return [
    { kind: 'textarea', name: 'message', label: { t: 'whatHappened' }, placeholder: c.intro.messagePlaceholder, required: true, maxLength: CRASH_LIMITS.message },
    ...(c.logField?.enabled
      ? [{ kind: 'textarea' as const, name: 'log', label: c.logField.label || { t: 'logOrSteps' as const }, placeholder: c.logField.placeholder, required: false, maxLength: CRASH_LIMITS.attachmentBytes }]
      : []),
    ...emailPageField(c.emailField),
  ];
}

function crashHostedForm(crash: CrashService): HostedForm {
  return {
    body: crashBody,
    rateAction: 'crash.submit',
    submit: (body, client) => crash.submit(body, client),
    async view(appSlug, flowSlug) {
      const p = await crash.published(appSlug, flowSlug);
      return crashView(p.app, p.flow.slug, p.config as CrashConfig);
    },
  };
}

/** The page of one crash config (published, or a draft in the dashboard's live preview). */
export function crashView(app: { slug: string; name: string; logo_url: string | null; accent_color?: string | null; theme?: string | null }, flowSlug: string, c: CrashConfig): FormView {
  return {
    app: { name: app.name, logoUrl: app.logo_url, ...brandOfRow(app) },
    hero: c.hero,
    intro: c.intro,
    fields: crashPageFields(c),
    submitLabel: c.intro.submitLabel,
    success: c.success,
    api: '/api/public/crash',
    appSlug: app.slug,
    flowSlug,
    locale: c.locale,
    strings: c.strings,
  };
}

/** The dashboard's live preview: the hosted form of a draft, or its success screen (the form token is a placeholder, refused on submit). */
export const crashDraftView = (c: CrashConfig, app: { slug: string; name: string; logo_url: string | null }, flowSlug: string, screen?: string) =>
  FormPage({ v: crashView(app, flowSlug, c), state: { token: 'preview', done: screen === 'success' } });

/** WEB_URL/crash/<app>[/<flow>]: the shared hosted form (works without JavaScript). */
export function registerCrashPages(app: FastifyInstance, crash: CrashService, opts: { deps: OperationDeps; rateLimit: number }) {
  registerHostedForm(app, ['/crash/:appSlug', '/crash/:appSlug/:flowSlug'], crashHostedForm(crash), opts);
}
