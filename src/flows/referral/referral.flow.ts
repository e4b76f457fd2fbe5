import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import { referralConfig, type ReferralConfig } from './referral.schema.js';
import { referralTemplates } from './referral.templates.js';
import { referralWarnings } from './referral.warnings.js';

export const referralFlow: FlowTypeDef<ReferralConfig> = {
  type: 'referral',
  segment: 'referral',
  label: 'Referral',
  schema: referralConfig as never,
  primarySlug: 'referral',
  multi: false,
  warnings: (config) => referralWarnings(config),
  templates: (ctx) => referralTemplates(ctx),
};
