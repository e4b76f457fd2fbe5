import { pagePath, type FlowTypeDef } from '../../kernel/flows/registry.js';
import { onboardingDraftView } from './onboarding.pages.js';
import { onboardingConfig, type OnboardingConfig } from './onboarding.schema.js';
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
  preview: (config, ctx) => onboardingDraftView(config, ctx.app),
};
