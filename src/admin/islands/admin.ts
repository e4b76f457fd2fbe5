import { accentNotes } from '../../kernel/pages/contrast.js';

// Copy buttons: <button data-copy="#input-id">. Without JavaScript the field is still selectable.
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
  button.addEventListener('click', async () => {
    const field = document.querySelector<HTMLInputElement>(button.dataset.copy!);
    if (!field) return;
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand('copy');
    }
    // The label may hold a visually hidden part ("Copy<span> live URL</span>"): put it back whole.
    const label = button.innerHTML;
    button.textContent = 'Copied';
    setTimeout(() => (button.innerHTML = label), 2000);
  });
}

// Destructive buttons ask first: <button data-confirm="Revoke token CI?">. Without JavaScript they act at once.
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-confirm]')) {
  button.addEventListener('click', (e) => {
    if (!window.confirm(button.dataset.confirm!)) e.preventDefault();
  });
}

// Colour fields: <input type="color" data-color-for="text-input-id" hidden> beside the text field
// that is the form's value (it works without JavaScript). Shown here, kept in step both ways, and
// the contrast notes under an accent field follow the colour as it changes.
for (const picker of document.querySelectorAll<HTMLInputElement>('input[type=color][data-color-for]')) {
  const text = document.getElementById(picker.dataset.colorFor!) as HTMLInputElement | null;
  if (!text) continue;
  const notes = text.closest('.field')?.querySelector<HTMLElement>('[data-contrast-notes]');
  const hex = /^#[0-9a-fA-F]{6}$/;
  const update = () => {
    if (notes) notes.textContent = hex.test(text.value) ? accentNotes(text.value.toLowerCase()).join(' ') : '';
  };
  picker.hidden = false;
  picker.addEventListener('input', () => {
    text.value = picker.value;
    update();
  });
  text.addEventListener('input', () => {
    if (hex.test(text.value)) picker.value = text.value.toLowerCase();
    update();
  });
}

// An app's tab row scrolls sideways on a phone: bring the current tab into view.
for (const current of document.querySelectorAll<HTMLElement>('nav.tabs [aria-current="page"]')) {
  const row = current.parentElement!;
  if (row.scrollWidth > row.clientWidth) row.scrollLeft = current.offsetLeft - row.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
}
