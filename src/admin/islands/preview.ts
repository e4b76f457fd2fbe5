/**
 * The preview pane's island: the "Screen" select of #preview-form. Changing it shows that screen
 * in both frames at once (the form carries the text the editor island last posted); after each
 * render of the phone frame, the select's options become the screens of the draft it rendered
 * (the preview page names them in a <meta>: steps and reasons come and go as the owner types).
 * Without JavaScript the form's own "Show" button does the same in the phone frame. It also
 * scales the desktop frame to the pane's width.
 */
interface Screens {
  screens: { id: string; label: string }[];
  screen: string;
}

const form = document.querySelector<HTMLFormElement>('#preview-form');
const select = form?.querySelector<HTMLSelectElement>('select[name="screen"]');
if (form && select) start(form, select);

function start(form: HTMLFormElement, select: HTMLSelectElement) {
  const show = form.querySelector<HTMLButtonElement>('#pv-show');
  if (show) show.hidden = true;

  select.addEventListener('change', () => {
    for (const target of ['pv-desktop', 'pv-phone']) {
      form.target = target;
      form.submit();
    }
  });

  // The desktop frame (1280 px wide) scaled to the pane's width exactly, as the pane resizes.
  const figure = document.querySelector<HTMLElement>('figure.frame.desktop');
  const scaler = figure?.querySelector<HTMLElement>('.scaler');
  if (figure && scaler) {
    const fit = () => {
      if (figure.clientWidth > 0) scaler.style.setProperty('--pv-scale', String(Math.min(1, figure.clientWidth / 1280)));
    };
    new ResizeObserver(fit).observe(figure);
    fit();
  }

  const phone = document.querySelector<HTMLIFrameElement>('iframe[name="pv-phone"]');
  phone?.addEventListener('load', () => {
    const meta = phone.contentDocument?.querySelector<HTMLMetaElement>('meta[name="appflows-preview-screens"]');
    if (!meta) return; // "Preview paused": the draft's screens are not known; keep the list.
    let shown: Screens;
    try {
      shown = JSON.parse(meta.content) as Screens;
    } catch {
      return;
    }
    const same = shown.screens.length === select.options.length && shown.screens.every((s, i) => select.options[i].value === s.id && select.options[i].text === s.label);
    if (!same) select.replaceChildren(...shown.screens.map((s) => new Option(s.label, s.id)));
    // The frame may show another screen than the one asked for (the asked one left the draft).
    if (select.value !== shown.screen) select.value = shown.screen;
  });
}
