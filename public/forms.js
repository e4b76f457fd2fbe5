// Progressive enhancement for hosted forms: post JSON to the public API and swap to the
// success screen without a reload. Without this script the form posts normally.
(function () {
  'use strict';

  function bodyOf(form) {
    var body = { appSlug: form.dataset.appSlug, flowSlug: form.dataset.flowSlug, source: 'web' };
    var attributes = {};
    var els = form.elements;
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (!el.name || el.disabled) continue;
      var value;
      if (el.type === 'checkbox') value = el.checked ? 'true' : 'false';
      else if (el.type === 'radio') { if (!el.checked) continue; value = el.value; }
      else value = el.value.trim();
      if (value === '') continue;
      if (el.name.indexOf('attributes.') === 0) attributes[el.name.slice(11)] = value;
      else body[el.name] = el.name === 'rating' ? Number(value) : value;
    }
    if (Object.keys(attributes).length) body.attributes = attributes;
    return body;
  }

  function labelOf(form, path) {
    var name = (path || '').slice(1).replace('/', '.');
    var el = name && form.querySelector('[name="' + name.replace(/"/g, '') + '"]');
    if (!el) return '';
    var fieldset = el.closest('fieldset');
    var label = fieldset ? fieldset.querySelector('legend') : form.querySelector('label[for="' + el.id + '"]');
    return label ? label.textContent.trim() : '';
  }

  function showError(form, text) {
    var box = form.querySelector('[data-error]');
    box.textContent = text;
    box.hidden = false;
    box.focus && box.focus();
  }

  function enhance(form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var button = form.querySelector('button[type="submit"]');
      button.disabled = true;
      fetch(form.dataset.api, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(bodyOf(form)),
      })
        .then(function (res) {
          if (res.ok) {
            return res.json().then(function (body) {
              var success = form.parentNode.querySelector('[data-success]');
              var already = success.querySelector('[data-already]');
              if (already) already.hidden = !(body && body.alreadySignedUp);
              // The count pill includes the new signup (the no-JavaScript path re-renders it).
              var count = document.querySelector('[data-count]');
              if (count && body && body.ok && !body.alreadySignedUp) {
                var n = Number(count.getAttribute('data-count')) + 1;
                count.setAttribute('data-count', String(n));
                count.textContent = n.toLocaleString('en-US');
              }
              form.hidden = true;
              success.hidden = false;
              success.focus();
            });
          }
          // Invalid input: post the form the plain way, so the server renders every error next to
          // its field, in plain words, with focus on the first (one error path for both modes).
          if (res.status === 422) {
            form.submit();
            return;
          }
          return res.json().then(function (body) {
            var issue = body.issues && body.issues[0];
            var label = issue ? labelOf(form, issue.path) : '';
            showError(form, res.status === 429 ? form.dataset.msgTooMany : issue ? (label ? label + ': ' : '') + issue.message : form.dataset.msgError);
          }, function () {
            showError(form, res.status === 429 ? form.dataset.msgTooMany : form.dataset.msgError);
          });
        })
        .catch(function () {
          // Network trouble: fall back to a plain form post.
          form.submit();
        })
        .finally(function () {
          button.disabled = false;
        });
    });
  }

  var forms = document.querySelectorAll('form[data-api]');
  for (var i = 0; i < forms.length; i++) enhance(forms[i]);
})();
