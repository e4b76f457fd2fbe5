import { z } from 'zod';
import { attributes, formLook, customFields, emailInput, fieldToggle, intro, submitCommon, trimmedText } from '../forms/forms.schema.js';

export const contactConfig = z
  .object({
    type: z.literal('contact').optional().describe('Always `contact` once saved.'),
    intro,
    nameField: fieldToggle.optional(),
    emailField: fieldToggle.optional(),
    messageField: fieldToggle.optional(),
    fields: customFields.optional(),
    ...formLook,
  })
  .strict();
export type ContactConfig = z.infer<typeof contactConfig>;

export const contactBody = z
  .object({
    ...submitCommon,
    type: z.literal('contact').optional(),
    name: trimmedText(120).optional(),
    email: emailInput.optional(),
    message: trimmedText(5000).optional(),
    attributes: attributes.optional(),
  })
  .describe('Contact submission: each field only when enabled and non-empty; at least one is needed.');
export type ContactBody = z.infer<typeof contactBody>;
