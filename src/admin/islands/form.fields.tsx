import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { hintFor, type FieldHint } from '../editor.hints.js';
import { emptyOf, getAt, helpOf, humanise, idOf, kindOf, pattern, pointer, resolve, type Path, type Schema } from './form.schema.js';

/**
 * The controls of the generated form, one per schema kind. Every control is labelled, carries
 * its JSON pointer (data-path) and shows the messages the server's check gives for that pointer.
 */
export interface RefApp {
  id: string;
  name: string;
  slug: string;
  iconUrl?: string | null;
  destinations: string[];
}
export interface Msg {
  level: 'error' | 'warning';
  message: string;
}
export interface Ctx {
  root: Schema;
  type: string;
  value: unknown;
  apps: RefApp[];
  msgs: (ptr: string) => Msg[];
  /** Pointers rendered this pass: messages for pointers without a control go to the nearest one. */
  rendered: Set<string>;
  set(path: Path, v: unknown): void;
  /** Focus an element by id after the next render (kept focus across reorders). */
  focusLater(id: string): void;
}

const VALUE_LABELS: Record<string, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano', 'pt-BR': 'Português (Brasil)', ja: '日本語' };
const valueLabel = (v: string | number) => VALUE_LABELS[String(v)] ?? humanise(String(v));
const isImageKey = (key: string) => /image|icon(url)?$|logo/i.test(key);
const keyOf = (path: Path) => String(path[path.length - 1] ?? '');

interface FieldProps {
  ctx: Ctx;
  path: Path;
  schema: Schema;
  required: boolean;
  /** Label given by the container (array item, record entry). */
  label?: string;
  /** The section around it already names it: its legend is for screen readers only. */
  bare?: boolean;
}

function labelOf(p: FieldProps, hint: FieldHint, s: Schema) {
  return hint.label ?? p.label ?? s.title ?? humanise(keyOf(p.path));
}

function Messages({ ctx, path, extra }: { ctx: Ctx; path: Path; extra?: Msg[] }) {
  const list = [...ctx.msgs(pointer(path)), ...(extra ?? [])];
  if (!list.length) return null;
  return (
    <ul class="fmsgs" id={`${idOf(path)}-msg`}>
      {list.map((m) => (
        <li class={m.level === 'error' ? 'ferr' : 'fwarn'}>
          <span class="visually-hidden">{m.level === 'error' ? 'Error: ' : 'Warning: '}</span>
          {m.message}
        </li>
      ))}
    </ul>
  );
}

/** aria-describedby and aria-invalid of a control. */
function aria(ctx: Ctx, path: Path, help: string | undefined, extra: Msg[] = []) {
  const id = idOf(path);
  const list = [...ctx.msgs(pointer(path)), ...extra];
  const ids = [help ? `${id}-help` : '', list.length ? `${id}-msg` : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': list.some((m) => m.level === 'error') ? ('true' as const) : undefined };
}

function Row(p: { ctx: Ctx; path: Path; label: string; help?: string; optional: boolean; extra?: Msg[]; children: ComponentChildren; class?: string }) {
  const id = idOf(p.path);
  return (
    <div class={`ff ${p.class ?? ''}`} data-path={pointer(p.path)}>
      <label for={id}>
        {p.label}
        {p.optional ? <span class="opt"> optional</span> : null}
      </label>
      {p.help ? (
        <p class="hint" id={`${id}-help`}>
          {p.help}
        </p>
      ) : null}
      {p.children}
      <Messages ctx={p.ctx} path={p.path} extra={p.extra} />
    </div>
  );
}

export function Field(p: FieldProps) {
  const { ctx, path } = p;
  const s = resolve(ctx.root, p.schema);
  const pat = pattern(path);
  const hint = hintFor(ctx.type, pat);
  if (hint.widget === 'hidden') return null;
  ctx.rendered.add(pointer(path));
  const k = kindOf(ctx.root, s);
  const value = getAt(ctx.value, path);
  const label = labelOf(p, hint, s);
  // The same help under every item of a list is noise: the first item carries it.
  const help = path.some((seg) => typeof seg === 'number' && seg > 0) ? undefined : (hint.help ?? helpOf(s));
  switch (k.kind) {
    case 'hidden':
      return null;
    case 'string':
      if (hint.ref === 'apps') return <AppPicker {...p} label={label} help={help} />;
      if (hint.ref === 'namedDestination') return <NamedDestination {...p} label={label} help={help} />;
      return <StringField {...p} s={s} hint={hint} label={label} help={help} color={k.color} format={k.format} />;
    case 'number':
      return (
        <Row ctx={ctx} path={path} label={label} help={help} optional={!p.required}>
          <input
            id={idOf(path)}
            type="number"
            inputMode={k.integer ? 'numeric' : 'decimal'}
            step={k.integer ? 1 : 'any'}
            min={s.minimum}
            max={s.maximum}
            value={typeof value === 'number' ? String(value) : ''}
            placeholder={s.default !== undefined ? String(s.default) : undefined}
            {...aria(ctx, path, help)}
            onChange={(e) => {
              const t = (e.currentTarget as HTMLInputElement).value;
              ctx.set(path, t === '' ? (p.required ? 0 : undefined) : Number(t));
            }}
          />
        </Row>
      );
    case 'boolean': {
      const id = idOf(path);
      const checked = typeof value === 'boolean' ? value : (hint.default ?? s.default) === true || /\bDefault true\b/i.test(s.description ?? '');
      return (
        <div class="ff check" data-path={pointer(path)}>
          <input id={id} type="checkbox" checked={checked} {...aria(ctx, path, help)} onChange={(e) => ctx.set(path, (e.currentTarget as HTMLInputElement).checked)} />
          <label for={id}>{label}</label>
          {help ? (
            <p class="hint" id={`${id}-help`}>
              {help}
            </p>
          ) : null}
          <Messages ctx={ctx} path={path} />
        </div>
      );
    }
    case 'enum':
      return <EnumField {...p} values={k.values} s={hint.default !== undefined ? { ...s, default: hint.default } : s} label={label} help={help} />;
    case 'object':
      return <ObjectField {...p} s={s} hint={hint} label={label} help={help} />;
    case 'union':
      return <UnionField {...p} k={k} label={label} help={help} />;
    case 'array':
      return <ArrayField {...p} items={k.items} hint={hint} label={label} help={help} />;
    case 'record':
      return <RecordField {...p} values={k.values} hint={hint} label={label} help={help} />;
    default:
      return <JsonField {...p} label={label} help={help} />;
  }
}

function StringField(p: FieldProps & { s: Schema; hint: FieldHint; label: string; help?: string; color: boolean; format?: string }) {
  const { ctx, path, s } = p;
  const [client, setClient] = useState<Msg[]>([]);
  const value = getAt(ctx.value, path);
  const text = typeof value === 'string' ? value : '';
  const id = idOf(path);
  const put = (t: string) => ctx.set(path, t === '' && !p.required ? undefined : t);
  const url = p.format === 'uri' || p.hint.widget === 'url';
  const long = !url && (p.hint.widget === 'long' || (s.maxLength ?? 0) > 500);
  const a = aria(ctx, path, p.help, client);
  const onInput = (e: Event) => {
    const el = e.currentTarget as HTMLInputElement;
    // Addresses are checked as typed: the browser's own URL parser, the message at the field.
    setClient(url && el.value && !el.validity.valid ? [{ level: 'error', message: 'Enter a full address, starting with https://' }] : []);
    put(el.value);
  };
  let control;
  if (p.color) {
    control = (
      <div class="fcolor">
        <input type="color" aria-label={`${p.label}: colour picker`} value={/^#[0-9a-f]{6}$/i.test(text) ? text : '#000000'} onInput={(e) => put((e.currentTarget as HTMLInputElement).value)} />
        <input id={id} type="text" class="mono" value={text} placeholder="#4f46e5" maxLength={7} spellcheck={false} {...a} onInput={onInput} />
      </div>
    );
  } else if (long) {
    control = <textarea id={id} rows={3} value={text} maxLength={s.maxLength} {...a} onInput={onInput} />;
  } else {
    control = (
      <input
        id={id}
        type={(url ? 'url' : s.format === 'email' ? 'email' : 'text') as 'text'}
        value={text}
        maxLength={s.maxLength}
        placeholder={s.format === 'date-time' ? '2026-01-31T09:00:00Z' : s.default !== undefined ? String(s.default) : url ? 'https://' : undefined}
        spellcheck={url ? false : undefined}
        {...a}
        onInput={onInput}
      />
    );
  }
  const thumb = url && isImageKey(keyOf(path)) && /^https:\/\/\S+$/.test(text);
  return (
    <Row ctx={ctx} path={path} label={p.label} help={p.help} optional={!p.required} extra={client}>
      {thumb ? (
        <div class="fthumb">
          {control}
          <img src={text} alt="" loading="lazy" onError={(e) => ((e.currentTarget as HTMLImageElement).hidden = true)} onLoad={(e) => ((e.currentTarget as HTMLImageElement).hidden = false)} />
        </div>
      ) : (
        control
      )}
    </Row>
  );
}

function EnumField(p: FieldProps & { values: (string | number)[]; s: Schema; label: string; help?: string }) {
  const { ctx, path, s } = p;
  const value = getAt(ctx.value, path) ?? s.default;
  const id = idOf(path);
  const pick = (raw: string) => {
    const v = p.values.find((x) => String(x) === raw);
    ctx.set(path, v === undefined ? undefined : v);
  };
  // A short list with a known value reads best as a segmented control; the rest as a select.
  if (p.values.length <= 4 && (p.required || s.default !== undefined) && p.values.every((v) => valueLabel(v).length <= 22)) {
    return (
      <fieldset class="ff seg" data-path={pointer(path)} {...{ 'aria-describedby': aria(ctx, path, p.help)['aria-describedby'] }}>
        <legend>{p.label}</legend>
        {p.help ? (
          <p class="hint" id={`${id}-help`}>
            {p.help}
          </p>
        ) : null}
        <div class="segs">
          {p.values.map((v, i) => (
            <label class="segopt">
              <input type="radio" id={i === 0 ? id : undefined} name={id} value={String(v)} checked={value === v} onChange={() => pick(String(v))} />
              <span>{valueLabel(v)}</span>
            </label>
          ))}
        </div>
        <Messages ctx={ctx} path={path} />
      </fieldset>
    );
  }
  return (
    <Row ctx={ctx} path={path} label={p.label} help={p.help} optional={!p.required}>
      <select id={id} {...aria(ctx, path, p.help)} onChange={(e) => pick((e.currentTarget as HTMLSelectElement).value)}>
        {!p.required ? <option value="">Default</option> : null}
        {p.values.map((v) => (
          <option value={String(v)} selected={value === v}>
            {valueLabel(v)}
          </option>
        ))}
      </select>
    </Row>
  );
}

/** Fields of an object in the hinted order (unnamed keys follow in schema order). */
export function Props(p: { ctx: Ctx; path: Path; s: Schema; order?: string[]; skip?: string[] }) {
  const keys = Object.keys(p.s.properties ?? {});
  const ordered = [...(p.order ?? []).filter((k) => keys.includes(k)), ...keys.filter((k) => !(p.order ?? []).includes(k))].filter((k) => !p.skip?.includes(k));
  const req = new Set<string>(p.s.required ?? []);
  return (
    <>
      {ordered.map((k) => (
        <Field ctx={p.ctx} path={[...p.path, k]} schema={p.s.properties[k]} required={req.has(k)} />
      ))}
    </>
  );
}

/** An optional group that is absent: one button adds it. */
function AddAbsent(p: { ctx: Ctx; path: Path; label: string; help?: string; make: () => unknown }) {
  return (
    <div class="ff absent" data-path={pointer(p.path)}>
      <button type="button" class="secondary small" id={idOf(p.path)} onClick={() => (p.ctx.set(p.path, p.make()), p.ctx.focusLater(`${idOf(p.path)}-rm`))}>
        + {p.label}
      </button>
      {p.help ? <p class="hint">{p.help}</p> : null}
      <Messages ctx={p.ctx} path={p.path} />
    </div>
  );
}

function Group(p: { ctx: Ctx; path: Path; label: string; help?: string; removable: boolean; children: ComponentChildren; class?: string; bare?: boolean }) {
  const id = idOf(p.path);
  return (
    <fieldset class={`fset ${p.class ?? ''}${p.bare ? ' bare' : ''}`} data-path={pointer(p.path)}>
      <legend class={p.bare ? 'visually-hidden' : undefined}>{p.label}</legend>
      {p.removable ? (
        <button type="button" class="link small fremove" id={`${id}-rm`} aria-label={`Remove ${p.label}`} onClick={() => (p.ctx.set(p.path, undefined), p.ctx.focusLater(id))}>
          Remove
        </button>
      ) : null}
      {p.help ? <p class="hint">{p.help}</p> : null}
      <Messages ctx={p.ctx} path={p.path} />
      {p.children}
    </fieldset>
  );
}

function ObjectField(p: FieldProps & { s: Schema; hint: FieldHint; label: string; help?: string; bare?: boolean }) {
  const { ctx, path } = p;
  const value = getAt(ctx.value, path);
  if (value === undefined && !p.required) return <AddAbsent ctx={ctx} path={path} label={p.label} help={p.help} make={() => emptyOf(ctx.root, p.s)} />;
  return (
    <Group ctx={ctx} path={path} label={p.label} help={p.help} removable={!p.required} bare={p.bare}>
      <Props ctx={ctx} path={path} s={p.s} order={p.hint.order} />
    </Group>
  );
}

function UnionField(p: FieldProps & { k: { key: string; variants: { value: string; schema: Schema }[] }; label: string; help?: string; inItem?: boolean }) {
  const { ctx, path, k } = p;
  const value = getAt(ctx.value, path) as Record<string, unknown> | undefined;
  if (value === undefined && !p.required) return <AddAbsent ctx={ctx} path={path} label={p.label} help={p.help} make={() => emptyOf(ctx.root, k.variants[0].schema)} />;
  const current = k.variants.find((v) => v.value === value?.[k.key]) ?? k.variants[0];
  const selId = `${idOf(path)}-kind`;
  const kindHint = hintFor(ctx.type, pattern([...path, k.key]));
  const switchTo = (to: string) => {
    const next = k.variants.find((v) => v.value === to)!;
    const fresh = emptyOf(ctx.root, next.schema) as Record<string, unknown>;
    // Fields both variants have (a button's label, a step's id) survive the switch.
    for (const key of Object.keys(next.schema.properties ?? {})) if (key !== k.key && value?.[key] !== undefined) fresh[key] = value[key];
    ctx.set(path, fresh);
  };
  const body = (
    <>
      <div class="ff" data-path={pointer([...path, k.key])}>
        <label for={selId}>{kindHint.label ?? humanise(k.key === 'type' ? 'kind' : k.key)}</label>
        <select id={selId} onChange={(e) => switchTo((e.currentTarget as HTMLSelectElement).value)}>
          {k.variants.map((v) => (
            <option value={v.value} selected={v === current}>
              {valueLabel(v.value)}
            </option>
          ))}
        </select>
        {current.schema.description ? <p class="hint">{helpOf(current.schema)}</p> : null}
      </div>
      <Props ctx={ctx} path={path} s={current.schema} skip={[k.key]} order={hintFor(ctx.type, pattern(path)).order} />
    </>
  );
  if (p.inItem) return body;
  return (
    <Group ctx={ctx} path={path} label={p.label} help={p.help} removable={!p.required}>
      {body}
    </Group>
  );
}

/** What an array item or record entry is called on its card. */
function summaryOf(ctx: Ctx, path: Path, hint: FieldHint, item: unknown): string | undefined {
  if (!item || typeof item !== 'object') return typeof item === 'string' && item ? item : undefined;
  for (const key of hint.summary ?? ['label', 'title', 'name', 'prompt', 'id']) {
    const v = (item as Record<string, unknown>)[key];
    if (typeof v !== 'string' || !v) continue;
    if (hintFor(ctx.type, pattern([...path, 0, key])).ref === 'apps') return ctx.apps.find((a) => a.id === v)?.name ?? v;
    return v;
  }
  return undefined;
}

function ItemTools(p: { ctx: Ctx; path: Path; index: number; count: number; name: string; onMove: (to: number) => void; onRemove: () => void }) {
  const id = idOf([...p.path, p.index]);
  return (
    <div class="itools">
      <button type="button" class="secondary icon" id={`${id}-up`} aria-label={`Move ${p.name} up`} disabled={p.index === 0} onClick={() => p.onMove(p.index - 1)}>
        ↑
      </button>
      <button type="button" class="secondary icon" id={`${id}-down`} aria-label={`Move ${p.name} down`} disabled={p.index === p.count - 1} onClick={() => p.onMove(p.index + 1)}>
        ↓
      </button>
      <button type="button" class="secondary icon danger-ish" id={`${id}-rm`} aria-label={`Remove ${p.name}`} onClick={p.onRemove}>
        ✕
      </button>
    </div>
  );
}

function ArrayField(p: FieldProps & { items: Schema; hint: FieldHint; label: string; help?: string }) {
  const { ctx, path } = p;
  const list = (getAt(ctx.value, path) as unknown[] | undefined) ?? [];
  const itemKind = kindOf(ctx.root, p.items);
  const noun = p.hint.item ?? 'item';
  const s = resolve(ctx.root, p.schema);
  // An array of choices (platforms): checkboxes.
  if (itemKind.kind === 'enum') {
    return (
      <fieldset class="ff seg" data-path={pointer(path)}>
        <legend>
          {p.label}
          {!p.required ? <span class="opt"> optional</span> : null}
        </legend>
        {p.help ? <p class="hint">{p.help}</p> : null}
        <div class="segs">
          {itemKind.values.map((v) => (
            <label class="segopt">
              <input
                type="checkbox"
                checked={list.includes(v)}
                onChange={(e) => {
                  const on = (e.currentTarget as HTMLInputElement).checked;
                  const next = itemKind.values.filter((x) => (x === v ? on : list.includes(x)));
                  ctx.set(path, next.length || p.required ? next : undefined);
                }}
              />
              <span>{valueLabel(v)}</span>
            </label>
          ))}
        </div>
        <Messages ctx={ctx} path={path} />
      </fieldset>
    );
  }
  const move = (from: number, to: number) => {
    const next = [...list];
    const [x] = next.splice(from, 1);
    next.splice(to, 0, x);
    ctx.set(path, next);
    ctx.focusLater(`${idOf([...path, to])}-${to < from ? 'up' : 'down'}`);
  };
  const remove = (i: number) => {
    const next = list.filter((_, j) => j !== i);
    ctx.set(path, next.length || p.required || s.default !== undefined ? next : undefined);
    ctx.focusLater(next.length ? `${idOf([...path, Math.min(i, next.length - 1)])}-rm` : `${idOf(path)}-add`);
  };
  const add = () => {
    ctx.set(path, [...list, emptyOf(ctx.root, p.items)]);
    const first = itemKind.kind === 'object' || itemKind.kind === 'union' ? `${idOf([...path, list.length])}-rm` : idOf([...path, list.length]);
    ctx.focusLater(first);
  };
  const max = s.maxItems as number | undefined;
  return (
    <fieldset class="fset farr" data-path={pointer(path)}>
      <legend class={p.bare ? 'visually-hidden' : undefined}>
        {p.label}
        {!p.required ? <span class="opt"> optional</span> : null}
      </legend>
      {p.help ? <p class="hint">{p.help}</p> : null}
      <Messages ctx={ctx} path={path} />
      <ol class="items">
        {list.map((item, i) => {
          const ip = [...path, i];
          const name = `${noun} ${i + 1}${summaryOf(ctx, path, p.hint, item) ? ` (${summaryOf(ctx, path, p.hint, item)})` : ''}`;
          const tools = <ItemTools ctx={ctx} path={path} index={i} count={list.length} name={name} onMove={(to) => move(i, to)} onRemove={() => remove(i)} />;
          if (itemKind.kind === 'object' || itemKind.kind === 'union') {
            ctx.rendered.add(pointer(ip));
            return (
              <li class="item card-item" data-path={pointer(ip)}>
                <div class="ihead">
                  <span class="ititle">
                    <span class="inum">{i + 1}</span> {summaryOf(ctx, path, p.hint, item) ?? humanise(noun)}
                  </span>
                  {tools}
                </div>
                <Messages ctx={ctx} path={ip} />
                {itemKind.kind === 'union' ? (
                  <UnionField ctx={ctx} path={ip} schema={p.items} required k={itemKind} label={humanise(noun)} inItem />
                ) : (
                  <Props ctx={ctx} path={ip} s={p.items} order={hintFor(ctx.type, pattern(ip)).order} />
                )}
              </li>
            );
          }
          return (
            <li class="item inline-item">
              <Field ctx={ctx} path={ip} schema={p.items} required label={`${humanise(noun)} ${i + 1}`} />
              {tools}
            </li>
          );
        })}
      </ol>
      <button type="button" class="secondary small add" id={`${idOf(path)}-add`} disabled={max !== undefined && list.length >= max} onClick={add}>
        + Add {noun}
      </button>
    </fieldset>
  );
}

function RecordField(p: FieldProps & { values: Schema; hint: FieldHint; label: string; help?: string }) {
  const { ctx, path } = p;
  const rec = (getAt(ctx.value, path) as Record<string, unknown> | undefined) ?? {};
  const entries = Object.entries(rec);
  const noun = p.hint.item ?? 'entry';
  const objects = kindOf(ctx.root, p.values).kind === 'object';
  // Keys picked from the config's own list (a cancel response per reason).
  const reasons = p.hint.ref === 'reasons' ? (((getAt(ctx.value, ['reasonScreen', 'reasons']) as { id?: string; label?: string }[]) ?? []).filter((r) => r?.id) as { id: string; label?: string }[]) : undefined;
  const rename = (from: string, to: string) => {
    if (to === from || (to in rec && to !== '')) return;
    ctx.set(path, Object.fromEntries(entries.map(([k, v]) => [k === from ? to : k, v])));
  };
  const remove = (key: string) => {
    const next = Object.fromEntries(entries.filter(([k]) => k !== key));
    ctx.set(path, Object.keys(next).length || p.required ? next : undefined);
    ctx.focusLater(`${idOf(path)}-add`);
  };
  const unused = reasons?.filter((r) => !(r.id in rec));
  const add = () => {
    const key = reasons ? unused![0]?.id : '';
    if (key === undefined || key in rec) return;
    ctx.set(path, { ...rec, [key]: emptyOf(ctx.root, p.values) });
    ctx.focusLater(`${idOf([...path, key])}-key`);
  };
  return (
    <fieldset class="fset frec" data-path={pointer(path)}>
      <legend class={p.bare ? 'visually-hidden' : undefined}>
        {p.label}
        {!p.required ? <span class="opt"> optional</span> : null}
      </legend>
      {p.help ? <p class="hint">{p.help}</p> : null}
      <Messages ctx={ctx} path={path} />
      <ul class="items">
        {entries.map(([key]) => {
          const ep = [...path, key];
          const kid = `${idOf(ep)}-key`;
          ctx.rendered.add(pointer(ep));
          const keyControl = reasons ? (
            <select id={kid} onChange={(e) => rename(key, (e.currentTarget as HTMLSelectElement).value)}>
              {!reasons.some((r) => r.id === key) ? <option selected>{key} (no such reason)</option> : null}
              {reasons
                .filter((r) => r.id === key || !(r.id in rec))
                .map((r) => (
                  <option value={r.id} selected={r.id === key}>
                    {r.label || r.id}
                  </option>
                ))}
            </select>
          ) : (
            <input id={kid} type="text" class="mono" value={key} spellcheck={false} onChange={(e) => rename(key, (e.currentTarget as HTMLInputElement).value)} />
          );
          const keyLabel = reasons ? 'When they pick' : 'Key';
          const rm = (
            <button type="button" class="secondary icon danger-ish" id={`${idOf(ep)}-rm`} aria-label={`Remove ${noun} ${key}`} onClick={() => remove(key)}>
              ✕
            </button>
          );
          return (
            <li class={objects ? 'item card-item' : 'item inline-item'} data-path={pointer(ep)}>
              <div class={objects ? 'ihead' : 'kv'}>
                <div class="ff">
                  <label for={kid}>{keyLabel}</label>
                  {keyControl}
                </div>
                {objects ? <div class="itools">{rm}</div> : <Field ctx={ctx} path={ep} schema={p.values} required label="Text" />}
                {objects ? null : rm}
              </div>
              {objects ? (
                <>
                  <Messages ctx={ctx} path={ep} />
                  <Props ctx={ctx} path={ep} s={resolve(ctx.root, p.values)} order={hintFor(ctx.type, pattern(ep)).order} />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button type="button" class="secondary small add" id={`${idOf(path)}-add`} disabled={reasons ? !unused!.length : '' in rec} onClick={add}>
        + Add {noun}
      </button>
      {reasons && !unused!.length && reasons.length ? <p class="hint">Every reason has its response.</p> : null}
    </fieldset>
  );
}

/** Promotion destinations: the account's other apps, by name and icon. */
function AppPicker(p: FieldProps & { label: string; help?: string }) {
  const { ctx, path } = p;
  const value = getAt(ctx.value, path) as string | undefined;
  const id = idOf(path);
  const known = ctx.apps.some((a) => a.id === value);
  return (
    <fieldset class="ff apps" data-path={pointer(path)} aria-describedby={aria(ctx, path, undefined)['aria-describedby']}>
      <legend>{p.label}</legend>
      {ctx.apps.length === 0 ? <p class="hint">Add another app to your account first: a promotion sends people to one of your other apps.</p> : null}
      <div class="appgrid">
        {ctx.apps.map((a, i) => (
          <label class="appopt">
            <input type="radio" id={i === 0 ? id : undefined} name={id} value={a.id} checked={a.id === value} {...aria(ctx, path, undefined)} onChange={() => ctx.set(path, a.id)} />
            {a.iconUrl ? <img src={a.iconUrl} alt="" onError={(e) => ((e.currentTarget as HTMLImageElement).hidden = true)} /> : null}
            {a.iconUrl ? null : (
              <span class="mono-icon" aria-hidden="true">
                {a.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span>{a.name}</span>
          </label>
        ))}
        {value && !known ? (
          <label class="appopt">
            <input type="radio" name={id} checked />
            <span>Unknown app ({value})</span>
          </label>
        ) : null}
      </div>
      <Messages ctx={ctx} path={path} />
    </fieldset>
  );
}

/** A named destination of the destination app (of this destination, or of every destination for the defaults). */
function NamedDestination(p: FieldProps & { label: string; help?: string }) {
  const { ctx, path } = p;
  const value = getAt(ctx.value, path) as string | undefined;
  const dests = (getAt(ctx.value, ['destinations']) as { destinationAppId?: string }[] | undefined) ?? [];
  const appIds = path[0] === 'destinations' ? [dests[path[1] as number]?.destinationAppId] : dests.map((d) => d?.destinationAppId);
  const names = [...new Set(ctx.apps.filter((a) => appIds.includes(a.id)).flatMap((a) => a.destinations))];
  const id = idOf(path);
  const help = names.length ? p.help : 'The chosen app has no named destinations yet (set them on the app’s page).';
  return (
    <Row ctx={ctx} path={path} label={p.label} help={help} optional={!p.required}>
      <select id={id} {...aria(ctx, path, help)} onChange={(e) => ctx.set(path, (e.currentTarget as HTMLSelectElement).value || (p.required ? '' : undefined))}>
        <option value="">Choose…</option>
        {value && !names.includes(value) ? <option selected>{value}</option> : null}
        {names.map((n) => (
          <option value={n} selected={n === value}>
            {n}
          </option>
        ))}
      </select>
    </Row>
  );
}

/** What the walker has no control for stays editable as JSON (never lost, never hidden). */
function JsonField(p: FieldProps & { label: string; help?: string }) {
  const { ctx, path } = p;
  const value = getAt(ctx.value, path);
  const [bad, setBad] = useState<Msg[]>([]);
  return (
    <Row ctx={ctx} path={path} label={p.label} help={p.help} optional={!p.required} extra={bad}>
      <textarea
        id={idOf(path)}
        class="mono"
        rows={2}
        value={value === undefined ? '' : JSON.stringify(value)}
        {...aria(ctx, path, p.help, bad)}
        onChange={(e) => {
          const t = (e.currentTarget as HTMLTextAreaElement).value.trim();
          try {
            ctx.set(path, t === '' ? undefined : JSON.parse(t));
            setBad([]);
          } catch {
            setBad([{ level: 'error', message: 'Not valid JSON' }]);
          }
        }}
      />
    </Row>
  );
}
