import type { ComponentChildren } from 'preact';
import { plainMessage } from '../admin.messages.js';
import type { FieldHint } from '../editor.hints.js';
import { humanise, idOf, pointer, type Path, type Schema } from './form.schema.js';

/**
 * What every control of the generated form shares: the context it edits, its props, its label,
 * its messages and the row around it. Every control is labelled, carries its JSON pointer
 * (data-path) and shows the messages the server's check gives for that pointer.
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
export const valueLabel = (v: string | number) => VALUE_LABELS[String(v)] ?? humanise(String(v));
export const isImageKey = (key: string) => /image|icon(url)?$|logo/i.test(key);
export const keyOf = (path: Path) => String(path[path.length - 1] ?? '');

export interface FieldProps {
  ctx: Ctx;
  path: Path;
  schema: Schema;
  required: boolean;
  /** Label given by the container (array item, record entry). */
  label?: string;
  /** The section around it already names it: its legend is for screen readers only. */
  bare?: boolean;
}

export function labelOf(p: FieldProps, hint: FieldHint, s: Schema) {
  return hint.label ?? p.label ?? s.title ?? humanise(keyOf(p.path));
}

export function Messages({ ctx, path, extra }: { ctx: Ctx; path: Path; extra?: Msg[] }) {
  const list = [...ctx.msgs(pointer(path)), ...(extra ?? [])];
  if (!list.length) return null;
  return (
    <ul class="fmsgs" id={`${idOf(path)}-msg`}>
      {list.map((m) => (
        <li class={m.level === 'error' ? 'ferr' : 'fwarn'}>
          <span class="visually-hidden">{m.level === 'error' ? 'Error: ' : 'Warning: '}</span>
          {plainMessage(m.message)}
        </li>
      ))}
    </ul>
  );
}

/** aria-describedby and aria-invalid of a control. */
export function aria(ctx: Ctx, path: Path, help: string | undefined, extra: Msg[] = []) {
  const id = idOf(path);
  const list = [...ctx.msgs(pointer(path)), ...extra];
  const ids = [help ? `${id}-help` : '', list.length ? `${id}-msg` : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': list.some((m) => m.level === 'error') ? ('true' as const) : undefined };
}

export function Row(p: { ctx: Ctx; path: Path; label: string; help?: string; optional: boolean; extra?: Msg[]; children: ComponentChildren; class?: string }) {
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
