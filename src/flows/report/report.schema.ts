import { z } from 'zod';
import { snakeId } from '../cancel/cancel.schema.js';
import { attributes, formLook, categories, emailInput, fieldToggle, messageIntro, submitCommon, trimmedText } from '../forms/forms.schema.js';

export const reportConfig = z
  .object({
    type: z.literal('report').optional().describe('Always `report` once saved.'),
    intro: messageIntro,
    categories: categories.describe('1-10 categories; a submission must name one of their ids.'),
    emailField: fieldToggle.optional().describe('Optional reply email.'),
    ...formLook,
  })
  .strict();
export type ReportConfig = z.infer<typeof reportConfig>;

export const reportBody = z
  .object({
    ...submitCommon,
    type: z.literal('report').optional(),
    category: snakeId.describe('A configured category id; anything else is a 422.'),
    message: trimmedText(5000).min(1, 'is required').describe('What happened (up to 5000 characters).'),
    email: emailInput.optional(),
    attributes: attributes.optional(),
  })
  .describe('Report submission (the iOS SDK sends `source: "sdk"`).');
export type ReportBody = z.infer<typeof reportBody>;
