import { pagePath, type FlowTypeDef } from '../../kernel/flows/registry.js';
import { WAITLIST_TEMPLATES } from './waitlist.templates.js';
import { waitlistConfig, type WaitlistConfig } from './waitlist.schema.js';
import { waitlistWarnings } from './waitlist.warnings.js';

export const waitlistFlow: FlowTypeDef<WaitlistConfig> = {
  type: 'waitlist',
  segment: 'waitlist',
  label: 'Waitlist',
  schema: waitlistConfig,
  primarySlug: 'waitlist',
  publicUrl: (p) => (p.urls.signup ? `${p.urls.signup}${pagePath(p)}` : `${p.urls.web}/waitlist${pagePath(p)}`),
  multi: true,
  warnings: (config) => waitlistWarnings(config),
  templates: () => WAITLIST_TEMPLATES,
};
