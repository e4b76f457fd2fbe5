import { adminModule } from './admin/admin.module.js';
import { appsModule } from './apps/apps.module.js';
import { cancelModule } from './flows/cancel/cancel.module.js';
import { crashModule } from './flows/crash/crash.module.js';
import { formsModule } from './flows/forms/forms.module.js';
import { onboardingModule } from './flows/onboarding/onboarding.module.js';
import { promotionModule } from './flows/promotion/promotion.module.js';
import { referralModule } from './flows/referral/referral.module.js';
import { linkPageModule } from './flows/link-page/link-page.module.js';
import { qrModule } from './qr/qr.module.js';
import { wishlistModule } from './flows/wishlist/wishlist.module.js';
import { flowsModule } from './kernel/flows/flows.module.js';
import { legalModule } from './flows/legal/legal.module.js';
import { linksModule } from './links/links.module.js';
import { tokensModule } from './tokens/tokens.module.js';
import { privacyModule } from './privacy/privacy.module.js';
import { webhooksModule } from './webhooks/webhooks.module.js';
import { notificationsModule } from './notifications/notifications.module.js';
import { experimentsModule } from './experiments/experiments.module.js';

/**
 * Every capability, one line each. The order is the order of flow types in the registry, of
 * operations in the OpenAPI document and MCP tool list, and of route registration.
 */
export const MODULES = [appsModule, flowsModule, tokensModule, linksModule, cancelModule, formsModule, crashModule, wishlistModule, onboardingModule, referralModule, promotionModule, legalModule, linkPageModule, qrModule, webhooksModule, notificationsModule, experimentsModule, adminModule, privacyModule] as const;
