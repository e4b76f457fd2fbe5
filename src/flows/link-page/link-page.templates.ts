import type { FlowTemplate } from '../../kernel/flows/registry.js';
import type { LinkPageConfig } from './link-page.schema.js';

/**
 * Starting points for the link page (served by GET /api/v1/flow-templates). Addresses are
 * placeholders on example.com and the stores' URL shapes, for the owner to replace; every icon
 * name has a glyph of its own (no `unknown_icon`), every URL is https or mailto and unique in its
 * list. The only warning they can draw is `missing_logo`, about the app rather than the page.
 */
export const LINK_PAGE_TEMPLATES: FlowTemplate<LinkPageConfig>[] = [
  {
    id: 'creator_links',
    name: 'Creator / indie dev links',
    description: 'Your apps, socials and newsletter in one link-in-bio page: for an indie maker who posts about what they build.',
    config: {
      type: 'link_page',
      header: { title: 'Hi, I make small, useful apps', description: 'Everything I build, write and share, in one place.' },
      iconLinks: [
        { icon: 'website', label: 'Website', url: 'https://example.com' },
        { icon: 'x', label: 'X', url: 'https://x.com/yourname' },
        { icon: 'instagram', label: 'Instagram', url: 'https://instagram.com/yourname' },
        { icon: 'youtube', label: 'YouTube', url: 'https://youtube.com/@yourname' },
        { icon: 'github', label: 'GitHub', url: 'https://github.com/yourname' },
        { icon: 'email', label: 'Email', url: 'mailto:hello@example.com' },
      ],
      links: [
        { label: 'Get the app', sublabel: 'iPhone and iPad', url: 'https://apps.apple.com/app/id000000000' },
        { label: 'Read the build log', sublabel: 'A short post every week', url: 'https://example.com/blog' },
        { label: 'Join the newsletter', sublabel: 'New apps and updates, once a month', url: 'https://example.com/newsletter' },
        { label: 'Buy me a coffee', sublabel: 'Keeps the apps ad-free', url: 'https://ko-fi.com/yourname' },
      ],
      legal: '© Your Company Ltd',
      hero: { theme: 'minimal', accentColor: '#4f46e5' },
    },
  },
  {
    id: 'app_launch',
    name: 'App launch page',
    description: 'Store buttons first, then the trailer and press kit: the page to share on launch day and print as a QR code.',
    config: {
      type: 'link_page',
      header: { title: 'Out now on iPhone and Android', description: 'The simplest way to plan your week. Free to download, no account needed.' },
      iconLinks: [
        { icon: 'app_store', label: 'App Store', url: 'https://apps.apple.com/app/id000000000' },
        { icon: 'google_play', label: 'Google Play', url: 'https://play.google.com/store/apps/details?id=com.example.app' },
        { icon: 'tiktok', label: 'TikTok', url: 'https://tiktok.com/@yourapp' },
        { icon: 'x', label: 'X', url: 'https://x.com/yourapp' },
      ],
      links: [
        { label: 'Download on the App Store', sublabel: 'iPhone, iPad and Mac', url: 'https://apps.apple.com/app/id000000000' },
        { label: 'Get it on Google Play', sublabel: 'Android 8 and later', url: 'https://play.google.com/store/apps/details?id=com.example.app' },
        { label: 'Watch the 60-second trailer', url: 'https://youtube.com/watch?v=your-trailer' },
        { label: 'Support us on Product Hunt', sublabel: 'We launch today', url: 'https://www.producthunt.com/products/yourapp' },
        { label: 'Press kit', sublabel: 'Screenshots, icon and facts', url: 'https://example.com/press' },
      ],
      legal: 'App Store is a service mark of Apple Inc. Google Play is a trademark of Google LLC.',
      hero: { theme: 'gradient', eyebrow: 'New', accentColor: '#6d28d9' },
    },
  },
  {
    id: 'support_hub',
    name: 'Support hub',
    description: 'Help centre, contact, bug reports, status and the legal pages behind one link: for the support URL of your store listing.',
    config: {
      type: 'link_page',
      header: { title: 'How can we help?', description: 'Answers to common questions, and a real person when you need one. We reply within one working day.' },
      iconLinks: [
        { icon: 'help', label: 'Help centre', url: 'https://example.com/help' },
        { icon: 'email', label: 'Email support', url: 'mailto:support@example.com' },
        { icon: 'discord', label: 'Community Discord', url: 'https://discord.gg/your-invite' },
      ],
      links: [
        { label: 'Frequently asked questions', sublabel: 'Subscriptions, sync, restoring purchases', url: 'https://example.com/help/faq' },
        { label: 'Email support', sublabel: 'support@example.com', url: 'mailto:support@example.com?subject=Help%20with%20the%20app' },
        { label: 'Report a bug', sublabel: 'Tell us what happened and on which device', url: 'https://example.com/help/bug' },
        { label: 'Manage or cancel your subscription', sublabel: 'In your Apple ID settings', url: 'https://apps.apple.com/account/subscriptions' },
        { label: 'Privacy policy', url: 'https://example.com/privacy' },
        { label: 'Terms of use', url: 'https://example.com/terms' },
      ],
      legal: '© Your Company Ltd. We never ask for your password.',
      hero: { theme: 'minimal', eyebrow: 'Support', accentColor: '#0f766e' },
    },
  },
  {
    id: 'community_hub',
    name: 'Community hub',
    description: 'Discord, feature requests, changelog and beta sign-up: for an app whose users like to talk and help shape it.',
    config: {
      type: 'link_page',
      header: { title: 'Join the community', description: 'Meet other users, vote on what we build next and try new versions first.' },
      iconLinks: [
        { icon: 'discord', label: 'Discord', url: 'https://discord.gg/your-invite' },
        { icon: 'reddit', label: 'Reddit', url: 'https://reddit.com/r/yourapp' },
        { icon: 'bluesky', label: 'Bluesky', url: 'https://bsky.app/profile/yourapp.example.com' },
        { icon: 'newsletter', label: 'Newsletter', url: 'https://example.com/newsletter' },
      ],
      links: [
        { label: 'Chat on Discord', sublabel: 'Tips, help and sneak peeks', url: 'https://discord.gg/your-invite' },
        { label: 'Vote on new features', sublabel: 'The most wanted ideas get built first', url: 'https://example.com/roadmap' },
        { label: 'What’s new', sublabel: 'The changelog, every release', url: 'https://example.com/changelog' },
        { label: 'Join the beta on TestFlight', sublabel: 'Try new versions before everyone else', url: 'https://testflight.apple.com/join/yourcode' },
        { label: 'Rate the app', sublabel: 'A review helps more than you think', url: 'https://apps.apple.com/app/id000000000?action=write-review' },
      ],
      legal: '© Your Company Ltd. Be kind: community rules apply in every space.',
      hero: { theme: 'dark', eyebrow: 'Community', accentColor: '#f59e0b' },
    },
  },
];
