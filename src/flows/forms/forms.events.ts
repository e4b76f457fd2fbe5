import { z } from 'zod';
import { defineEvent, type EventDef } from '../../kernel/events/events.js';
import { submittedEvent, type FormKind } from './forms.kind.js';
import { submissionSchema } from './forms.routes.js';

/** The events the hosted forms send (webhooks, notifications: kernel/events): one `<type>.submitted` per kind. */

/** `data`: the submission as the owner API lists it, with the app's slug and the form that took it. */
export const submittedData = (kind: FormKind) =>
  submissionSchema(kind).extend({
    app: z.string().describe('Slug of the app.'),
    flow: z.object({ slug: z.string(), version: z.number().int().nullable().describe('The published version the submission came through.') }).describe('The form.'),
  });

/** What a summary shows of a message: one line, at most 80 characters. */
export const excerpt = (s: string | null | undefined, max = 80) => {
  const line = (s ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 5 - n));

interface Submitted {
  message?: string | null;
  rating?: number | null;
  category?: string | null;
  name?: string | null;
  email?: string | null;
}

/** `★☆☆☆☆ feedback: "App crashes on launch"`, `Report (bug): "…"`, `Contact from Ana <ana@example.com>: "…"`. */
function summary(type: string, d: Submitted): string {
  const head = type === 'feedback' ? `${d.rating ? `${stars(d.rating)} ` : ''}feedback` : type[0].toUpperCase() + type.slice(1);
  const category = d.category ? ` (${d.category})` : '';
  const who = d.name && d.email ? `${d.name} <${d.email}>` : (d.name ?? d.email);
  const from = type === 'contact' && who ? ` from ${who}` : '';
  const text = excerpt(d.message);
  return `${head}${category}${from}${text ? `: "${text}"` : ''}`;
}

export const formEvents = (kinds: FormKind[]): EventDef[] =>
  kinds.map((kind) =>
    defineEvent({
      type: submittedEvent(kind),
      description: `Someone sent the ${kind.flow.label.toLowerCase()} form (the hosted page or the SDK).`,
      data: submittedData(kind),
      // The kind's columns are not in the schema's static type (they vary by kind).
      summary: (d) => summary(kind.flow.type, d as Submitted),
      dashboardPath: () => kind.flow.type,
    }),
  );
