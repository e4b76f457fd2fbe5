import { diffLines } from 'diff';
import type { RefApp } from './form.parts.js';
import { mountForm, type FormHandle, type Problem } from './form.js';

/**
 * The draft pane around the two views of one text: the "Form" and "JSON" tabs, the
 * unsaved-changes guard, the Publish button (enabled only when publishing would change
 * something) and the diff against the live version shown above it.
 */
const TAB_KEY = 'appflows.editor.tab';

export function setUpDraft(o: { textarea: HTMLTextAreaElement; form: HTMLFormElement; cmHost: HTMLElement; getText(): string; setText(text: string): void }) {
  const { textarea, form } = o;
  // What the server holds: the page's text, unless the page re-shows a refused save.
  const saved = textarea.dataset.unsaved ? undefined : textarea.defaultValue;
  const publish = form.querySelector<HTMLButtonElement>('#publish');
  const publishHint = document.getElementById('publish-hint');
  const nothingToPublish = !!publish?.disabled;
  const pending = document.querySelector<HTMLDetailsElement>('#pending-diff');
  const live = pending?.dataset.live;

  // ---- tabs ----
  const heading = document.getElementById('draft-h');
  if (heading) heading.textContent = 'Draft';
  const tabs = document.createElement('div');
  tabs.className = 'draft-tabs';
  tabs.setAttribute('role', 'tablist');
  tabs.setAttribute('aria-label', 'Edit the draft as');
  const formPanel = document.createElement('div');
  const jsonPanel = document.createElement('div');
  const tab = (id: string, label: string, panel: HTMLElement) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'secondary';
    b.id = `tab-${id}`;
    b.textContent = label;
    b.setAttribute('role', 'tab');
    b.setAttribute('aria-controls', `panel-${id}`);
    panel.id = `panel-${id}`;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', b.id);
    tabs.append(b);
    return b;
  };
  const formTab = tab('form', 'Form', formPanel);
  const jsonTab = tab('json', 'JSON', jsonPanel);
  formPanel.className = 'form-panel';
  const formNote = document.createElement('p');
  formNote.className = 'alert warn';
  formNote.hidden = true;
  formNote.setAttribute('role', 'status');
  const formHost = document.createElement('div');
  formHost.className = 'gen-form';
  formHost.textContent = 'Loading the form…';
  formPanel.append(formNote, formHost);
  textarea.insertAdjacentElement('beforebegin', tabs);
  tabs.insertAdjacentElement('afterend', formPanel);
  formPanel.insertAdjacentElement('afterend', jsonPanel);
  jsonPanel.append(o.cmHost);

  let handle: FormHandle | undefined;
  let formStale = false;
  let lastProblems: [Problem[], Problem[]] = [[], []];

  function show(which: 'form' | 'json', focus = false) {
    if (which === 'form' && formStale && handle) {
      if (!handle.setText(o.getText())) {
        formNote.textContent = 'The JSON has a syntax error: fix it in the JSON tab to use the form again.';
        formNote.hidden = false;
        which = 'json';
      } else {
        formNote.hidden = true;
        formStale = false;
      }
    }
    for (const [b, panel, name] of [
      [formTab, formPanel, 'form'],
      [jsonTab, jsonPanel, 'json'],
    ] as const) {
      const on = name === which;
      b.setAttribute('aria-selected', String(on));
      b.tabIndex = on ? 0 : -1;
      panel.hidden = !on;
      if (on && focus) b.focus();
    }
    try {
      localStorage.setItem(TAB_KEY, which);
    } catch {
      /* storage refused: the choice is not kept */
    }
  }
  formTab.addEventListener('click', () => show('form'));
  jsonTab.addEventListener('click', () => show('json'));
  tabs.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    show(formTab.getAttribute('aria-selected') === 'true' ? 'json' : 'form', true);
  });
  let initialTab: string | null = null;
  try {
    initialTab = localStorage.getItem(TAB_KEY);
  } catch {
    /* no storage: the form first */
  }
  show(initialTab === 'json' ? 'json' : 'form');

  // Enter in a form field would submit the page's form (implicit submission): saving stays a click.
  formPanel.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
  });

  let apps: RefApp[] = [];
  try {
    apps = JSON.parse(textarea.dataset.apps ?? '[]');
  } catch {
    /* no references: the pickers say so */
  }
  fetch(textarea.dataset.schema!, { credentials: 'same-origin' })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
    .then((schema) => {
      formHost.textContent = '';
      handle = mountForm(formHost, { schema, type: textarea.dataset.type ?? '', apps, text: o.getText(), onChange: (text) => o.setText(text) });
      handle.setProblems(...lastProblems);
      if (!handle.setText(o.getText())) {
        formNote.textContent = 'The JSON has a syntax error: fix it in the JSON tab to use the form.';
        formNote.hidden = false;
        formStale = true;
      }
    })
    .catch(() => {
      formHost.textContent = 'The form could not be loaded; the JSON tab still edits the draft.';
    });

  // ---- changes: the guard, Publish, the diff ----
  const norm = (t: string | undefined) => {
    try {
      return JSON.stringify(JSON.parse(t ?? ''));
    } catch {
      return t;
    }
  };
  let submitting = false;
  const dirty = () => saved === undefined || norm(o.getText()) !== norm(saved);
  form.addEventListener('submit', () => (submitting = true));
  window.addEventListener('beforeunload', (e) => {
    if (submitting || !dirty()) return;
    e.preventDefault();
    e.returnValue = '';
  });
  let diffTimer: ReturnType<typeof setTimeout> | undefined;
  function changed(text: string, external: boolean) {
    if (external) formStale = true;
    const d = dirty();
    if (publish) publish.disabled = nothingToPublish && !d;
    if (publishHint) publishHint.hidden = !publish?.disabled;
    clearTimeout(diffTimer);
    diffTimer = setTimeout(() => renderDiff(text), 500);
  }

  function renderDiff(text: string) {
    if (!pending || live === undefined) return;
    let pretty: string;
    try {
      pretty = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return;
    }
    const changes = diffLines(live + '\n', pretty + '\n');
    const pre = pending.querySelector('pre.diff');
    const count = pending.querySelector('.diff-count');
    if (!pre) return;
    pre.replaceChildren();
    let n = 0;
    for (const c of changes) {
      for (const line of c.value.replace(/\n$/, '').split('\n')) {
        const span = document.createElement('span');
        span.className = c.added ? 'add' : c.removed ? 'del' : 'same';
        span.textContent = `${c.added ? '+ ' : c.removed ? '- ' : '  '}${line}`;
        if (c.added || c.removed) {
          n++;
          const sr = document.createElement('span');
          sr.className = 'visually-hidden';
          sr.textContent = c.added ? ' (added)' : ' (removed)';
          span.append(sr);
        }
        pre.append(span, '\n');
      }
    }
    if (count) count.textContent = n ? `${n} changed line${n === 1 ? '' : 's'}` : 'no changes';
    pending.hidden = n === 0;
  }

  return {
    problems(issues: Problem[], warnings: Problem[]) {
      lastProblems = [issues, warnings];
      handle?.setProblems(issues, warnings);
    },
    changed,
  };
}
