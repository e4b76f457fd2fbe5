import type { AppRow } from '../../apps/apps.store.js';
import type { CsvColumn } from '../../kernel/csv.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { WaitlistConfig } from './waitlist.schema.js';
import type { SignupRow } from './waitlist.store.js';

/** SPEC's six columns, in SPEC's order: every export starts with them. */
export const CSV_COLUMNS: CsvColumn<SignupRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'email', value: (r) => r.email },
  { header: 'source', value: (r) => r.source },
  { header: 'country', value: (r) => r.country },
  { header: 'user_agent', value: (r) => r.user_agent },
  { header: 'createdAt', value: (r) => r.created_at },
];

/** `?columns=` of the export: `spec` = SPEC's six alone; `default` = the six and the custom fields; `all` also the flow slug. */
export type CsvColumnsChoice = 'default' | 'spec' | 'all';

/** One custom-field answer as a cell: booleans as true/false, a list's items joined with "; ", an object as JSON. */
export function answerCell(v: unknown): string | number | null {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.map((x) => (x !== null && typeof x === 'object' ? JSON.stringify(x) : String(x))).join('; ');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The custom-field ids the exported waitlists have published, in column order: per waitlist, the
 * current version's fields first (config order), then fields only older versions had (newest
 * first), so answers to a field since removed still export. Signups only come through published
 * versions: a field only in the draft has no answers yet, and no column.
 */
export async function publishedFieldIds(flows: FlowService, app: AppRow, waitlists: Awaited<ReturnType<FlowService['list']>>): Promise<string[]> {
  const ids: string[] = [];
  for (const f of waitlists) {
    const current = f.versions.filter((v) => v.versionNumber === f.publishedVersion);
    for (const v of [...current, ...f.versions.filter((v) => v.versionNumber !== f.publishedVersion)]) {
      const config = (await flows.version(app.id, v.id))?.config as WaitlistConfig | undefined;
      for (const field of config?.fields ?? []) if (!ids.includes(field.id)) ids.push(field.id);
    }
  }
  return ids;
}

/** One column per field id, headed by the id (`field_<id>` when it repeats a base column), holding each signup's answer. */
export function fieldColumns(ids: string[]): CsvColumn<SignupRow>[] {
  const base = new Set([...CSV_COLUMNS.map((c) => c.header), 'flowSlug']);
  // Columns of one row are read one after another: parse its answers once.
  let lastRow: SignupRow | undefined;
  let answers: Record<string, unknown> = {};
  const answersOf = (r: SignupRow) => {
    if (r !== lastRow) answers = r.attributes_json ? JSON.parse(r.attributes_json) : {};
    lastRow = r;
    return answers;
  };
  return ids.map((id) => ({
    header: base.has(id) ? `field_${id}` : id,
    value: (r: SignupRow) => answerCell(answersOf(r)[id]),
  }));
}
