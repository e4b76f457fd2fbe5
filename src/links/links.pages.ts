/**
 * The few pages a short link can show instead of redirecting. Plain escaped HTML with an
 * external stylesheet: the CSP forbids inline styles and scripts.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const LINKS_CSS = `:root{color-scheme:light dark;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:Canvas;color:CanvasText}
main{max-width:28rem;padding:2rem;text-align:center}
h1{font-size:1.4rem;margin:0 0 .75rem}
p{margin:0;line-height:1.5;opacity:.8;white-space:pre-line}
`;

function page(cssHref: string, title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${escapeHtml(cssHref)}"></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

export const endedPage = (cssHref: string, message: string | null) =>
  page(cssHref, 'This link has ended', message || 'This link has expired or reached its limit.');

export const disabledPage = (cssHref: string) => page(cssHref, 'This link is disabled', 'Its owner has turned it off.');

export const notFoundPage = (cssHref: string) => page(cssHref, 'Link not found', 'There is no link at this address.');
