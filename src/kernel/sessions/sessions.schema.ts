import { z } from 'zod';
import { flowSlugSchema } from '../flows/flows.service.js';
import { publicAppSlug } from '../../apps/apps.schema.js';
import { clientLocale } from '../client-locale.js';

const optional = (max: number, what: string) => z.string().max(max).nullish().describe(what);

/**
 * WIRE B.2 StartRequest (cancel and onboarding sessions alike), as the iOS SDK sends it: nil optionals are left out (null is accepted
 * too), `attributes` is free JSON whose values may be null, arrays or objects; unknown keys are
 * ignored (a newer SDK must not be refused).
 */
export const startRequest = z.object({
  appSlug: publicAppSlug,
  flowSlug: flowSlugSchema.optional().describe('A secondary flow (cancel); omitted = the primary one.'),
  platform: z.string().min(1).max(20).describe('`ios` from the iOS SDK; `android`, `web` … from other clients.'),
  userId: optional(200, 'The app’s user id, kept for segmenting.'),
  anonymousId: optional(200, 'An install-scoped anonymous id.'),
  locale: clientLocale.nullish(),
  appVersion: optional(40, 'CFBundleShortVersionString.'),
  attributes: z
    .record(z.string().max(100), z.unknown())
    .nullish()
    .refine((a) => !a || Buffer.byteLength(JSON.stringify(a)) <= 8192, 'attributes must be at most 8 KB of JSON')
    .describe('Free JSON kept with the session for segmenting (at most 8 KB).'),
});
export type StartRequest = z.infer<typeof startRequest>;

export const startResponse = z.object({
  sessionId: z.string(),
  token: z.string().describe('The page’s capability for this session (also inside flowUrl).'),
  flowUrl: z.string().describe('Absolute URL of the hosted page for this session, under WEB_URL.'),
});
