// Progressive enhancement for the wishlist board: votes update in place through the public
// API. Without JavaScript every form still posts and the page reloads with the new count.
(() => {
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
    button.disabled = true;
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
      const title = button.getAttribute('aria-label').replace(/^(Remove your vote for|Vote for) /, '');
      button.setAttribute('aria-label', `${result.voted ? 'Remove your vote for' : 'Vote for'} ${title}`);
      button.disabled = false;
    } catch {
      // Let the server-rendered path explain what went wrong.
      button.disabled = false;
      HTMLFormElement.prototype.submit.call(form);
    }
  });
})();
