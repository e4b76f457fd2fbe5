import { pagePath, type FlowTypeDef } from '../../kernel/flows/registry.js';
import { onboardingScreens } from './onboarding.screens.js';
import { onboardingConfig, type OnboardingConfig } from './onboarding.schema.js';
import { onboardingTemplates } from './onboarding.templates.js';
import { onboardingWarnings } from './onboarding.warnings.js';

export const onboardingFlow: FlowTypeDef<OnboardingConfig> = {
  type: 'onboarding',
  segment: 'onboarding',
  label: 'Onboarding funnel',
  schema: onboardingConfig,
  primarySlug: 'onboarding',
  publicUrl: (p) => `${p.urls.web}/onboarding${pagePath({ ...p, primary: true })}`,
  multi: false,
  warnings: (config) => onboardingWarnings(config),
  templates: (ctx) => onboardingTemplates(ctx),
  previewScreens: onboardingScreens,
};
