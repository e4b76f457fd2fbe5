import { useState } from 'preact/hooks';
import type { FieldHint } from '../editor.hints.js';
import { aria, isImageKey, keyOf, Messages, Row, valueLabel, type FieldProps, type Msg } from './form.parts.js';
import { getAt, idOf, pointer, type Schema } from './form.schema.js';

/** The controls of the generated form that hold one value: text, number, switch, choice, app, JSON. */

export function StringField(p: FieldProps & { s: Schema; hint: FieldHint; label: string; help?: string; color: boolean; format?: string }) {
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

export function EnumField(p: FieldProps & { values: (string | number)[]; s: Schema; label: string; help?: string }) {
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

export function NumberField(p: FieldProps & { s: Schema; integer: boolean; label: string; help?: string }) {
  const { ctx, path, s } = p;
  const value = getAt(ctx.value, path);
  return (
    <Row ctx={ctx} path={path} label={p.label} help={p.help} optional={!p.required}>
      <input
        id={idOf(path)}
        type="number"
        inputMode={p.integer ? 'numeric' : 'decimal'}
        step={p.integer ? 1 : 'any'}
        min={s.minimum}
        max={s.maximum}
        value={typeof value === 'number' ? String(value) : ''}
        placeholder={s.default !== undefined ? String(s.default) : undefined}
        {...aria(ctx, path, p.help)}
        onChange={(e) => {
          const t = (e.currentTarget as HTMLInputElement).value;
          ctx.set(path, t === '' ? (p.required ? 0 : undefined) : Number(t));
        }}
      />
    </Row>
  );
}

export function BooleanField(p: FieldProps & { s: Schema; hint: FieldHint; label: string; help?: string }) {
  const { ctx, path, s, hint, help } = p;
  const value = getAt(ctx.value, path);
  const id = idOf(path);
  const checked = typeof value === 'boolean' ? value : (hint.default ?? s.default) === true || /\bDefault true\b/i.test(s.description ?? '');
  return (
    <div class="ff check" data-path={pointer(path)}>
      <input id={id} type="checkbox" checked={checked} {...aria(ctx, path, help)} onChange={(e) => ctx.set(path, (e.currentTarget as HTMLInputElement).checked)} />
      <label for={id}>{p.label}</label>
      {help ? (
        <p class="hint" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
      <Messages ctx={ctx} path={path} />
    </div>
  );
}

/** Promotion destinations: the account's other apps, by name and icon. */
export function AppPicker(p: FieldProps & { label: string; help?: string }) {
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
export function NamedDestination(p: FieldProps & { label: string; help?: string }) {
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
export function JsonField(p: FieldProps & { label: string; help?: string }) {
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
