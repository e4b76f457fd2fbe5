import { CRASH_LIMITS } from './crash.schema.js';

/** WIRE B.2's limits on what a crash report keeps: cut to fit and reported, never refused. */

export type Clamp = { path: string; message: string };
export type Attachment = { name: string; content: string };

const utf8 = new TextEncoder();
/** The longest prefix of `s` that fits `bytes` of UTF-8, never splitting a character. */
export function cutUtf8(s: string, bytes: number): string {
  if (s.length * 3 <= bytes) return s;
  const { read } = utf8.encodeInto(s, new Uint8Array(bytes));
  return s.slice(0, read);
}
const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * WIRE B.2's clamps: empty items dropped, at most 5 kept, each content cut to 32 KB and all of
 * them to 128 KB of UTF-8 (an item with no budget left is dropped). Every cut is reported.
 */
export function clampAttachments(items: Attachment[], clamps: Clamp[]): Attachment[] {
  const out: Attachment[] = [];
  let total = 0;
  items.forEach((a, i) => {
    const path = `/attachments/${i}`;
    if (a.content.trim() === '') return;
    if (out.length === CRASH_LIMITS.attachments) {
      clamps.push({ path, message: `dropped: at most ${CRASH_LIMITS.attachments} attachments are kept` });
      return;
    }
    const left = CRASH_LIMITS.attachmentsTotalBytes - total;
    if (left <= 0) {
      clamps.push({ path, message: `dropped: the attachments already fill ${CRASH_LIMITS.attachmentsTotalBytes / 1024} KB` });
      return;
    }
    let name = a.name.trim() || `attachment-${i + 1}.txt`;
    if (name.length > CRASH_LIMITS.attachmentName) {
      name = name.slice(0, CRASH_LIMITS.attachmentName);
      clamps.push({ path: `${path}/name`, message: `cut to ${CRASH_LIMITS.attachmentName} characters` });
    }
    const limit = Math.min(CRASH_LIMITS.attachmentBytes, left);
    let content = a.content;
    if (byteLength(content) > limit) {
      content = cutUtf8(content, limit);
      clamps.push({
        path: `${path}/content`,
        message: limit === CRASH_LIMITS.attachmentBytes ? `cut to ${limit} bytes (${limit / 1024} KB per attachment)` : `cut to ${limit} bytes (${CRASH_LIMITS.attachmentsTotalBytes / 1024} KB for all attachments)`,
      });
    }
    total += byteLength(content);
    out.push({ name, content });
  });
  return out;
}

/** Over-long diagnostics are cut (and reported), never refused: a refused automatic report would be retried on every launch. */
export function clip(value: string | null | undefined, max: number, path: string, clamps: Clamp[]): string | null {
  if (value === undefined || value === null) return null;
  const v = value.trim();
  if (v === '') return null;
  if (v.length <= max) return v;
  clamps.push({ path: `/${path}`, message: `cut to ${max} characters` });
  return v.slice(0, max);
}
