import { CAPABILITY_IDS, type Capability } from './legal.presets.js';

/**
 * The shapes AppMate's MCP client documents for `update_legal_draft` (its `src/tools.ts`), accepted
 * beside ours and rewritten into our canonical config before validation, as the referral flow
 * upgrades its legacy rewards: a config is stored in our shape only, so there is one source of truth.
 *
 *   localData:    { enabled, items: [...] }            -> localData: [...]  (enabled false: none)
 *   platformData: { healthkit: { read, write }, notifications: 'local' | 'push', icloud: true,
 *                   location: 'none' | 'whenInUse' | 'always', camera, photos, contacts, microphone }
 *                                                      -> [{ capability, access?, mode?, ... }]
 *                 false / 'none' / null / { read: false, write: false } -> not declared at all
 *   terms:        { enabled, appleStandardEula, customClauses: [{ heading, body }] }
 *                                                      -> terms.sections [{ title, body }] after our own
 *
 * What cannot be honoured stays in the canonical config and draws a warning (legal.warnings.ts:
 * `terms.enabled: false` -> terms_always_published), never a silent drop.
 */

/** Map keys the client (and agents) use, by the capability they mean. Our own ids are keys too. */
const KEY_ALIASES: Record<string, Capability> = {
  healthkit: 'health',
  health_kit: 'health',
  health_connect: 'health',
  icloud: 'cloud_sync',
  cloudkit: 'cloud_sync',
  faceid: 'face_id',
  touchid: 'face_id',
  speech: 'speech_recognition',
  photo_library: 'photos',
};

/** zod's preprocess context: what cannot be read becomes a 422 issue at the client's own path. */
type IssueSink = { addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input: unknown }): void };

const snake = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const capabilityOf = (key: string): Capability | undefined => {
  const k = snake(key.trim());
  return KEY_ALIASES[k] ?? KEY_ALIASES[k.replace(/_/g, '')] ?? (CAPABILITY_IDS as readonly string[]).find((c) => c === k) as Capability | undefined;
};

/** 'whenInUse', 'when_in_use', 'When in use' -> 'when_in_use'; unknown -> undefined. */
const MODES: Record<string, string> = { wheninuse: 'when_in_use', always: 'always', local: 'local', push: 'push' };
const modeOf = (v: string): string | undefined => MODES[v.toLowerCase().replace(/[\s_-]/g, '')];
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const off = (v: unknown) => v === false || v === null || (typeof v === 'string' && ['none', 'off', 'no', 'false'].includes(v.trim().toLowerCase()));
/** `read: true` or `read: ['steps', 'sleep']` (the kinds read) both grant the access. */
const granted = (v: unknown) => v === true || (Array.isArray(v) && v.length > 0);
const named = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim()) : []);

/** One map entry -> a canonical platform item, null when the capability is declared off, or an error message. */
function platformEntry(key: string, value: unknown): Record<string, unknown> | null | string {
  const capability = capabilityOf(key);
  if (!capability) return `unknown capability "${key}": use one of healthkit, notifications, icloud, location, ${CAPABILITY_IDS.filter((c) => !['health', 'cloud_sync', 'notifications', 'location'].includes(c)).join(', ')}`;
  if (off(value)) return null;
  if (value === true || value === undefined) return { capability };
  if (typeof value === 'string') {
    const mode = modeOf(value);
    if (!mode) return `"${value}" is not a value of ${key}: use 'none', 'whenInUse' or 'always' for location, 'local' or 'push' for notifications, or true / false`;
    return { capability, mode };
  }
  if (!isObject(value)) return `${key} must be true / false, a mode string or an object`;
  const { read, write, enabled, mode, ...rest } = value;
  if (enabled === false) return null;
  const item: Record<string, unknown> = { capability, ...rest };
  // An unknown mode is left as sent, so the schema's 422 names it.
  if (mode !== undefined) item.mode = (typeof mode === 'string' && modeOf(mode)) || mode;
  if (read !== undefined || write !== undefined) {
    const access = [...(granted(read) ? ['read'] : []), ...(granted(write) ? ['write'] : [])];
    // { read: false, write: false }: the app neither reads nor writes it, so it uses nothing.
    if (access.length === 0) return null;
    item.access = access;
    const kinds = [...(named(read).length ? [`reads ${named(read).join(', ')}`] : []), ...(named(write).length ? [`writes ${named(write).join(', ')}`] : [])];
    if (kinds.length && item.use === undefined) item.use = kinds.join('; ');
  }
  return item;
}

function platformMap(map: Record<string, unknown>, ctx: IssueSink): unknown[] {
  const items: unknown[] = [];
  for (const [key, value] of Object.entries(map)) {
    const got = platformEntry(key, value);
    if (typeof got === 'string') ctx.addIssue({ code: 'custom', message: got, path: ['platformData', key], input: value });
    else if (got) items.push(got);
  }
  return items;
}

/** Rewrites the client's shapes into ours; our own shapes pass through untouched. */
export function fromClientShapes(v: unknown, ctx: IssueSink): unknown {
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = { ...v };
  if (isObject(out.localData)) {
    const { enabled, items } = out.localData;
    if (enabled === false) delete out.localData;
    else out.localData = items === undefined ? [] : items;
  }
  if (isObject(out.platformData)) out.platformData = platformMap(out.platformData, ctx);
  if (isObject(out.terms) && ('customClauses' in out.terms || 'enabled' in out.terms)) {
    const { customClauses, enabled, ...terms } = out.terms;
    // Other keys of a clause are kept, so the strict schema still names them rather than dropping them.
    const clause = (c: unknown) => (isObject(c) && 'heading' in c ? (({ heading, ...rest }) => ({ title: heading, ...rest }))(c) : c);
    const clauses = Array.isArray(customClauses) ? customClauses.map(clause) : customClauses;
    if (clauses !== undefined) terms.sections = [...(Array.isArray(terms.sections) ? terms.sections : []), ...(Array.isArray(clauses) ? clauses : [clauses])];
    // enabled: true is what we do anyway; false is kept so the warning says it is not honoured.
    if (enabled !== undefined && enabled !== true) terms.enabled = enabled;
    out.terms = terms;
  }
  return out;
}
