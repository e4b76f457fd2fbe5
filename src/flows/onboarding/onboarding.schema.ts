import { z } from 'zod';
import { localeSchema, stringsSchema } from '../../kernel/i18n.js';
import { configUrl } from '../../kernel/web-url.js';
import { formHero } from '../forms/forms.schema.js';

const text = (max: number) => z.string().max(max);
const line = (max: number) => z.string().trim().min(1).max(max);
/** Step and option ids key the captured answers: snake_case, like reason ids. */
export const answerId = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be snake_case (a-z, 0-9, _; starting with a letter)').max(60);
const httpsUrl = configUrl({ protocol: /^https$/, message: 'must be an https URL' });

const option = z
  .object({
    id: answerId,
    label: line(80),
    emoji: z.string().max(16).optional(),
  })
  .strict();

const question = z
  .object({
    kind: z.literal('question'),
    id: answerId,
    prompt: line(200),
    subtitle: text(500).optional(),
    selectMode: z.enum(['single', 'multi']).optional().describe('`single` (default) or `multi`.'),
    autoAdvance: z.boolean().optional().describe('With `single`: picking an option moves on at once. `multi` always needs Continue.'),
    required: z.boolean().optional().describe('Default false: the step can be skipped.'),
    options: z.array(option).min(1).max(12),
  })
  .strict();

const info = z
  .object({
    kind: z.literal('info'),
    id: answerId,
    title: line(120),
    body: text(2000),
    imageUrl: httpsUrl.optional().describe('An https image shown above the copy.'),
    continueLabel: text(40).optional(),
  })
  .strict();

const emailCapture = z
  .object({
    kind: z.literal('email_capture'),
    id: answerId,
    title: line(120),
    subtitle: text(500).optional(),
    placeholder: text(80).optional(),
    submitLabel: text(40).optional(),
    required: z.boolean().optional().describe('Default true; false offers Skip.'),
    legal: text(500).optional(),
  })
  .strict();

export const onboardingStep = z.discriminatedUnion('kind', [question, info, emailCapture]);
export type OnboardingStep = z.infer<typeof onboardingStep>;

export const onboardingConfig = z
  .object({
    type: z.literal('onboarding').optional(),
    intro: z
      .object({
        title: line(120),
        subtitle: text(500),
        startLabel: line(40),
        eyebrow: text(40).optional(),
      })
      .strict(),
    steps: z.array(onboardingStep).min(1).max(20).describe('One step per screen, in order (1-20).'),
    handoff: z
      .object({
        title: line(120),
        body: text(2000),
        ctaLabel: line(40),
        appStoreUrl: httpsUrl.optional().describe('Where the web funnel sends people who do not have the app yet.'),
        legal: text(500).optional(),
      })
      .strict(),
    // The forms' hero (theme, eyebrow, accentColor, titleFont: what AppMate documents for every
    // type) plus the funnel's own image; side_by_side draws as minimal (one column), with a warning.
    hero: formHero
      .extend({ heroImage: httpsUrl.optional().describe('An https image above the intro.') })
      .strict()
      .optional()
      .describe('Looks: theme, eyebrow (shown above the intro title when intro.eyebrow is unset), accent colour, titleFont (a system serif, rounded or mono face; the page loads no web font), hero image.'),
    locale: localeSchema.optional(),
    strings: stringsSchema.optional(),
  })
  .strict();
export type OnboardingConfig = z.infer<typeof onboardingConfig>;
