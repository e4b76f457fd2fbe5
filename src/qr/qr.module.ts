import type { ReferralService } from '../flows/referral/referral.service.js';
import { defineModule } from '../kernel/module.js';
import type { LinkService } from '../links/links.service.js';
import { qrOperations } from './qr.routes.js';
import { createQrService } from './qr.service.js';

/** QR codes (PNG, SVG) of every flow's public URL and of short links; the MCP's get_qr_code. */
export const qrModule = defineModule({
  name: 'qr',
  create(k) {
    // The referral and short-link capabilities' services, found when a code is asked for (k.capabilities is filled once every module is created).
    let found: { referral?: { referrals: ReferralService }; links?: LinkService } | undefined;
    const services = () => (found ??= Object.assign({}, ...k.capabilities.map((c) => c.services)));
    const qr = createQrService({
      config: k.config,
      flows: k.flows,
      referralCode: async (appId, code) => services().referral?.referrals.findCode(appId, code),
      shortLink: async (code) => services().links?.lookup(code),
    });
    return {
      services: { qr },
      operations: qrOperations({ apps: k.apps, qr, config: k.config }),
    };
  },
});
