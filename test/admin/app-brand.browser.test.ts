import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, screenshot } from '../browser.js';
import { ownerBrowser, type OwnerBrowser } from '../owner-browser.js';

describe('app branding in the dashboard, in Chromium (#32 §4)', () => {
  let ob: OwnerBrowser;
  let base: string;

  beforeAll(async () => {
    ob = await ownerBrowser({ env: { WEB_URL: 'https://sleepy.example' } });
    base = ob.base;
    await ob.api('POST', '/api/v1/apps', { name: 'Sleepy', slug: 'sleepy' });
  });
  afterAll(() => ob?.close());

  it('the colour picker and the text field stay in step, the contrast note follows the colour, and saving keeps both', async () => {
    const { page, problems } = await ob.signedIn(DESKTOP);
    await page.goto(`${base}/admin/apps/sleepy`);
    const picker = page.locator('input[type=color][data-color-for="f-accentColor"]');
    // The island shows the picker (hidden without JavaScript, where the text field is the way).
    await expect(picker.isVisible()).resolves.toBe(true);
    const notes = page.locator('#f-accentColor-notes');
    await expect(notes.textContent()).resolves.toBe('');
    // Typing a near-black accent: the note says what dark pages do about it, at once.
    await page.fill('#f-accentColor', '#111827');
    await expect.poll(() => notes.textContent()).toMatch(/^On dark pages #111827 is 1\.\d\d:1 against the card: buttons use #[0-9a-f]{6} there instead\.$/);
    await expect(picker.inputValue()).resolves.toBe('#111827');
    // Picking a colour fills the text field.
    await picker.evaluate((el: HTMLInputElement) => {
      el.value = '#0f766e';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await expect(page.inputValue('#f-accentColor')).resolves.toBe('#0f766e');
    await expect(notes.textContent()).resolves.toBe('');
    await page.fill('#f-accentColor', '#111827');
    await page.selectOption('#f-theme', 'dark');
    await screenshot(page, 'app-brand-dashboard-settings');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/saved=1/);
    await expect(page.locator('#f-accentColor').inputValue()).resolves.toBe('#111827');
    await expect(page.locator('#f-theme').inputValue()).resolves.toBe('dark');
    expect(problems).toEqual([]);
  });
});
