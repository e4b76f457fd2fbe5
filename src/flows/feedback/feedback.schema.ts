import { z } from 'zod';
import { attributes, formLook, customFields, emailInput, fieldToggle, messageIntro, submitCommon, text, trimmedText } from '../forms/forms.schema.js';

export const feedbackConfig = z
  .object({
    type: z.literal('feedback').optional().describe('Always `feedback` once saved.'),
    intro: messageIntro,
    rating: z
      .object({
        enabled: z.boolean(),
        prompt: text(120).optional().describe('Question above the 1-5 stars.'),
        required: z.boolean().optional(),
      })
      .strict()
      .optional()
      .describe('Optional 1-5 star rating.'),
    emailField: fieldToggle.optional().describe('Optional reply email.'),
    fields: customFields.optional(),
    ...formLook,
  })
  .strict();
export type FeedbackConfig = z.infer<typeof feedbackConfig>;

export const feedbackBody = z
  .object({
    ...submitCommon,
    type: z.literal('feedback').optional(),
    message: trimmedText(5000).min(1, 'is required').describe('The feedback text (up to 5000 characters).'),
    rating: z.number().int().min(1).max(5).optional().describe('1-5 stars, when the rating is enabled.'),
    email: emailInput.optional().describe('Reply address, when given.'),
    attributes: attributes.optional(),
  })
  .describe('Feedback submission (the iOS SDK sends `source: "sdk"`).');
export type FeedbackBody = z.infer<typeof feedbackBody>;
