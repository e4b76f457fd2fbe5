// Runs inside Appflows embeds (/embed/...): tells the host page how tall the content is, so the
// iframe sizes itself (public/embed.js on the host listens), and honours ?transparent=1.
(function () {
  'use strict';
  if (window.parent === window) return;
  if (/[?&]transparent=1(&|$)/.test(location.search)) document.documentElement.classList.add('embed-transparent');
  var last = 0;
  function post() {
    var h = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (h === last) return;
    last = h;
    // The height is not a secret: any host may read it.
    window.parent.postMessage({ appflows: 'resize', height: h }, '*');
  }
  if (window.ResizeObserver) new ResizeObserver(post).observe(document.documentElement);
  window.addEventListener('load', post);
  post();
})();
