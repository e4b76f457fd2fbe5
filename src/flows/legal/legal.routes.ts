import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { defineOp, type Operation } from '../../kernel/operation.js';
import type { LegalService } from './legal.service.js';

const NOT_ADVICE = 'Derived only from the facts you asserted and the processor presets: a careful starting point, not legal advice. Check it against the store’s form before you submit.';

export const basisSchema = z
  .object({
    source: z.enum(['published', 'draft']).describe('`published`: derived from a frozen published version (never changes afterwards); `draft`: a preview of the current draft with the flows published now.'),
    version: z.number().int().nullable().describe('The published version it derives from (null for a draft).'),
    effectiveDate: z.string().nullable().describe('That version’s effective date (YYYY-MM-DD).'),
    url: z.string().nullable().describe('That version’s policy page (`WEB_URL/legal/<appSlug>/v/<n>`).'),
  })
  .describe('Which version of the legal flow this derives from.');

const unmapped = z
  .array(z.object({ id: z.string(), name: z.string(), reason: z.string() }))
  .describe('Processors the facts do not describe well enough to declare (a custom processor without `receives`): declare them yourself, or add `receives`.');

export const appStorePrivacySchema = z.object({
  basis: basisSchema,
  dataNotCollected: z.boolean().describe('true when no data leaves the device (and no processor is unmapped): answer “No, we do not collect data from this app”.'),
  entries: z
    .array(
      z.object({
        category: z.string().describe('Apple’s data type name, as in App Store Connect (“Email Address”, “Crash Data”, “Product Interaction”).'),
        group: z.string().describe('Apple’s category the type sits under (“Contact Info”, “Diagnostics”, “Usage Data”).'),
        purpose: z.string().describe('Apple’s purpose name (“App Functionality”, “Analytics”, “Developer’s Advertising or Marketing”, “Third-Party Advertising”, “Product Personalization”, “Other Purposes”).'),
        linkedToIdentity: z.boolean().describe('“Is this data linked to the user’s identity?”'),
        usedForTracking: z.boolean().describe('“Is this data used for tracking purposes?”'),
        source: z.string().describe('The processor that causes it (“RevenueCat”, “Appflows”, or your entity name for platform data you send yourself).'),
      }),
    )
    .describe('One entry per data type, purpose and source; only data that leaves the device. Linked and tracking are answered once per data type (linked if any collection of it is), so every entry of a type agrees; versions published before that keep their per-source answers.'),
  dataTypes: z
    .array(
      z.object({
        category: z.string().describe('Apple’s data type name.'),
        group: z.string().describe('Apple’s category the type sits under.'),
        purposes: z.array(z.string()).describe('Every Apple purpose it is collected for.'),
        linkedToIdentity: z.boolean().describe('Apple’s rule: linked if any collection of it is linked.'),
        usedForTracking: z.boolean().describe('Used for tracking by any recipient.'),
        sources: z.array(z.string()).describe('Who receives it.'),
      }),
    )
    .optional()
    .describe('The same answers as App Store Connect asks them, one per data type. Absent on versions published before it existed.'),
  unmappedProcessors: unmapped,
  usedForTracking: z.boolean().describe('Whether any entry is used for tracking (then the app needs the App Tracking Transparency prompt).'),
});

export const playDataSafetySchema = z.object({
  basis: basisSchema,
  dataCollected: z.boolean().describe('“Does your app collect or share any of the required user data types?”'),
  dataShared: z.boolean().describe('Whether any data type is shared (transferred to a third party for its own use; service providers acting for you are not sharing).'),
  dataTypes: z.array(
    z.object({
      category: z.string().describe('Google’s data category (“Personal info”, “App activity”, “App info and performance”).'),
      dataType: z.string().describe('Google’s data type (“Email address”, “App interactions”, “Crash logs”).'),
      collected: z.literal(true),
      shared: z.boolean(),
      optional: z.boolean().describe('Users can choose whether to provide it.'),
      purposes: z.array(z.string()).describe('Google’s purpose names (“App functionality”, “Analytics”, “Developer communications”, “Advertising or marketing”, “Fraud prevention, security, and compliance”, “Personalization”, “Account management”).'),
      sources: z.array(z.string()).describe('Processors that cause it.'),
    }),
  ),
  unmappedProcessors: unmapped,
  unanswered: z.array(z.string()).describe('Questions of the form the asserted facts do not answer.'),
});

const derivationQuery = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000).optional().describe('A published version number (default: the current one).'),
  draft: z
    .enum(['true', 'false'])
    .optional()
    .describe('`true`: preview the draft (not frozen; what publishing now would declare).'),
});

/** The owner's declaration endpoints (REST + MCP), derived from a published version or the draft. */
export function legalOperations(d: { apps: AppService; legal: LegalService }): Operation[] {
  const { apps, legal } = d;
  const tags = ['Legal'];
  const target = (q: z.output<typeof derivationQuery>) => ({ version: q.version, draft: q.draft === 'true' });
  return [
    defineOp({
      id: 'getAppStorePrivacyDeclaration',
      mcp: 'get_app_store_privacy_declaration',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/legal/app-store-privacy',
      auth: 'owner',
      tags,
      summary: 'The App Store privacy declaration (App Privacy answers) derived from the legal facts',
      description: `Answers Apple’s App Privacy questionnaire with Apple’s own category and purpose names, from the published legal version (\`basis\` says which; \`?version=\` picks another, \`?draft=true\` previews the draft). Only data that leaves the device counts. Public copy: \`WEB_URL/legal/<appSlug>/app-store-privacy\`. 404 when the legal flow is not published. ${NOT_ADVICE}`,
      params: appParams,
      query: derivationQuery,
      response: appStorePrivacySchema,
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => legal.appStorePrivacy(await apps.resolve(ctx.accountId, params.idOrSlug), target(query)),
    }),
    defineOp({
      id: 'getPlayDataSafety',
      mcp: 'get_play_data_safety',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/legal/play-data-safety',
      auth: 'owner',
      tags,
      summary: 'Google Play Data safety answers derived from the same legal facts',
      description: `Google’s data categories, types and purposes, from the same version as the App Store declaration (\`?version=\`, \`?draft=true\` as there). Public copy: \`WEB_URL/legal/<appSlug>/play-data-safety\`. ${NOT_ADVICE}`,
      params: appParams,
      query: derivationQuery,
      response: playDataSafetySchema,
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => legal.playDataSafety(await apps.resolve(ctx.accountId, params.idOrSlug), target(query)),
    }),
  ];
}
