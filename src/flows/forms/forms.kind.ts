import type { z } from 'zod';
import { invalidInput, unprocessable, type Issue } from '../../kernel/errors.js';
import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import type { MessageKey } from '../../kernel/i18n.js';
import type { Attributes, CustomField } from './forms.schema.js';

/** What a submission stores besides its metadata (source, country, user agent, time). */
export interface SubmissionFields {
  message?: string;
  rating?: number;
  category?: string;
  name?: string;
  email?: string;
  attributes?: Attributes;
}
export type SubmissionColumn = Exclude<keyof SubmissionFields, 'attributes'>;

/** A field's label: the owner's own words, or a built-in word the page translates (kernel/i18n.ts). */
export type Label = string | { t: MessageKey };

/** One input of a hosted form. `name` is the submit-body key (`attributes.<id>` for custom fields). */
export type PageField =
  | { kind: 'textarea'; name: string; label: Label; placeholder?: string; required: boolean; maxLength: number }
  | { kind: 'input'; type: 'text' | 'email'; name: string; label: Label; placeholder?: string; required: boolean; maxLength: number; autocomplete?: string }
  | { kind: 'stars'; name: string; label: Label; required: boolean }
  | { kind: 'choice'; name: string; label: Label; required: boolean; options: { value: string; label: string; emoji?: string; hint?: string }[] }
  | { kind: 'select'; name: string; label: Label; required: boolean; options: string[] }
  | { kind: 'checkbox'; name: string; label: Label };

/**
 * A hosted form type (feedback, report, contact): its flow registration plus what the shared
 * submission service, routes and pages need to know about it.
 */
export interface FormKind<C = any, B extends SubmissionFields = any> {
  flow: FlowTypeDef<C> & { type: 'feedback' | 'report' | 'contact' };
  /** Public submit body (SDK shape, WIRE B.2). */
  body: z.ZodType<B>;
  /** Columns of the owner list and CSV, in order (id, source, country, attributes, createdAt are always there). */
  columns: SubmissionColumn[];
  /** Whether the owner list filters by `?category=`. */
  categoryFilter?: boolean;
  /** Checks a parsed submission against the published config; throws 422 on what the config rules out. */
  check(body: B, config: C): SubmissionFields;
  /** The hosted page's inputs, in order. */
  pageFields(config: C): PageField[];
}

/** The outbox event a stored submission of this kind sends (forms.events.ts): `feedback.submitted`… */
export const submittedEvent = (kind: FormKind) => `${kind.flow.type}.submitted`;

/** 422 on one path, in the same shape as schema failures. */
export const rejectField = (path: string, message: string) => unprocessable(`Invalid body: /${path} ${message}`, [{ path: `/${path}`, message }]);

/**
 * Required toggled fields and required custom fields must be present: one 422 lists every one
 * missing (named by the first, as schema failures are), so a form marks them all at once.
 */
export function checkRequired(
  body: SubmissionFields,
  toggles: [key: 'email' | 'name' | 'message', toggle: { enabled: boolean; required?: boolean } | undefined][],
  fields: CustomField[] = [],
) {
  const issues: Issue[] = [];
  for (const [key, t] of toggles) if (t?.enabled && t.required && !body[key]) issues.push({ path: `/${key}`, message: 'is required' });
  for (const f of fields) {
    const v = body.attributes?.[f.id];
    if (f.required && (v === undefined || v === null || v === '' || (f.type === 'boolean' && v !== 'true' && v !== true))) {
      issues.push({ path: `/attributes/${f.id}`, message: 'is required' });
    }
  }
  if (issues.length) throw invalidInput(422, 'body', issues);
}

/** Custom fields as hosted-form inputs. */
export function customPageFields(fields: CustomField[] = []): PageField[] {
  return fields.map((f): PageField => {
    const name = `attributes.${f.id}`;
    if (f.type === 'boolean') return { kind: 'checkbox', name, label: f.label };
    if (f.type === 'select') return { kind: 'select', name, label: f.label, required: !!f.required, options: f.options ?? [] };
    return { kind: 'input', type: 'text', name, label: f.label, placeholder: f.placeholder, required: !!f.required, maxLength: 500 };
  });
}

export const emailPageField = (t: { enabled: boolean; placeholder?: string; required?: boolean } | undefined): PageField[] =>
  t?.enabled
    ? [{ kind: 'input', type: 'email', name: 'email', label: { t: 'email' }, placeholder: t.placeholder, required: !!t.required, maxLength: 254, autocomplete: 'email' }]
    : [];
