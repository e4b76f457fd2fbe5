import { expect } from 'vitest';
import type { TestApp } from '../../helpers.js';
import { json } from '../forms/forms.fixtures.js';

export interface Funnel {
  sessionId: string;
  token: string;
  flowUrl: string;
  /** flowUrl's path and query. */
  path: string;
  /** The page's form target. */
  action: string;
}

/** The SDK's startOnboardingFlow: POST /api/public/onboarding/sessions. */
export async function startFunnel(t: TestApp, appSlug: string, extra: Record<string, unknown> = {}): Promise<Funnel> {
  const r = await t.app.inject({ method: 'POST', url: '/api/public/onboarding/sessions', headers: json, payload: JSON.stringify({ appSlug, platform: 'ios', ...extra }) });
  expect(r.statusCode, r.body).toBe(201);
  const b = r.json();
  const u = new URL(b.flowUrl);
  return { ...b, path: u.pathname + u.search, action: u.pathname };
}

/** The deep link an in-app end page opens: its meta refresh and its fallback link must agree. */
export function endLink(html: string): string | undefined {
  const meta = /<meta http-equiv="refresh" content="0;url=([^"]*)"/.exec(html)?.[1];
  const link = /<a class="cx-btn" href="([^"]*)" data-deep-link/.exec(html)?.[1];
  expect(meta).toBe(link);
  return meta?.replaceAll('&amp;', '&');
}

/** A funnel whose every string tries to break out of the HTML. */
export const hostileOnboarding = () => ({
  type: 'onboarding',
  intro: { title: 'Hi <b>there</b>', subtitle: 'Sub <script>alert(1)</script>', startLabel: 'Go "now"', eyebrow: '<i>new</i>' },
  steps: [
    {
      kind: 'question',
      id: 'pick',
      prompt: 'Pick <u>one</u>',
      subtitle: 'It’s & fine',
      required: true,
      options: [
        { id: 'a', label: '<img src=x onerror=alert(1)>', emoji: '<>' },
        { id: 'b', label: 'B & "b"' },
      ],
    },
    { kind: 'info', id: 'note', title: 'Note </h1><script>x</script>', body: 'Line one\n<a href="javascript:alert(1)">two</a>', imageUrl: 'https://cdn.example.org/a.png?x="1"&y=<2>' },
    { kind: 'email_capture', id: 'mail', title: 'Mail <me>', subtitle: '"quoted"', placeholder: '"><script>', submitLabel: 'Send <it>', legal: 'Legal <small>', required: false },
  ],
  handoff: { title: 'Done <b>!</b>', body: 'Body <script>1</script>', ctaLabel: 'Get "it"', appStoreUrl: 'https://apps.apple.com/app/id1444383602?a="1"&b=<2>', legal: 'Terms <apply>' },
});
