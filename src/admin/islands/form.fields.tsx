import type { ComponentChildren } from 'preact';
import { hintFor, type FieldHint } from '../editor.hints.js';
import { labelOf, Messages, valueLabel, type Ctx, type FieldProps } from './form.parts.js';
import { AppPicker, BooleanField, EnumField, JsonField, NamedDestination, NumberField, StringField } from './form.scalars.js';
import { emptyOf, getAt, helpOf, humanise, idOf, kindOf, pattern, pointer, resolve, type Path, type Schema } from './form.schema.js';

/**
 * The generated form's walk over the schema: one control per kind (the single-value ones in
 * form.scalars.tsx), and here the ones that hold others (object, union, list, map), which walk on.
 */
export function Field(p: FieldProps) {
  const { ctx, path } = p;
  const s = resolve(ctx.root, p.schema);
  const pat = pattern(path);
  const hint = hintFor(ctx.type, pat);
  if (hint.widget === 'hidden') return null;
  if (hint.when && getAt(ctx.value, path) === undefined && !hint.when.is.includes(String(getAt(ctx.value, [...path.slice(0, -1), hint.when.key])))) return null;
  ctx.rendered.add(pointer(path));
  const k = kindOf(ctx.root, s);
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
      return <NumberField {...p} s={s} integer={k.integer} label={label} help={help} />;
    case 'boolean':
      return <BooleanField {...p} s={s} hint={hint} label={label} help={help} />;
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

