import { createHash } from 'node:crypto';

/** Frames of the stack trace the fingerprint is made of. */
export const TOP_FRAMES = 5;

/**
 * One frame without what changes between two runs of the same build: the frame index, load
 * addresses (`0x0000000104c8a1b4`, ASLR moves them), and runs of spaces. Symbol names and
 * `+ 44` offsets stay: they are the same for the same crash in the same build.
 *   `3   MyApp   0x0000000104c8a1b4 MyApp.Cart.total() + 44` -> `MyApp MyApp.Cart.total() + 44`
 */
export function normalizeFrame(line: string): string {
  return line
    .replace(/^\s*\d+\s+/, '')
    .replace(/\b0x[0-9a-fA-F]+\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function topFrames(stackTrace: string | null | undefined, n = TOP_FRAMES): string[] {
  if (!stackTrace) return [];
  const out: string[] = [];
  for (const line of stackTrace.split(/\r?\n/)) {
    const f = normalizeFrame(line);
    if (f) out.push(f);
    if (out.length === n) break;
  }
  return out;
}

/**
 * Identical crashes share a fingerprint: the same app version, exception name and top frames
 * (the reason is left out: it often carries values, `index 7 beyond bounds [0 .. 3]`). A report
 * with neither an exception name nor frames (a message typed by hand) has none and stands alone.
 */
export function crashFingerprint(r: { appVersion?: string | null; exceptionName?: string | null; stackTrace?: string | null }) {
  const frames = topFrames(r.stackTrace);
  const name = r.exceptionName?.trim() ?? '';
  if (!name && frames.length === 0) return { fingerprint: null, frames };
  const fingerprint = createHash('sha256')
    .update(['v1', r.appVersion?.trim() ?? '', name, ...frames].join('\n'))
    .digest('hex')
    .slice(0, 32);
  return { fingerprint, frames };
}

/**
 * Which device sent a report, as well as the server can tell without a device id: the hashed
 * client IP with the device fields. Only used to fold one device's repeats of one crash.
 */
export function deviceKey(ipHash: string, r: { deviceModel?: string | null; osVersion?: string | null; platform?: string | null; buildNumber?: string | null }) {
  return createHash('sha256')
    .update([ipHash, r.platform ?? '', r.deviceModel ?? '', r.osVersion ?? '', r.buildNumber ?? ''].join('\n'))
    .digest('hex')
    .slice(0, 32);
}
