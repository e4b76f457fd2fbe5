import { pagePath, type FlowTypeDef, type Warning } from '../../kernel/flows/registry.js';
import { wishlistConfig, type WishlistConfig } from './wishlist.schema.js';
import { WISHLIST_TEMPLATES } from './wishlist.templates.js';
import { wishlistDraftView } from './wishlist.board.js';
import { BOARD_SLUG } from './wishlist.rows.js';
import { wishlistScreens } from './wishlist.samples.js';

/** Advisories only: every one of these configs is valid, but probably not what the owner meant. */
function wishlistWarnings(c: WishlistConfig): Warning[] {
  const w: Warning[] = [];
  const id = c.identity;
  if (id && id.mode !== 'email' && (id.requireEmailToSubmit || id.requireEmailToVote || id.requireEmailToComment)) {
    w.push({ code: 'email_requirements_ignored', path: '/identity/mode', message: 'The requireEmailTo* switches only apply when identity.mode is "email".' });
  }
  if (id?.mode === 'email' && id.requireEmailToVote) {
    w.push({ code: 'sdk_cannot_vote', path: '/identity/requireEmailToVote', message: 'The iOS SDK’s built-in board never sends an email, so its users cannot vote.' });
  }
  return w;
}

export const wishlistFlow: FlowTypeDef<WishlistConfig> = {
  type: 'wishlist',
  segment: 'wishlist',
  label: 'Wishlist',
  schema: wishlistConfig,
  primarySlug: BOARD_SLUG,
  publicUrl: (p) => `${p.urls.web}/wishlist${pagePath({ ...p, primary: true })}`,
  multi: false,
  warnings: (config) => wishlistWarnings(config),
  templates: () => WISHLIST_TEMPLATES,
  preview: (config, ctx) => wishlistDraftView(config, ctx.app, ctx.clock.now(), ctx.screen),
  previewScreens: wishlistScreens,
};
