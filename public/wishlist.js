// Progressive enhancement for the wishlist board: votes update in place through the public
// API, and the filter form submits itself when a select changes. Without JavaScript every form
// still posts (or gets) and the page reloads with the new state.
(() => {
  document.addEventListener('change', (event) => {
    const el = event.target;
    if (!(el instanceof HTMLSelectElement) || !el.form || !el.form.hasAttribute('data-autosubmit')) return;
    // The page reloads: the focus comes back to this select (keyboard users keep their place).
    try {
      sessionStorage.setItem('wl-filter-focus', el.id);
    } catch {}
    el.form.requestSubmit();
  });
  try {
    const id = sessionStorage.getItem('wl-filter-focus');
    sessionStorage.removeItem('wl-filter-focus');
    const el = id && document.getElementById(id);
    if (el instanceof HTMLSelectElement && el.form && el.form.hasAttribute('data-autosubmit')) el.focus();
  } catch {}
  // Empty filters ("All", no search) stay out of the URL.
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-autosubmit')) return;
    for (const el of form.elements) if ((el instanceof HTMLSelectElement || el instanceof HTMLInputElement) && el.name && el.value === '') el.disabled = true;
  });
  // Coming back through the history cache: the form must be whole again.
  window.addEventListener('pageshow', () => {
    for (const form of document.querySelectorAll('form[data-autosubmit]')) for (const el of form.elements) el.disabled = false;
  });

  // The button's name in the page's language: the server puts its words on the button
  // (data-one/data-other: "{n} votes"; data-vote-for/data-unvote-for: "{votes}: vote for {title}").
  const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  const plural = new Intl.PluralRules(document.documentElement.lang || 'en');
  const votesLabel = (button, n) => fill((plural.select(n) === 'one' ? button.dataset.one : button.dataset.other) || '{n}', { n });

  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-vote')) return;
    event.preventDefault();
    const data = new FormData(form);
    const on = data.get('on') !== '0';
    const button = form.querySelector('button');
    const body = { appSlug: form.dataset.app, ideaId: data.get('ideaId') };
    const email = data.get('email');
    if (email) body.email = email;
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-disabled', 'true');
    try {
      const res = await fetch('/api/public/wishlist/vote', {
        method: on ? 'POST' : 'DELETE',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(String(res.status));
      const result = await res.json();
      form.querySelector('.wl-count').textContent = String(result.voteCount);
      form.querySelector('input[name="on"]').value = result.voted ? '0' : '1';
      button.classList.toggle('voted', result.voted);
      button.setAttribute('aria-pressed', String(result.voted));
      const title = button.dataset.title || '';
      const label = (result.voted ? button.dataset.unvoteFor : button.dataset.voteFor) || '{votes}: {title}';
      button.setAttribute('aria-label', fill(label, { votes: votesLabel(button, result.voteCount), title }));
      button.removeAttribute('aria-disabled');
    } catch {
      // Let the server-rendered path explain what went wrong.
      button.removeAttribute('aria-disabled');
      HTMLFormElement.prototype.submit.call(form);
    }
  });
})();
