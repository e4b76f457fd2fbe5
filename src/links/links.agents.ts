import { isbot } from 'isbot';
import type { ClickTarget } from './links.settle.js';

/**
 * Link-preview fetchers named explicitly: chat apps fetch a link the moment it is pasted,
 * and a few of them use browser-like user agents that generic crawler lists may miss.
 * In-app browsers (Facebook, Snapchat, ...) are people and are not matched.
 * iMessage previews send "facebookexternalhit/1.1 Facebot Twitterbot/1.0".
 */
const PREVIEW_AGENTS =
  /slackbot|slack-imgproxy|whatsapp\/|facebookexternalhit|facebot|facebookcatalog|twitterbot|discordbot|telegrambot|linkedinbot|skypeuripreview|applebot|pinterestbot|redditbot|embedly|vkshare|iframely|mastodon\/|cardyb|google-inspectiontool|bingpreview/i;

// User agents repeat heavily; remembering the verdict keeps isbot's large regex off the hot path.
const verdicts = new Map<string, boolean>();

export function isBotAgent(userAgent: string): boolean {
  let v = verdicts.get(userAgent);
  if (v === undefined) {
    v = PREVIEW_AGENTS.test(userAgent) || isbot(userAgent);
    if (verdicts.size >= 5000) verdicts.clear();
    verdicts.set(userAgent, v);
  }
  return v;
}

/** Which destination a visitor gets: the platform override when the link has one, else the fallback. */
export function targetFor(userAgent: string, link: { ios_url: string | null; android_url: string | null }): ClickTarget {
  if (link.android_url && /android/i.test(userAgent)) return 'android';
  if (link.ios_url && /iphone|ipad|ipod/i.test(userAgent) && !/android/i.test(userAgent)) return 'ios';
  return 'fallback';
}
