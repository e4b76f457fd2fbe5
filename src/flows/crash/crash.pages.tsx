import type { FastifyInstance } from 'fastify';
import type { OperationDeps } from '../../kernel/http.js';
import { emailPageField, type PageField } from '../forms/forms.kind.js';
import { registerHostedForm, type HostedForm } from '../forms/forms.hosted.js';
import { crashBody, CRASH_LIMITS, type CrashConfig } from './crash.schema.js';
import type { CrashService } from './crash.service.js';

/** The hosted page's inputs: what happened, the log box when enabled, the email when enabled. */
export function crashPageFields(c: CrashConfig): PageField[] {
  return [
    { kind: 'textarea', name: 'message', label: 'What happened?', placeholder: c.intro.messagePlaceholder, required: true, maxLength: CRASH_LIMITS.message },
    ...(c.logField?.enabled
      ? [{ kind: 'textarea' as const, name: 'log', label: c.logField.label || 'Log or steps to reproduce (optional)', placeholder: c.logField.placeholder, required: false, maxLength: CRASH_LIMITS.attachmentBytes }]
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
      const c = p.config as CrashConfig;
      return {
        app: { name: p.app.name, logoUrl: p.app.logo_url },
        hero: c.hero,
        intro: c.intro,
        fields: crashPageFields(c),
        submitLabel: c.intro.submitLabel,
        success: c.success,
        api: '/api/public/crash',
        appSlug: p.app.slug,
        flowSlug: p.flow.slug,
      };
    },
  };
}

/** WEB_URL/crash/<app>[/<flow>]: the shared hosted form (works without JavaScript). */
export function registerCrashPages(app: FastifyInstance, crash: CrashService, opts: { deps: OperationDeps; rateLimit: number }) {
  registerHostedForm(app, ['/crash/:appSlug', '/crash/:appSlug/:flowSlug'], crashHostedForm(crash), opts);
}
