/**
 * The `{flow}` values of `/api/public/qr/{app}/{flow}`: the public QR route (src/qr) and the
 * dashboard's "where it lives" card (src/admin) both need them, so they live below both.
 */
export const QR_FLOWS = ['cancel', 'waitlist', 'feedback', 'report', 'contact', 'onboarding', 'wishlist', 'link', 'referral', 'crash', 'legal'] as const;
export type QrFlow = (typeof QR_FLOWS)[number];

/** The flow type behind a QR flow value: `link` is the link page; the others are their own type. */
export const flowTypeOf = (flow: QrFlow) => (flow === 'link' ? 'link_page' : flow);
