import { autocompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { HighlightStyle, syntaxHighlighting, syntaxTree } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import type { SyntaxNode } from '@lezer/common';
import { basicSetup, EditorView } from 'codemirror';
import { Annotation, type EditorState } from '@codemirror/state';
import { plainMessage, problemsHeadline } from '../admin.messages.js';
import { setUpDraft } from './editor.draft.js';

/**
 * The draft editor island: CodeMirror over the plain textarea (which stays the form field).
 * Errors and warnings come from the server's own check (the validation PUT runs), placed at
 * their JSON-pointer paths; completion comes from the type's JSON Schema (generated from the
 * same zod schema); the live preview frames re-render the text as it is typed. The generated
 * form (editor.draft.ts) is the default view of the same text.
 */
interface Issue {
  path: string;
  message: string;
  code?: string;
}
type Schema = Record<string, any>;

const textarea = document.querySelector<HTMLTextAreaElement>('textarea#config');
const form = document.querySelector<HTMLFormElement>('#draft-form');
if (textarea && form) start(textarea, form);

const VALUES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);
const children = (n: SyntaxNode) => {
  const out: SyntaxNode[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
};
const keyOf = (state: EditorState, prop: SyntaxNode) => {
  const name = prop.getChild('PropertyName');
  if (!name) return undefined;
  try {
    return String(JSON.parse(state.sliceDoc(name.from, name.to)));
  } catch {
    return state.sliceDoc(name.from, name.to).replace(/^"|"$/g, '');
  }
};
const valueOf = (prop: SyntaxNode) => children(prop).reverse().find((c) => VALUES.has(c.name));

/** The text range a JSON pointer names (the closest existing ancestor when the key is missing). */
function locate(state: EditorState, pointer: string): { from: number; to: number } {
  const root = children(syntaxTree(state).topNode).find((c) => VALUES.has(c.name));
  if (!root) return { from: 0, to: Math.min(1, state.doc.length) };
  let node = root;
  let key: SyntaxNode | undefined;
  const segs = pointer === '/' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const seg of segs) {
    let next: SyntaxNode | undefined;
    if (node.name === 'Object') {
      const prop = children(node).find((c) => c.name === 'Property' && keyOf(state, c) === seg);
      if (prop) {
        key = prop.getChild('PropertyName') ?? undefined;
        next = valueOf(prop);
      }
    } else if (node.name === 'Array') next = children(node).filter((c) => VALUES.has(c.name))[Number(seg)];
    if (!next) return key && node === root ? { from: node.from, to: node.from + 1 } : { from: (key ?? node).from, to: key ? key.to : node.from + 1 };
    node = next;
  }
  return { from: node.from, to: node.name === 'Object' || node.name === 'Array' ? node.from + 1 : node.to };
}

/** The innermost object or array around `pos`, and the keys from the document root down to it. */
function pathAt(state: EditorState, pos: number): { path: string[]; node: SyntaxNode | null } {
  let container: SyntaxNode | null = syntaxTree(state).resolveInner(pos, -1);
  while (container && container.name !== 'Object' && container.name !== 'Array') container = container.parent;
  if (!container) return { path: [], node: null };
  const path: string[] = [];
  for (let cur: SyntaxNode = container; cur.parent; cur = cur.parent) {
    if (cur.parent.name === 'Property') path.unshift(keyOf(state, cur.parent) ?? '');
    else if (cur.parent.name === 'Array') path.unshift(String(children(cur.parent).filter((c) => VALUES.has(c.name)).findIndex((c) => c.from === cur.from)));
  }
  return { path, node: container };
}

function resolveRef(root: Schema, s: Schema | undefined): Schema | undefined {
  let out = s;
  for (let i = 0; out?.$ref && i < 10; i++) {
    const ref = String(out.$ref);
    if (!ref.startsWith('#/')) return undefined;
    out = ref
      .slice(2)
      .split('/')
      .reduce<any>((o, k) => o?.[k], root);
  }
  return out;
}

/** Every alternative a schema allows (anyOf / oneOf / allOf flattened). */
function alternatives(root: Schema, s: Schema | undefined): Schema[] {
  const r = resolveRef(root, s);
  if (!r) return [];
  const alts = [...(r.anyOf ?? []), ...(r.oneOf ?? []), ...(r.allOf ?? [])];
  return alts.length ? alts.flatMap((a: Schema) => alternatives(root, a)) : [r];
}

function schemaAt(root: Schema, path: string[]): Schema[] {
  let here = alternatives(root, root);
  for (const seg of path) {
    here = here.flatMap((s) => {
      if (s.properties?.[seg]) return alternatives(root, s.properties[seg]);
      if (s.items) return alternatives(root, s.items);
      if (typeof s.additionalProperties === 'object') return alternatives(root, s.additionalProperties);
      return [];
    });
  }
  return here;
}

function start(textarea: HTMLTextAreaElement, form: HTMLFormElement) {
  const csrf = form.querySelector<HTMLInputElement>('input[name="_csrf"]')?.value ?? '';
  const problems = document.getElementById('problems');
  let schema: Schema | undefined;
  fetch(textarea.dataset.schema!, { credentials: 'same-origin' })
    .then((r) => (r.ok ? r.json() : undefined))
    .then((s) => (schema = s))
    .catch(() => {});

  const parseLint = jsonParseLinter();

  let onProblems: (issues: Issue[], warnings: Issue[]) => void = () => {};
  function showProblems(error: string | undefined, issues: Issue[], warnings: Issue[]) {
    onProblems(issues, warnings);
    if (!problems) return;
    problems.replaceChildren();
    const box = (kind: string, title: string, items: Issue[]) => {
      const div = document.createElement('div');
      div.className = `alert ${kind}`;
      const p = document.createElement('p');
      p.className = 'strong';
      p.textContent = title;
      div.append(p);
      if (items.length) {
        const ul = document.createElement('ul');
        ul.className = 'issues';
        for (const i of items) {
          const li = document.createElement('li');
          const code = document.createElement('code');
          code.textContent = i.path;
          li.append(code, ` ${plainMessage(i.message)}`, i.code ? ` (${i.code})` : '');
          ul.append(li);
        }
        div.append(ul);
      }
      problems.append(div);
    };
    if (error) box('error', problemsHeadline(error, issues), issues);
    if (warnings.length) box('warn', 'Warnings (saving is not blocked)', warnings);
  }

  const check = linter(
    async (view): Promise<Diagnostic[]> => {
      const text = view.state.doc.toString();
      const syntax = parseLint(view);
      if (syntax.length) {
        showProblems('The draft is not valid JSON', [{ path: '/', message: syntax[0].message }], []);
        return syntax;
      }
      try {
        const r = await fetch(textarea.dataset.check!, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ config: text }),
        });
        if (!r.ok) return [];
        const body = (await r.json()) as { error?: string; issues: Issue[]; warnings: Issue[] };
        if (view.state.doc.toString() !== text) return [];
        showProblems(body.error, body.issues, body.warnings);
        const at = (i: Issue, severity: 'error' | 'warning'): Diagnostic => ({ ...locate(view.state, i.path), severity, message: `${i.path} ${i.message}`, source: i.code });
        return [...body.issues.map((i) => at(i, 'error')), ...body.warnings.map((w) => at(w, 'warning'))];
      } catch {
        return [];
      }
    },
    { delay: 400 },
  );

  function complete(ctx: CompletionContext): CompletionResult | null {
    if (!schema) return null;
    const word = ctx.matchBefore(/"?[\w-]*/);
    const { path, node } = pathAt(ctx.state, ctx.pos);
    if (!node) return null;
    const inner = syntaxTree(ctx.state).resolveInner(ctx.pos, -1);
    const options: Completion[] = [];
    if (node.name === 'Object' && (inner.name === 'PropertyName' || inner.name === 'Object' || inner.name === '⚠')) {
      const present = new Set(children(node).filter((c) => c.name === 'Property').map((c) => keyOf(ctx.state, c)));
      for (const s of schemaAt(schema, path)) {
        for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) {
          if (present.has(k) && !(inner.name === 'PropertyName' && keyOf(ctx.state, inner.parent!) === k)) continue;
          const d = resolveRef(schema, v);
          options.push({ label: k, type: 'property', detail: (s.required ?? []).includes(k) ? 'required' : undefined, info: d?.description, apply: `"${k}": ` });
        }
      }
    } else {
      // A value: the enum or const values its property allows.
      const prop = inner.parent?.name === 'Property' ? inner.parent : inner.name === 'Property' ? inner : null;
      const key = prop ? keyOf(ctx.state, prop) : undefined;
      if (key !== undefined) {
        for (const s of schemaAt(schema, [...path, key])) {
          for (const v of [...(s.enum ?? []), ...(s.const !== undefined ? [s.const] : [])]) options.push({ label: JSON.stringify(v), type: 'enum' });
        }
      }
    }
    if (!options.length) return null;
    const seen = new Set<string>();
    return { from: word ? word.from : ctx.pos, options: options.filter((o) => !seen.has(o.label) && seen.add(o.label)), validFor: /^"?[\w-]*$/ };
  }

  // Live preview: the text goes to both frames (phone, desktop) once it has not changed for a moment.
  const previewForm = document.querySelector<HTMLFormElement>('#preview-form');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPreviewed = textarea.value;
  function preview(text: string) {
    if (!previewForm || text === lastPreviewed) return;
    try {
      JSON.parse(text);
    } catch {
      return;
    }
    lastPreviewed = text;
    previewForm.querySelector<HTMLInputElement>('input[name="config"]')!.value = text;
    for (const target of ['pv-desktop', 'pv-phone']) {
      previewForm.target = target;
      previewForm.submit();
    }
  }

  const fromForm = Annotation.define<boolean>();
  const changeListeners: ((text: string, external: boolean) => void)[] = [];

  const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  // In a shadow root, CodeMirror's styles go to an adopted stylesheet instead of a <style>
  // element, so the page keeps its strict CSP (style-src 'self', no nonce, no 'unsafe-inline').
  const host = document.createElement('div');
  host.className = 'cm-host';
  const root = host.attachShadow({ mode: 'open' });
  const dark = EditorView.theme(
    {
      '&': { color: '#eceef5', backgroundColor: '#171a23' },
      '.cm-gutters': { backgroundColor: '#11131a', color: '#8b90a5', borderColor: '#2c3040' },
      '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: '#1f2330' },
      '.cm-cursor': { borderLeftColor: '#eceef5' },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: '#2f3a66' },
      '.cm-tooltip': { backgroundColor: '#1f2330', color: '#eceef5', border: '1px solid #2c3040' },
    },
    { dark: true },
  );
  // Token colours with at least 4.5:1 contrast on the dark background (the default style is for light).
  const darkHighlight = syntaxHighlighting(
    HighlightStyle.define([
      { tag: tags.string, color: '#9ee6a8' },
      { tag: tags.number, color: '#f5c27a' },
      { tag: [tags.bool, tags.null], color: '#c9b3ff' },
      { tag: tags.propertyName, color: '#8cc8ff' },
      { tag: tags.invalid, color: '#ff8a80' },
    ]),
  );
  const view = new EditorView({
    root,
    parent: root,
    doc: textarea.value,
    extensions: [
      basicSetup,
      json(),
      lintGutter(),
      check,
      autocompletion({ override: [complete], activateOnTyping: true }),
      EditorView.contentAttributes.of({ 'aria-label': 'Draft (JSON)', 'aria-describedby': 'problems' }),
      // The editor grows with its text and wraps long lines: no scrolling region of its own to reach by keyboard.
      EditorView.lineWrapping,
      EditorView.theme({ '&': { fontSize: '14px' }, '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } }),
      prefersDark ? [dark, darkHighlight] : [],
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        const text = u.state.doc.toString();
        const external = !u.transactions.some((t) => t.annotation(fromForm));
        for (const l of changeListeners) l(text, external);
        clearTimeout(timer);
        timer = setTimeout(() => preview(u.state.doc.toString()), 400);
      }),
    ],
  });
  textarea.hidden = true;
  textarea.insertAdjacentElement('afterend', host);
  form.addEventListener('submit', () => {
    textarea.value = view.state.doc.toString();
  });
  (window as unknown as { appflowsEditor: EditorView }).appflowsEditor = view;

  // The form tab and the JSON tab edit the same text: the form's edits become CodeMirror
  // transactions (so the linter and the preview run as for typing), CodeMirror's text becomes
  // the form's value when the form tab is shown.
  const draft = setUpDraft({
    textarea,
    form,
    cmHost: host,
    getText: () => view.state.doc.toString(),
    setText(text) {
      if (text !== view.state.doc.toString()) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations: fromForm.of(true) });
    },
  });
  onProblems = draft.problems;
  changeListeners.push((text, external) => draft.changed(text, external));
}
