/** A complete link page: three icon links, four links (one mailto), legal, a gradient hero. */
export const goodLinkPage = (over: Record<string, unknown> = {}) => ({
  type: 'link_page',
  header: { title: 'Sleep better tonight', description: 'Guides, community and support for Sleepy, the calm sleep tracker.' },
  iconLinks: [
    { icon: 'instagram', label: 'Instagram', url: 'https://instagram.example/sleepy' },
    { icon: 'youtube', label: 'YouTube', url: 'https://youtube.example/@sleepy' },
    { icon: 'email', label: 'Email us', url: 'mailto:hello@sleepy.example' },
  ],
  links: [
    { label: 'Get Sleepy on the App Store', sublabel: 'iPhone and iPad', url: 'https://apps.apple.com/app/id1444383602' },
    { label: 'Read the sleep guide', url: 'https://sleepy.example/guide' },
    { label: 'Join the community', sublabel: 'Discord, 12k members', url: 'https://discord.example/sleepy' },
    { label: 'Write to support', url: 'mailto:support@sleepy.example?subject=Help' },
  ],
  legal: '© 2026 Sleepy Labs. Links open other sites.',
  hero: { theme: 'gradient', eyebrow: 'New: smart alarm', accentColor: '#6d28d9' },
  ...over,
});
