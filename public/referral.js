// The invite page's button with JavaScript: ask for a one-time claim token, put it on the
// clipboard (the app reads it on first launch), try the installed app's deep link, and send
// people without the app to the store or the website. Without this script the form posts and
// the page shows the token to copy.
(function () {
  'use strict';
  var form = document.querySelector('form[data-referral]');
  if (!form || !window.fetch) return;
  var error = form.querySelector('[data-error]');

  function fallback() {
    if (form.dataset.fallback) window.location.href = form.dataset.fallback;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var button = form.querySelector('button');
    button.disabled = true;
    fetch('/api/public/referral/claim-intent', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ appSlug: form.dataset.app, code: form.dataset.code }),
    })
      .then(function (r) {
        if (!r.ok) throw new Error('status ' + r.status);
        return r.json();
      })
      .then(function (body) {
        // The clipboard write must happen in the tap's task chain; a refusal still lets the
        // typed code work, so it does not stop the handoff.
        var copied = navigator.clipboard && navigator.clipboard.writeText ? navigator.clipboard.writeText(body.claimToken).catch(function () {}) : Promise.resolve();
        return copied.then(function () {
          if (!form.dataset.deeplink) return fallback();
          // The app opens (the page is hidden): stay. Nothing happens: the app is not installed.
          var timer = setTimeout(fallback, 1500);
          document.addEventListener('visibilitychange', function () {
            if (document.hidden) clearTimeout(timer);
          });
          window.location.href = form.dataset.deeplink;
        });
      })
      .catch(function () {
        button.disabled = false;
        // Let the form post normally: the server-side path shows the token to copy.
        form.submit();
      });
  });
})();
