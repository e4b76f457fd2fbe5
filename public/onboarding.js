// Progressive enhancement for the hosted onboarding funnel. Without JavaScript every screen is a
// plain form and the handoff's "Open {app}" deep link carries the claim token (never shown); with
// it, the handoff's button copies the token (the app reads it from the clipboard on first
// launch), then goes on to the store. A second tap on a form's button while its post is under way sends nothing more.
(() => {
  for (const el of document.querySelectorAll('[data-js]')) el.hidden = false;
  for (const el of document.querySelectorAll('[data-nojs]')) el.hidden = true;

  // The words come from the page (data-msg-*), in its language.
  const say = (which) => {
    const status = document.querySelector('[data-copy-status]');
    if (status) status.textContent = status.dataset[which] || '';
  };

  document.addEventListener('click', async (event) => {
    const el = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
    if (!el) return;
    const link = el instanceof HTMLAnchorElement ? el : null;
    // Copying failed once: the second tap just follows the link ("Open {app}" carries the token later).
    if (link && link.dataset.copyFailed) return;
    event.preventDefault();
    let copied = false;
    try {
      await navigator.clipboard.writeText(el.dataset.copy);
      copied = true;
    } catch {
      copied = false;
    }
    if (!copied) {
      if (link) link.dataset.copyFailed = '1';
      say('msgCopyFailed');
      return;
    }
    say('msgCopied');
    if (!link) return;
    // The embed opens the store in the embedding page's window, not in the frame.
    if (link.getAttribute('target') === '_top' && window.top && window.top !== window) window.top.location.href = link.href;
    else window.location.assign(link.href);
  });

  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.dataset.sent) event.preventDefault();
    else form.dataset.sent = '1';
  });
  // Back to a page from the history cache: its forms may be sent again.
  window.addEventListener('pageshow', () => {
    for (const form of document.querySelectorAll('form[data-sent]')) delete form.dataset.sent;
  });
})();
