import { z } from 'zod';
import { htmlEmail } from '../../kernel/email.js';
import { localeSchema, stringsSchema } from '../../kernel/i18n.js';
import { ignoredFlowSlug } from '../../kernel/flows/flows.service.js';
import { configUrl } from '../../kernel/web-url.js';
import { snakeId } from '../cancel/cancel.schema.js';
import { publicAppSlug } from '../../apps/apps.schema.js';

/** Config and submit-body pieces shared by feedback, report, contact and waitlist. */

export const text = (max: number) => z.string().max(max);
const label = z.string().trim().min(1).max(80);

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #4f46e5');
export const webUrl = configUrl({ protocol: /^https?$/, message: 'must be an http(s) URL' });
export const theme = z
  .enum(['minimal', 'gradient', 'dark', 'side_by_side'])
  .describe('`minimal` (default), `gradient`, `dark`, or `side_by_side` (two columns on desktop, minimal on a phone).');

/** Intro strings the SDK decodes as required (WIRE E.11): always present, may be empty. */
export const introShape = {
  title: text(120),
  subtitle: text(500),
  submitLabel: text(60),
  legal: text(1000).optional().describe('Small print under the form (privacy note).'),
};
export const intro = z.object(introShape).strict();
export const messageIntro = z.object({ ...introShape, messagePlaceholder: text(200).describe('Placeholder of the message box.') }).strict();

/** Both or neither: a button needs a label and a destination. */
function ctaPair(v: { ctaLabel?: string; ctaUrl?: string }, ctx: z.RefinementCtx) {
  if (!!v.ctaLabel !== !!v.ctaUrl) {
    const missing = v.ctaLabel ? 'ctaUrl' : 'ctaLabel';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'ctaLabel and ctaUrl go together: set both or neither' });
  }
}

/** The success screen's keys without the pair rule (the waitlist warns `partial_cta` instead of refusing: WIRE A.1). */
export const successObject = z
  .object({
    title: text(120),
    body: text(2000),
    ctaLabel: z.string().trim().min(1).max(60).optional().describe('Optional button on the success screen; needs ctaUrl.'),
    ctaUrl: webUrl.optional().describe('Where the success button goes: `http(s)://host/…`, no user:pass@ or backslash; needs ctaLabel.'),
  })
  .strict();
export const success = successObject.superRefine(ctaPair);

export const fieldToggle = z
  .object({
    enabled: z.boolean(),
    placeholder: text(120).optional(),
    required: z.boolean().optional().describe('Default false.'),
  })
  .strict();

function uniqueIds(items: { id: string }[], ctx: z.RefinementCtx, what: string) {
  const seen = new Set<string>();
  items.forEach((it, i) => {
    if (seen.has(it.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate ${what} id "${it.id}"` });
    seen.add(it.id);
  });
}

export const customField = z
  .object({
    id: snakeId,
    label,
    type: z.enum(['text', 'boolean', 'select']),
    placeholder: text(120).optional(),
    options: z.array(z.string().trim().min(1).max(80)).min(1).max(20).optional().describe('Choices of a `select` field.'),
    required: z.boolean().optional(),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.type === 'select' && !f.options) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a select field needs options' });
  });
export type CustomField = z.infer<typeof customField>;

export const customFields = z
  .array(customField)
  .max(8)
  .superRefine((fs, ctx) => uniqueIds(fs, ctx, 'field'))
  .describe('0-8 extra fields; answers arrive as `attributes` keyed by field id.');

export const categories = z
  .array(
    z
      .object({
        id: snakeId.describe('snake_case; submissions send it as `category`.'),
        label,
        emoji: text(16).optional(),
        hint: text(200).optional(),
      })
      .strict(),
  )
  .min(1)
  .max(10)
  .superRefine((cs, ctx) => uniqueIds(cs, ctx, 'category'));

export const formHero = z
  .object({
    theme: theme.optional(),
    eyebrow: text(40).optional().describe('Small chip above the title, max 40 characters.'),
    accentColor: hexColor.optional().describe('Tints the submit button and the eyebrow chip.'),
    titleFont: text(60).optional(),
  })
  .strict();

const colorScheme = z.enum(['auto', 'light', 'dark']).describe('Colour scheme of the native SDK form.');
const layout = z.enum(['steps', 'single']).describe('Native form layout.');

/** Config keys feedback, report and contact share: native layout, success screen and looks. */
export const formLook = {
  locale: localeSchema.optional(),
  strings: stringsSchema.optional(),
  layout: layout.optional(),
  success,
  hero: formHero.optional(),
  colorScheme: colorScheme.optional(),
};

// ---- Submit bodies ----

/** Every email field: the browser's `type=email` rule (kernel/email.ts). */
export const emailInput = htmlEmail;

const attrValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
export const attributes = z
  .record(z.string().min(1).max(60), attrValue)
  .refine((a) => Object.keys(a).length <= 20, 'at most 20 attributes')
  .describe('Custom-field answers keyed by field id (booleans as "true"/"false"); at most 20 keys, values up to 500 characters.');
export type Attributes = z.infer<typeof attributes>;

/** Fields every public submit accepts (SDK shapes, WIRE B.2). */
export const submitCommon = {
  appSlug: publicAppSlug,
  flowSlug: ignoredFlowSlug.optional().describe('The envelope’s `flowSlug` (the primary’s own slug is accepted).'),
  source: z.string().trim().max(40).optional().describe('Origin tag: `sdk` (iOS SDK), `web` (hosted page), or your own.'),
  website: z.string().max(500).optional().describe('Honeypot of the hosted forms: leave it out. When filled the answer is a success and nothing is stored.'),
};

export const trimmedText = (max: number) => z.string().trim().max(max);
