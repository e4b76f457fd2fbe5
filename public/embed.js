// Appflows embed helper for the page that embeds a board or funnel:
//   <iframe data-appflows src="https://YOUR_HOST/embed/wishlist/YOUR_APP" title="Feature board" style="width:100%;border:0"></iframe>
//   <script src="https://YOUR_HOST/assets/embed.js" async></script>
// Each iframe marked data-appflows takes the height its content reports (public/embed-frame.js).
(function () {
  'use strict';
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.appflows !== 'resize' || typeof data.height !== 'number') return;
    var frames = document.querySelectorAll('iframe[data-appflows]');
    for (var i = 0; i < frames.length; i++) {
      // Only the frame that sent it, and only from the origin it was loaded from.
      if (frames[i].contentWindow !== event.source) continue;
      if (new URL(frames[i].src, location.href).origin !== event.origin) return;
      frames[i].style.height = Math.max(80, Math.min(data.height, 20000)) + 'px';
      return;
    }
  });
})();
