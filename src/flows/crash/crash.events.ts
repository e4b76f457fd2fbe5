import { z } from 'zod';
import { defineEvent } from '../../kernel/events/events.js';
import { crashRow } from './crash.schema.js';

/** The events crash reports send (webhooks, notifications: kernel/events). */

export const CRASH_REPORTED = 'crash.reported';

/** `data`: the report as the owner API lists it, with the app's slug, the crash form and whether its crash is new. */
export const crashReportedData = crashRow.extend({
  app: z.string().describe('Slug of the app.'),
  flow: z.object({ slug: z.string(), version: z.number().int().nullable().describe('The published version the report came through.') }).describe('The crash form.'),
  newGroup: z.boolean().describe('True when this is the first report of its crash (fingerprint) in the app: a new group. False for another report of a known crash, and for a report without a fingerprint.'),
});
export type CrashReportedData = z.infer<typeof crashReportedData>;

const oneLine = (s: string, max = 80) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export const CRASH_EVENTS = [
  defineEvent({
    type: CRASH_REPORTED,
    description:
      'A crash report was stored: a new report, possibly of a new crash (`newGroup`). A repeat the same device sent within the fold window only counts on its earlier report (`occurrences`) and sends nothing.',
    data: crashReportedData,
    // `Crash: NSInvalidArgumentException in my-app 2.3 (new group)`
    summary: (d) => {
      const what = d.exceptionName ?? (d.message ? `"${oneLine(d.message)}"` : 'report');
      return `Crash: ${what} in ${d.app}${d.appVersion ? ` ${d.appVersion}` : ''}${d.newGroup ? ' (new group)' : ''}`;
    },
    dashboardPath: () => 'crash',
  }),
];
