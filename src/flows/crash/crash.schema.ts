import { z } from 'zod';
import { localeSchema, stringsSchema } from '../../kernel/i18n.js';
import { emailInput, fieldToggle, formHero, messageIntro, submitCommon, success, text } from '../forms/forms.schema.js';

/** Crash report config (WIRE A.2 "crash", B.2 CrashConfig): no layout, no categories. */
export const crashConfig = z
  .object({
    type: z.literal('crash').optional().describe('Always `crash` once saved.'),
    intro: messageIntro,
    logField: z
      .object({
        enabled: z.boolean(),
        label: text(80).optional().describe('Label of the log box (default “Log or steps to reproduce”).'),
        placeholder: text(200).optional(),
      })
      .strict()
      .optional()
      .describe('A log box on the hosted page (the native SDK form ignores it); its text is stored as the attachment `log.txt`.'),
    emailField: fieldToggle.optional().describe('Optional reply email. `required` applies to reports people send, not to automatic (`sdk_auto`) ones, which carry no email.'),
    success,
    hero: formHero.optional(),
    locale: localeSchema.optional(),
    strings: stringsSchema.optional(),
    colorScheme: z.enum(['auto', 'light', 'dark']).optional().describe('Colour scheme of the native SDK form.'),
  })
  .strict();
export type CrashConfig = z.infer<typeof crashConfig>;

/** What the server keeps of a report (WIRE B.2 "Crash endpoint notes"). Longer values are cut, not refused. */
export const CRASH_LIMITS = {
  message: 5000,
  exceptionName: 200,
  exceptionReason: 2000,
  /** Characters of the newline-joined stack trace. */
  stackTrace: 64 * 1024,
  short: 60,
  attachments: 5,
  /** UTF-8 bytes per attachment content. */
  attachmentBytes: 32 * 1024,
  /** UTF-8 bytes of every attachment content together. */
  attachmentsTotalBytes: 128 * 1024,
  attachmentName: 200,
  /** Serialized JSON characters of `metadata`. */
  metadata: 8 * 1024,
} as const;

/** Body limit of the crash submit: room for oversized attachments, which are clamped rather than refused. */
export const CRASH_BODY_LIMIT = 1024 * 1024;

export const CRASH_STATUSES = ['new', 'reviewed', 'resolved'] as const;
export const crashStatus = z.enum(CRASH_STATUSES);
export type CrashStatus = z.infer<typeof crashStatus>;

/**
 * A string of diagnostics. Over-long values are kept cut to `max` (and reported in `clamped`),
 * never refused: a refused automatic report would be retried by the SDK on every launch.
 */
const diag = (max: number, what: string) => z.string().describe(`${what} (kept up to ${max} characters; longer is cut and reported in \`clamped\`).`);

/** crashedAt: epoch milliseconds (what the SDK sends) or an ISO 8601 string. */
export const crashedAtInput = z
  .union([z.number().finite(), z.string().max(40)])
  .transform((v, ctx) => {
    const d = typeof v === 'number' ? new Date(v) : /^\d{4}-\d\d-\d\dT/.test(v) ? new Date(v) : new Date(NaN);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'must be epoch milliseconds or an ISO 8601 date-time' });
      return z.NEVER;
    }
    return d.toISOString();
  })
  .describe('When the crash happened: epoch milliseconds (the iOS SDK) or an ISO 8601 date-time string. Stored as ISO UTC.');

export const crashBody = z
  .object({
    ...submitCommon,
    source: z
      .string()
      .trim()
      .max(40)
      .optional()
      .describe('`sdk` (a report someone sent from the app), `sdk_auto` (sent automatically after a crash), `web` (hosted page), or your own tag.'),
    type: z.literal('crash').optional(),
    message: diag(CRASH_LIMITS.message, 'What happened; the SDK sends “Automatically reported crash.” for automatic reports').transform((s) => s.trim()).pipe(z.string().min(1, 'is required')),
    email: emailInput.optional().describe('Reply address, when given.'),
    exceptionName: diag(CRASH_LIMITS.exceptionName, 'Exception or signal name (`NSInvalidArgumentException`, `SIGSEGV`)').nullish(),
    exceptionReason: diag(CRASH_LIMITS.exceptionReason, 'Exception reason').nullish(),
    stackTrace: diag(CRASH_LIMITS.stackTrace, 'Newline-joined frames, top frame first').nullish(),
    platform: diag(CRASH_LIMITS.short, '`ios` or `macos`').nullish(),
    osVersion: diag(CRASH_LIMITS.short, 'OS version (`17.4.1`)').nullish(),
    deviceModel: diag(CRASH_LIMITS.short, 'Device model (`iPhone16,2`)').nullish(),
    appVersion: diag(CRASH_LIMITS.short, 'CFBundleShortVersionString').nullish(),
    buildNumber: diag(CRASH_LIMITS.short, 'CFBundleVersion').nullish(),
    crashedAt: crashedAtInput.nullish(),
    attachments: z
      .array(z.object({ name: z.string().max(1000), content: z.string() }))
      .max(100)
      .nullish()
      .describe(
        `Text attachments (logs). Items with empty content are dropped; at most ${CRASH_LIMITS.attachments} are kept, each cut to ${CRASH_LIMITS.attachmentBytes / 1024} KB and all together to ${CRASH_LIMITS.attachmentsTotalBytes / 1024} KB of UTF-8 (what was cut is reported in \`clamped\`); more than 100 items is a 422.`,
      ),
    log: z.string().optional().describe('The hosted page’s log box: stored as the attachment `log.txt`, first, under the same clamps.'),
    metadata: z
      .record(z.string().max(100), z.unknown())
      .nullish()
      .refine((m) => !m || JSON.stringify(m).length <= CRASH_LIMITS.metadata, `at most ${CRASH_LIMITS.metadata} characters of JSON`)
      .describe('Free-form key/value context, shown to the owner as is.'),
  })
  .describe('Crash report (WIRE B.2 SubmitCrashBody). Absent keys and null mean the same.');
export type CrashBody = z.infer<typeof crashBody>;

export const clampedItem = z.object({ path: z.string().describe('Where, as in `issues` (`/attachments/2/content`).'), message: z.string() });

export const crashSubmitted = z.object({
  ok: z.literal(true),
  id: z.string().describe('Id of the stored report (for a folded repeat: the report it was counted on).'),
  fingerprint: z.string().nullable().describe('Groups identical crashes: app version, exception name and top frames; null when the report has neither an exception name nor a stack trace.'),
  folded: z.boolean().describe('True when this was a repeat of a crash the same device reported within the fold window: counted on the earlier report, not stored again.'),
  occurrences: z.number().int().describe('How many reports the stored report now stands for.'),
  groupCount: z.number().int().nullable().describe('How many times this crash (fingerprint) was reported in all.'),
  clamped: z.array(clampedItem).describe('What was cut or dropped to fit the limits; empty when nothing was.'),
});

export const crashRow = z.object({
  id: z.string(),
  message: z.string().nullable(),
  status: crashStatus,
  reviewedAt: z.string().nullable().describe('Set when the status moved to reviewed or resolved; cleared by `new`.'),
  exceptionName: z.string().nullable(),
  exceptionReason: z.string().nullable(),
  stackTrace: z.string().nullable(),
  platform: z.string().nullable(),
  osVersion: z.string().nullable(),
  deviceModel: z.string().nullable(),
  appVersion: z.string().nullable(),
  buildNumber: z.string().nullable(),
  crashedAt: z.string().nullable().describe('ISO 8601 UTC.'),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  attachments: z.array(z.object({ name: z.string(), content: z.string() })).describe('Clamped text attachments (empty when none).'),
  email: z.string().nullable(),
  source: z.string().nullable(),
  country: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  fingerprint: z.string().nullable().describe('Identical crashes share it (see `groupCount`).'),
  occurrences: z.number().int().describe('1 + the repeats from the same device folded into this report.'),
  lastOccurredAt: z.string().describe('When the latest folded repeat arrived (createdAt when none).'),
  groupCount: z.number().int().nullable().describe('How many times this crash (fingerprint) was reported across the app, folded repeats included.'),
});
export type CrashRowOut = z.infer<typeof crashRow>;

export const crashGroup = z.object({
  fingerprint: z.string(),
  exceptionName: z.string().nullable(),
  exceptionReason: z.string().nullable().describe('Of the first report.'),
  appVersion: z.string().nullable(),
  topFrames: z.array(z.string()).describe('The normalized frames the fingerprint is made of.'),
  count: z.number().int().describe('Every report of this crash, folded repeats included.'),
  reports: z.number().int().describe('Stored reports (rows in the submissions list).'),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
