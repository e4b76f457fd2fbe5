import type { CsvColumn } from '../../kernel/csv.js';
import type { Attachment } from './crash.clamp.js';
import type { CrashStatus } from './crash.schema.js';
import type { CrashGroupRow, CrashListRow } from './crash.store.js';

/** Stored rows -> what the owner API, MCP and the CSV export show. */

const parse = <T>(s: string | null, fallback: T): T => (s ? (JSON.parse(s) as T) : fallback);

export function toCrashRow(r: CrashListRow) {
  return {
    id: r.id,
    message: r.message,
    status: r.status as CrashStatus,
    reviewedAt: r.reviewed_at,
    exceptionName: r.exception_name,
    exceptionReason: r.exception_reason,
    stackTrace: r.stack_trace,
    platform: r.platform,
    osVersion: r.os_version,
    deviceModel: r.device_model,
    appVersion: r.app_version,
    buildNumber: r.build_number,
    crashedAt: r.crashed_at,
    metadata: parse<Record<string, unknown> | null>(r.metadata_json, null),
    attachments: parse<Attachment[]>(r.attachments_json, []),
    email: r.email,
    source: r.source,
    country: r.country,
    userAgent: r.user_agent,
    createdAt: r.created_at,
    fingerprint: r.fingerprint,
    occurrences: Number(r.occurrences),
    lastOccurredAt: r.last_occurred_at,
    groupCount: r.group_count === null || r.group_count === undefined ? null : Number(r.group_count),
  };
}

export function toCrashGroup(g: CrashGroupRow) {
  return {
    fingerprint: g.fingerprint,
    exceptionName: g.exception_name,
    exceptionReason: g.exception_reason,
    appVersion: g.app_version,
    topFrames: g.top_frames ? g.top_frames.split('\n') : [],
    count: Number(g.occurrences),
    reports: Number(g.reports),
    firstSeenAt: g.first_seen_at,
    lastSeenAt: g.last_seen_at,
  };
}

export const CRASH_CSV_COLUMNS: CsvColumn<CrashListRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'createdAt', value: (r) => r.created_at },
  { header: 'status', value: (r) => r.status },
  { header: 'reviewedAt', value: (r) => r.reviewed_at },
  { header: 'message', value: (r) => r.message },
  { header: 'exceptionName', value: (r) => r.exception_name },
  { header: 'exceptionReason', value: (r) => r.exception_reason },
  { header: 'stackTrace', value: (r) => r.stack_trace },
  { header: 'platform', value: (r) => r.platform },
  { header: 'osVersion', value: (r) => r.os_version },
  { header: 'deviceModel', value: (r) => r.device_model },
  { header: 'appVersion', value: (r) => r.app_version },
  { header: 'buildNumber', value: (r) => r.build_number },
  { header: 'crashedAt', value: (r) => r.crashed_at },
  { header: 'email', value: (r) => r.email },
  { header: 'source', value: (r) => r.source },
  { header: 'country', value: (r) => r.country },
  { header: 'fingerprint', value: (r) => r.fingerprint },
  { header: 'occurrences', value: (r) => Number(r.occurrences) },
  { header: 'groupCount', value: (r) => (r.group_count === null ? null : Number(r.group_count)) },
  { header: 'metadata', value: (r) => r.metadata_json },
  { header: 'attachments', value: (r) => r.attachments_json },
];
export const CRASH_CSV_HEADER = CRASH_CSV_COLUMNS.map((c) => c.header).join(',');
