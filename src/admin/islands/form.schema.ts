/**
 * The schema walker's vocabulary: what kind of control a JSON Schema node (from z.toJSONSchema
 * of a flow type's zod schema) becomes, and immutable get/set by JSON pointer over the draft.
 */
export type Schema = Record<string, any>;
export type Path = (string | number)[];

export const pointer = (path: Path) => (path.length ? '/' + path.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/') : '');
/** "/reasons/0/title" -> "/reasons/*\/title": the form the layout hints are written in. */
export const pattern = (path: Path) => (path.length ? '/' + path.map((s) => (typeof s === 'number' ? '*' : String(s))).join('/') : '');
/** An element id for a pointer (ids must not depend on characters a record key may hold). */
export const idOf = (path: Path) => 'f' + pointer(path).replace(/[^A-Za-z0-9_-]/g, (c) => (c === '/' ? '-' : `_${c.charCodeAt(0).toString(16)}`));

export function resolve(root: Schema, s: Schema | undefined): Schema {
  let out = s ?? {};
  for (let i = 0; out.$ref && i < 10; i++) {
    out = String(out.$ref)
      .slice(2)
      .split('/')
      .reduce<any>((o, k) => o?.[k], root) ?? {};
  }
  return out;
}

export type Kind =
  | { kind: 'hidden' }
  | { kind: 'string'; format?: string; color: boolean }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: (string | number)[] }
  | { kind: 'object' }
  | { kind: 'record'; values: Schema }
  | { kind: 'array'; items: Schema }
  | { kind: 'union'; key: string; variants: { value: string; schema: Schema }[] }
  | { kind: 'unknown' };

/** The control a schema node becomes. */
export function kindOf(root: Schema, raw: Schema): Kind {
  const s = resolve(root, raw);
  const alts: Schema[] | undefined = s.oneOf ?? s.anyOf;
  if (alts) {
    const rs = alts.map((a) => resolve(root, a));
    if (rs.every((a) => a.type === 'string')) return kindOf(root, { ...rs[0], description: s.description });
    if (rs.every((a) => a.const !== undefined || a.enum)) return { kind: 'enum', values: rs.flatMap((a) => (a.const !== undefined ? [a.const] : a.enum)) };
    const objs = rs.filter((a) => a.type === 'object' && a.properties);
    if (objs.length === rs.length) {
      const key = Object.keys(objs[0].properties).find((k) => objs.every((o) => o.properties[k] && resolve(root, o.properties[k]).const !== undefined));
      if (key) return { kind: 'union', key, variants: objs.map((o) => ({ value: String(resolve(root, o.properties[key]).const), schema: o })) };
    }
    return { kind: 'unknown' };
  }
  if (s.const !== undefined) return { kind: 'hidden' };
  if (s.enum) return { kind: 'enum', values: s.enum };
  switch (s.type) {
    case 'string':
      return { kind: 'string', format: s.format, color: typeof s.pattern === 'string' && /^\^#\[0-9a-f/i.test(s.pattern) };
    case 'number':
    case 'integer':
      return { kind: 'number', integer: s.type === 'integer' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      return { kind: 'array', items: resolve(root, s.items) };
    case 'object':
      if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') return { kind: 'record', values: resolve(root, s.additionalProperties) };
      return s.properties ? { kind: 'object' } : { kind: 'unknown' };
    default:
      return { kind: 'unknown' };
  }
}

export function getAt(v: unknown, path: Path): unknown {
  return path.reduce<any>((o, k) => (o == null ? undefined : o[k]), v);
}

/** A copy of `v` with `path` set (undefined deletes an object key). */
export function setAt(v: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [k, ...rest] = path;
  if (typeof k === 'number') {
    const arr = Array.isArray(v) ? [...v] : [];
    arr[k] = setAt(arr[k], rest, value);
    return arr;
  }
  const obj: Record<string, unknown> = v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : {};
  const next = setAt(obj[k], rest, value);
  if (next === undefined) delete obj[k];
  else obj[k] = next;
  return obj;
}

/** "primaryButton" -> "Primary button", "ctaUrl" -> "Cta url" (hints give the better words). */
export function humanise(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first sentence of a description makes the help text; backticks become plain quotes. */
export function helpOf(s: Schema): string | undefined {
  const d = typeof s.description === 'string' ? s.description : undefined;
  return d ? d.replace(/`([^`]*)`/g, '“$1”') : undefined;
}

/** A starting value for a newly added item or a field switched on: required keys filled with empties. */
export function emptyOf(root: Schema, raw: Schema): unknown {
  const s = resolve(root, raw);
  if (s.default !== undefined) return structuredClone(s.default);
  const k = kindOf(root, s);
  switch (k.kind) {
    case 'hidden':
      return s.const;
    case 'string':
      return '';
    case 'number':
      return s.minimum ?? 0;
    case 'boolean':
      return false;
    case 'enum':
      return k.values[0];
    case 'array':
      return [];
    case 'record':
      return {};
    case 'union':
      return emptyOf(root, k.variants[0].schema);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = emptyOf(root, s.properties[key]);
      return out;
    }
    default:
      return undefined;
  }
}
