import { render } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { HINTS } from '../editor.hints.js';
import { Field } from './form.fields.js';
import type { Ctx, Msg, RefApp } from './form.parts.js';
import { kindOf, resolve, setAt, type Path, type Schema } from './form.schema.js';

/**
 * The generated form over the draft: sections from the type's layout hints, controls from its
 * JSON Schema. It edits a value and hands back the JSON text; the JSON tab, the preview and the
 * posted `config` textarea all read that same text.
 */
export interface Problem {
  path: string;
  message: string;
  code?: string;
}
export interface FormHandle {
  /** Replace the value (from the JSON tab); false when the text is not JSON. */
  setText(text: string): boolean;
  setProblems(issues: Problem[], warnings: Problem[]): void;
}

interface State {
  value: unknown;
  issues: Problem[];
  warnings: Problem[];
}

const parent = (ptr: string) => ptr.slice(0, Math.max(0, ptr.lastIndexOf('/')));

function FormApp(p: { schema: Schema; type: string; apps: RefApp[]; initial: unknown; onChange: (v: unknown) => void; handle: (set: (f: (s: State) => State) => void) => void }) {
  const [state, setState] = useState<State>({ value: p.initial, issues: [], warnings: [] });
  // Messages whose pointer has no control of its own, placed on the nearest rendered ancestor.
  const [moved, setMoved] = useState<Record<string, Msg[]>>({});
  const rendered = useRef(new Set<string>());
  const focus = useRef<string | undefined>(undefined);
  // The value as last set: two changes in one event both land (state updates are batched).
  const current = useRef<unknown>(state.value);
  current.current = state.value;
  p.handle(setState);
  rendered.current = new Set();

  const direct = new Map<string, Msg[]>();
  const push = (m: Map<string, Msg[]>, k: string, v: Msg) => m.set(k, [...(m.get(k) ?? []), v]);
  for (const i of state.issues) push(direct, i.path, { level: 'error', message: i.message });
  for (const w of state.warnings) push(direct, w.path, { level: 'warning', message: w.message });

  const ctx: Ctx = {
    root: p.schema,
    type: p.type,
    value: state.value,
    apps: p.apps,
    rendered: rendered.current,
    msgs: (ptr) => [...(direct.get(ptr) ?? []), ...(moved[ptr] ?? [])],
    set(path: Path, v: unknown) {
      current.current = setAt(current.current, path, v);
      const value = current.current;
      setState((s) => ({ ...s, value }));
      p.onChange(value);
    },
    focusLater: (id) => (focus.current = id),
  };

  useLayoutEffect(() => {
    const next: Record<string, Msg[]> = {};
    for (const [ptr, list] of direct) {
      if (rendered.current.has(ptr)) continue;
      let up = ptr;
      while (up && !rendered.current.has(up)) up = parent(up);
      if (up) next[up] = [...(next[up] ?? []), ...list.map((m) => ({ ...m, message: `${ptr.slice(up.length + 1)}: ${m.message}` }))];
    }
    if (JSON.stringify(next) !== JSON.stringify(moved)) setMoved(next);
    if (focus.current) {
      document.getElementById(focus.current)?.focus();
      focus.current = undefined;
    }
  });

  const root = resolve(p.schema, p.schema);
  const props: Record<string, Schema> = root.properties ?? {};
  const req = new Set<string>(root.required ?? []);
  const hints = HINTS[p.type] ?? { groups: [] };
  const placed = new Set(hints.groups.flatMap((g) => g.fields));
  const rest = Object.keys(props).filter((k) => !placed.has(k) && k !== 'type');
  const groups = [...hints.groups, ...(rest.length ? [{ title: 'More settings', fields: rest, open: false, help: undefined }] : [])];
  // A section's one group (the intro object of "Intro screen") needs no second heading.
  const bareOf = (fields: string[], f: string) => fields.filter((x) => props[x] && ['object', 'array', 'record'].includes(kindOf(p.schema, props[x]).kind)).length === 1 && ['object', 'array', 'record'].includes(kindOf(p.schema, props[f]).kind);
  const hasMsgs = (fields: string[]) => [...direct.keys()].some((ptr) => fields.some((f) => ptr === `/${f}` || ptr.startsWith(`/${f}/`)));
  return (
    <div class="fgroups">
      {groups.map((g) => {
        const fields = g.fields.filter((f) => props[f]);
        if (!fields.length) return null;
        return (
          <details class="fgroup" open={g.open !== false || hasMsgs(fields)}>
            <summary>{g.title}</summary>
            <div class="fbody">
              {g.help ? <p class="hint lead">{g.help}</p> : null}
              {fields.map((f) => (
                <Field ctx={ctx} path={[f]} schema={props[f]} required={req.has(f)} bare={bareOf(g.fields, f)} />
              ))}
            </div>
          </details>
        );
      })}
    </div>
  );
}

export function mountForm(host: HTMLElement, opts: { schema: Schema; type: string; apps: RefApp[]; text: string; onChange: (text: string) => void }): FormHandle {
  let set: ((f: (s: State) => State) => void) | undefined;
  let initial: unknown = {};
  try {
    initial = JSON.parse(opts.text);
  } catch {
    /* the JSON tab shows the syntax error; the form starts from the type alone */
  }
  render(<FormApp schema={opts.schema} type={opts.type} apps={opts.apps} initial={initial} onChange={(v) => opts.onChange(JSON.stringify(v, null, 2))} handle={(s) => (set = s)} />, host);
  return {
    setText(text) {
      try {
        const value = JSON.parse(text);
        set?.((s) => ({ ...s, value }));
        return true;
      } catch {
        return false;
      }
    },
    setProblems(issues, warnings) {
      set?.((s) => ({ ...s, issues, warnings }));
    },
  };
}
