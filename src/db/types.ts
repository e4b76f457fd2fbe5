/**
 * Table types, one file per module under tables/ (one interface per table), composed into
 * Database here. Re-exported so every store imports its rows from one place.
 */
import type { KernelTables } from './tables/kernel.js';
import type { LinksTables } from './tables/links.js';
import type { FormsTables } from './tables/forms.js';
import type { WishlistTables } from './tables/wishlist.js';
import type { SessionTables } from './tables/sessions.js';
import type { OnboardingTables } from './tables/onboarding.js';
import type { ReferralTables } from './tables/referral.js';
import type { CrashTables } from './tables/crash.js';
import type { AdminTables } from './tables/admin.js';
import type { LinkPageTables } from './tables/link-page.js';
import type { PromotionTables } from './tables/promotion.js';
import type { PrivacyTables } from './tables/privacy.js';
import type { RollupTables } from './tables/rollups.js';
import type { WebhookTables } from './tables/webhooks.js';
import type { ExperimentTables } from './tables/experiments.js';

export type * from './tables/kernel.js';
export type * from './tables/links.js';
export type * from './tables/forms.js';
export type * from './tables/wishlist.js';
export type * from './tables/sessions.js';
export type * from './tables/onboarding.js';
export type * from './tables/referral.js';
export type * from './tables/crash.js';
export type * from './tables/admin.js';
export type * from './tables/link-page.js';
export type * from './tables/promotion.js';
export type * from './tables/privacy.js';
export type * from './tables/rollups.js';
export type * from './tables/webhooks.js';
export type * from './tables/experiments.js';

export type Database = ExperimentTables & WebhookTables & RollupTables & PrivacyTables & CrashTables & AdminTables & KernelTables & FormsTables & LinksTables & WishlistTables & SessionTables & OnboardingTables & ReferralTables & LinkPageTables & PromotionTables;
