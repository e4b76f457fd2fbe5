import { z } from 'zod';
import type { PublishedFlow } from '../../kernel/flows/flows.service.js';

/**
 * What public clients get for a published form (WIRE B.2 "Form config envelope"). Absent
 * optional keys are left out, not null: the iOS SDK decodes strictly.
 */
export function publicEnvelope(p: PublishedFlow) {
  return {
    flowSlug: p.flow.slug,
    app: { name: p.app.name, ...(p.app.logo_url ? { logoUrl: p.app.logo_url } : {}) },
    config: p.config as Record<string, unknown>,
  };
}

export const envelopeSchema = z.object({
  flowSlug: z.string().describe('Slug of the served flow (the primary’s own slug for the primary); send it back as `flowSlug`.'),
  app: z.object({ name: z.string(), logoUrl: z.string().optional(), websiteUrl: z.string().optional() }),
  config: z.record(z.string(), z.unknown()).describe('The published config.'),
});
