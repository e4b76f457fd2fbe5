import type { Warning } from '../../kernel/flows/registry.js';

/**
 * The config AppMate's MCP client documents for `update_app_promotion_draft` (its src/tools.ts),
 * accepted beside ours and normalised on write into ours, as referral's legacy rewards are, so
 * that each field keeps the meaning the client gives it:
 *
 * - content / localizations `{ headline, body, cta, artworkUrl }` → `{ title, body, ctaLabel, imageUrl }`;
 * - installedAction `{ type, destinationKey | universalUrl | customSchemeUrl, webFallbackUrl }`
 *   → `{ type, name | url, webFallbackUrl }` (defaultInstalledAction too);
 * - deferredAction `{ enabled, route, expiresAfterHours }` → ours: `enabled: false` = none,
 *   `route` an https URL = universal_link, another scheme = custom_scheme, a snake_case name =
 *   named_destination, a path = open_home + path, no route = open_home; expiresAfterHours = windowHours;
 * - frequency `{ cooldownDays: n }` → at most 1 impression in a window of n days (0 = no cap),
 *   `lifetimeImpressions` is ours too, `avoidImmediateRepeat` is what `smart` rotation does;
 * - targeting `{ startAt, endAt }` and card `{ ctaLabel }` are ours as they are.
 *
 * Our own shapes pass through unchanged. What cannot be honoured is left out of the stored config
 * and named by `appmateWarnings` (which reads the body as sent), never dropped silently.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
/** null / '' stand for "not set" in the client's bodies. */
const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

const CONTENT: [string, string][] = [
  ['headline', 'title'],
  ['cta', 'ctaLabel'],
  ['artworkUrl', 'imageUrl'],
];
/** Which alias names an installed action's target, per type. */
const TARGET: Record<string, [string, string] | undefined> = {
  named_destination: ['destinationKey', 'name'],
  universal_link: ['universalUrl', 'url'],
  custom_scheme: ['customSchemeUrl', 'url'],
};
const TARGET_ALIASES = ['destinationKey', 'universalUrl', 'customSchemeUrl'];

function content(v: unknown): unknown {
  if (!isObj(v)) return v;
  const out: Obj = { ...v };
  for (const [from, to] of CONTENT) {
    if (!(from in out)) continue;
    if (!isSet(out[to]) && isSet(out[from])) out[to] = out[from];
    delete out[from];
  }
  return out;
}

function installed(v: unknown): unknown {
  if (!isObj(v)) return v;
  const out: Obj = { ...v };
  const target = TARGET[String(out.type)];
  if (target && !isSet(out[target[1]]) && isSet(out[target[0]])) out[target[1]] = out[target[0]];
  for (const k of TARGET_ALIASES) delete out[k];
  delete out.fallback;
  if (out.type === 'none' || !isSet(out.webFallbackUrl)) delete out.webFallbackUrl;
  return out;
}

/** AppMate's `route` as one of our deferred actions. */
function routeAction(route: string): Obj {
  if (/^[a-z][a-z0-9+.-]*:/i.test(route)) return /^https:/i.test(route) ? { type: 'universal_link', url: route } : { type: 'custom_scheme', url: route };
  if (/^[a-z][a-z0-9_]*$/.test(route)) return { type: 'named_destination', name: route };
  return { type: 'open_home', path: route.startsWith('/') ? route : `/${route}` };
}

function deferred(v: unknown): unknown {
  if (!isObj(v) || !('enabled' in v || 'route' in v || 'expiresAfterHours' in v || 'fallbackRoute' in v || 'minAppVersion' in v)) return v;
  if (v.enabled === false) return undefined;
  const { enabled: _e, route, expiresAfterHours, fallbackRoute: _f, minAppVersion: _m, ...rest } = v;
  const out: Obj = { ...rest, ...(isSet(route) && typeof route === 'string' && !('type' in rest) ? routeAction(route.trim()) : {}) };
  out.type ??= 'open_home';
  if (isSet(expiresAfterHours) && out.windowHours === undefined) out.windowHours = expiresAfterHours;
  return out;
}

function frequency(v: unknown): unknown {
  if (!isObj(v)) return v;
  const { cooldownDays, avoidImmediateRepeat: _a, ...out } = v;
  if (isSet(cooldownDays) && out.windowDays === undefined && out.maxImpressionsPerWindow === undefined) {
    if (cooldownDays === 0) out.maxImpressionsPerWindow = 0;
    else Object.assign(out, { windowDays: cooldownDays, maxImpressionsPerWindow: 1 });
  }
  return out;
}

function destination(v: unknown): unknown {
  if (!isObj(v)) return v;
  const out: Obj = { ...v };
  if ('content' in out) out.content = content(out.content);
  if (isObj(out.localizations)) out.localizations = Object.fromEntries(Object.entries(out.localizations).map(([l, c]) => [l, content(c)]));
  if ('installedAction' in out) out.installedAction = installed(out.installedAction);
  if ('deferredAction' in out) {
    const d = deferred(out.deferredAction);
    if (d === undefined) delete out.deferredAction;
    else out.deferredAction = d;
  }
  return out;
}

/** The schema's preprocess: AppMate's shape into ours; anything else is left for the schema to judge. */
export function fromAppMate(v: unknown): unknown {
  if (!isObj(v)) return v;
  const out: Obj = { ...v };
  if (Array.isArray(out.destinations)) out.destinations = out.destinations.map(destination);
  if ('defaultInstalledAction' in out) out.defaultInstalledAction = installed(out.defaultInstalledAction);
  if ('defaultDeferredAction' in out) {
    const d = deferred(out.defaultDeferredAction);
    if (d === undefined) delete out.defaultDeferredAction;
    else out.defaultDeferredAction = d;
  }
  if ('frequency' in out) out.frequency = frequency(out.frequency);
  return out;
}

const unsupported = (path: string, message: string): Warning => ({ code: 'unsupported_field', path, message });
const conflicting = (path: string, kept: string): Warning => ({ code: 'conflicting_fields', path, message: `Both this and ${kept} are set: ${kept} is kept, this is ignored.` });

function contentWarnings(v: unknown, path: string, out: Warning[]) {
  if (!isObj(v)) return;
  for (const [from, to] of CONTENT) if (isSet(v[from]) && isSet(v[to]) && v[from] !== v[to]) out.push(conflicting(`${path}/${from}`, to));
}

function installedWarnings(v: unknown, path: string, out: Warning[]) {
  if (!isObj(v)) return;
  const target = TARGET[String(v.type)];
  for (const k of TARGET_ALIASES) {
    if (!isSet(v[k])) continue;
    if (!target || target[0] !== k) out.push(unsupported(`${path}/${k}`, `${k} does not go with type ${String(v.type)}: it is not used.`));
    else if (isSet(v[target[1]]) && v[target[1]] !== v[k]) out.push(conflicting(`${path}/${k}`, target[1]));
  }
  if (isSet(v.fallback)) out.push(unsupported(`${path}/fallback`, 'fallback is not used: set webFallbackUrl for where to go when the app cannot open the action.'));
  if (v.type === 'none' && isSet(v.webFallbackUrl)) out.push(unsupported(`${path}/webFallbackUrl`, 'type none opens nothing, so webFallbackUrl is not used.'));
}

function deferredWarnings(v: unknown, path: string, out: Warning[], hasDefault: boolean) {
  if (!isObj(v)) return;
  if (isSet(v.fallbackRoute)) out.push(unsupported(`${path}/fallbackRoute`, 'fallbackRoute is not used: the pending route is always `route` (an unknown named destination opens the app’s home).'));
  if (isSet(v.minAppVersion)) out.push(unsupported(`${path}/minAppVersion`, 'minAppVersion is not checked: the destination app gets the pending route whatever its version.'));
  if (v.enabled === false && hasDefault) out.push(unsupported(`${path}/enabled`, 'enabled: false removes this destination’s deferred action, so the placement’s defaultDeferredAction applies to it.'));
}

/**
 * What of AppMate's shape the stored config cannot honour (read from the body as sent):
 * `unsupported_field` (a field we do not use) and `conflicting_fields` (AppMate's and our name
 * for one field, with different values: ours is kept), and `immediate_repeat_possible`
 * (avoidImmediateRepeat where no per-user rotation runs).
 */
export function appmateWarnings(input: unknown): Warning[] {
  if (!isObj(input)) return [];
  const out: Warning[] = [];
  const hasDefault = isObj(input.defaultDeferredAction);
  (Array.isArray(input.destinations) ? input.destinations : []).forEach((d, i) => {
    if (!isObj(d)) return;
    const path = `/destinations/${i}`;
    contentWarnings(d.content, `${path}/content`, out);
    if (isObj(d.localizations)) for (const [l, c] of Object.entries(d.localizations)) contentWarnings(c, `${path}/localizations/${l}`, out);
    installedWarnings(d.installedAction, `${path}/installedAction`, out);
    deferredWarnings(d.deferredAction, `${path}/deferredAction`, out, hasDefault);
  });
  installedWarnings(input.defaultInstalledAction, '/defaultInstalledAction', out);
  deferredWarnings(input.defaultDeferredAction, '/defaultDeferredAction', out, false);
  const f = input.frequency;
  if (isObj(f)) {
    if (isSet(f.cooldownDays) && (f.windowDays !== undefined || f.maxImpressionsPerWindow !== undefined)) out.push(conflicting('/frequency/cooldownDays', 'windowDays / maxImpressionsPerWindow'));
    if (f.avoidImmediateRepeat === true) {
      const several = Array.isArray(input.destinations) && input.destinations.length > 1;
      if (input.mode !== 'rotating' && several) {
        out.push({ code: 'immediate_repeat_possible', path: '/frequency/avoidImmediateRepeat', message: 'mode single always shows the highest-priority eligible destination, so it can repeat: use mode rotating.' });
      } else if (input.mode === 'rotating' && (input.rotationStrategy === 'even' || input.rotationStrategy === 'weighted')) {
        out.push({ code: 'immediate_repeat_possible', path: '/frequency/avoidImmediateRepeat', message: `${input.rotationStrategy} rotation is per server, not per user, so a user can see one destination twice in a row: use rotationStrategy smart.` });
      }
    }
  }
  return out;
}
