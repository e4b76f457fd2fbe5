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
    const label = button.textContent;
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = label), 2000);
  });
}

// Destructive buttons ask first: <button data-confirm="Revoke token CI?">. Without JavaScript they act at once.
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-confirm]')) {
  button.addEventListener('click', (e) => {
    if (!window.confirm(button.dataset.confirm!)) e.preventDefault();
  });
}
