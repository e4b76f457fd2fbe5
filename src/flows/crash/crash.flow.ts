import { pagePath, type FlowTypeDef, type Warning } from '../../kernel/flows/registry.js';
import { crashConfig, type CrashConfig } from './crash.schema.js';
import { CRASH_TEMPLATES } from './crash.templates.js';

/**
 * Advisory only.
 * - missing_legal: the page collects an email or a log (which may hold personal data) with no privacy note.
 * - log_field_web_only: the log box shows on the hosted page only; the native SDK form ignores it.
 * - required_email_not_for_auto_reports: automatic reports carry no email and are accepted without one.
 */
export function crashWarnings(c: CrashConfig): Warning[] {
  const out: Warning[] = [];
  if ((c.emailField?.enabled || c.logField?.enabled) && !c.intro.legal?.trim()) {
    out.push({ code: 'missing_legal', path: '/intro/legal', message: 'The form collects an email or a log, which may hold personal data: add a privacy note (intro.legal).' });
  }
  if (c.logField?.enabled) {
    out.push({ code: 'log_field_web_only', path: '/logField', message: 'The log box shows on the hosted page only; the native SDK form ignores it (the SDK sends its own attachments).' });
  }
  if (c.emailField?.enabled && c.emailField.required) {
    out.push({ code: 'required_email_not_for_auto_reports', path: '/emailField/required', message: 'Automatic crash reports (source sdk_auto) carry no email; they are accepted without one.' });
  }
  return out;
}

export const crashFlow: FlowTypeDef<CrashConfig> = {
  type: 'crash',
  segment: 'crash',
  label: 'Crash report form',
  schema: crashConfig,
  primarySlug: 'crash',
  publicUrl: (p) => `${p.urls.web}/crash${pagePath({ ...p, primary: true })}`,
  multi: false,
  warnings: crashWarnings,
  templates: () => CRASH_TEMPLATES,
  previewScreens: () => [
    { id: 'form', label: 'Form' },
    { id: 'success', label: 'Success' },
  ],
};
