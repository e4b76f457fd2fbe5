// One-keystroke moderation on the wishlist queue (src/flows/wishlist/wishlist.dashboard.*):
// on a focused idea `a` approves, `d` declines, `p` pins, `x` deletes (after a confirm), `j`/`k`
// move, Enter opens it. Every key presses one of the row's own POST forms, sent with fetch; the
// result is announced in the live region and the row is redrawn from the server's page (or
// leaves the list when it no longer matches the filter). Without JavaScript the forms post
// and redirect as usual.
const list = document.querySelector<HTMLElement>('ul.ideas-mod');
const live = document.getElementById('mod-live');
const KEYS = ['a', 'd', 'p', 'x'];

function say(message: string) {
  if (!live) return;
  // Cleared first so that the same message twice is announced twice.
  live.textContent = '';
  setTimeout(() => (live.textContent = message), 30);
}

const rows = () => [...(list?.querySelectorAll<HTMLElement>('li[data-idea]') ?? [])];

async function send(form: HTMLFormElement, submitter: HTMLElement | null, row: HTMLElement) {
  // One change at a time per idea: a second key while the first is on its way does nothing.
  if (row.getAttribute('aria-busy') === 'true') return;
  const body = new URLSearchParams(new FormData(form, submitter) as unknown as Record<string, string>);
  const buttons = [...row.querySelectorAll<HTMLButtonElement>('button')];
  buttons.forEach((b) => (b.disabled = true));
  row.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(form.action, { method: 'POST', body, headers: { accept: 'application/json' }, credentials: 'same-origin' });
    const data = (await res.json().catch(() => ({}))) as { message?: string; error?: string };
    if (!res.ok) {
      say(`Not done: ${data.error ?? `error ${res.status}`}`);
      return;
    }
    // The row as the server now draws it on this page (gone when it left this filter).
    const page = new DOMParser().parseFromString(await (await fetch(location.href, { credentials: 'same-origin' })).text(), 'text/html');
    const fresh = page.querySelector<HTMLElement>(`li[data-idea="${CSS.escape(row.dataset.idea!)}"]`);
    if (fresh) {
      const node = document.importNode(fresh, true);
      node.dataset.fresh = '1';
      row.replaceWith(node);
      node.focus();
    } else {
      const all = rows();
      const i = all.indexOf(row);
      row.remove();
      const left = rows();
      const next = left[Math.min(i, left.length - 1)];
      if (next) next.focus();
      else {
        const title = document.getElementById('ideas-title');
        title?.setAttribute('tabindex', '-1');
        title?.focus();
      }
    }
    say(data.message ?? 'Done.');
  } catch {
    say('Not done: the server could not be reached.');
  } finally {
    buttons.forEach((b) => (b.disabled = false));
    row.removeAttribute('aria-busy');
  }
}

if (list) {
  document.querySelector('[data-kbd-help]')?.removeAttribute('hidden');

  list.addEventListener('submit', (e) => {
    const form = e.target as HTMLFormElement;
    const row = form.closest<HTMLElement>('li[data-idea]');
    if (!form.matches('[data-mod]') || !row) return;
    e.preventDefault();
    const submitter = (e as SubmitEvent).submitter as HTMLButtonElement | null;
    // admin.js asks before destructive clicks on the first page load only; redrawn rows ask here.
    if (row.dataset.fresh && submitter?.dataset.confirm && !window.confirm(submitter.dataset.confirm)) return;
    void send(form, submitter, row);
  });

  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable]')) return;
    const row = target.closest<HTMLElement>('li[data-idea]');
    if (e.key === 'j' || e.key === 'k') {
      const all = rows();
      if (!all.length) return;
      e.preventDefault();
      const i = row ? all.indexOf(row) : -1;
      all[e.key === 'j' ? Math.min(all.length - 1, i + 1) : Math.max(0, i - 1)].focus();
      return;
    }
    if (!row) return;
    if (e.key === 'Enter' && target === row) {
      row.querySelector<HTMLAnchorElement>('h3 a')?.click();
      return;
    }
    if (!KEYS.includes(e.key)) return;
    e.preventDefault();
    const button = row.querySelector<HTMLButtonElement>(`button[data-key="${e.key}"]`);
    if (!button?.form) {
      say(e.key === 'a' ? 'Only pending ideas can be approved.' : e.key === 'd' ? 'This idea is already declined.' : 'Not available for this idea.');
      return;
    }
    if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
    void send(button.form, button, row);
  });
}
