import type { FlowTemplate } from '../../kernel/flows/registry.js';
import type { WishlistConfig } from './wishlist.schema.js';

/** Starting points for the wishlist board (served by GET /api/v1/flow-templates; each publishes with no warning, tested). */
export const WISHLIST_TEMPLATES: FlowTemplate<WishlistConfig>[] = [
  {
    id: 'public_roadmap',
    name: 'Public roadmap',
    description: 'An open board where anyone votes and suggests; new ideas wait for your review, and statuses read like a roadmap.',
    config: {
      type: 'wishlist',
      intro: {
        title: 'Roadmap & ideas',
        subtitle: 'Vote for what you want next, or suggest something new. We build the most-wanted ideas first.',
        submitLabel: 'Suggest an idea',
        legal: 'New ideas appear once a team member has reviewed them. Your name is optional.',
      },
      identity: { mode: 'anonymous' },
      categories: [
        { id: 'new_feature', label: 'New feature', emoji: '✨' },
        { id: 'improvement', label: 'Improvement', emoji: '🛠️' },
        { id: 'integrations', label: 'Integrations', emoji: '🔌' },
        { id: 'design', label: 'Design & usability', emoji: '🎨' },
      ],
      statusLabels: { open: 'Under consideration', planned: 'Planned', in_progress: 'Building now', done: 'Shipped', declined: 'Not planned' },
      submitForm: { titlePlaceholder: 'e.g. Export to PDF', bodyPlaceholder: 'What would it let you do? How do you do it today?' },
      moderation: { autoApprove: false },
      success: { title: 'Thanks for the idea!', body: 'We read every idea, usually within a day or two.' },
      hero: { theme: 'gradient', eyebrow: 'Roadmap', accentColor: '#4f46e5' },
    },
  },
  {
    id: 'beta_feature_voting',
    name: 'Feature voting for a beta',
    description: 'For a small, trusted beta group: ideas go live without review so testers can vote on what ships before launch.',
    config: {
      type: 'wishlist',
      intro: {
        title: 'Shape the beta',
        subtitle: 'You are among the first to use the app. Vote on what we build before launch, or add your own idea.',
        submitLabel: 'Add an idea',
        legal: 'Ideas appear on the board straight away, so please keep it friendly.',
      },
      identity: { mode: 'anonymous' },
      categories: [
        { id: 'must_have', label: 'Must-have for launch', emoji: '🚀' },
        { id: 'nice_to_have', label: 'Nice to have', emoji: '💡' },
        { id: 'polish', label: 'Polish & small fixes', emoji: '🧹' },
      ],
      statusLabels: { open: 'Open for votes', planned: 'Next build', in_progress: 'In the current build', done: 'Shipped in beta', declined: 'Not for now' },
      submitForm: { titlePlaceholder: 'One line: what should the app do?', bodyPlaceholder: 'When would you use it? Which build are you on?' },
      // A closed beta is a trusted group: waiting for review would slow down the voting.
      moderation: { autoApprove: true },
      success: { title: 'Your idea is live', body: 'Other testers can vote on it now. We go through the board before every build.' },
      // The roadmap link names the statuses: it follows statusLabels above.
      strings: { wlRoadmapLink: 'What’s coming: next build, current build, shipped →' },
      hero: { theme: 'dark', eyebrow: 'Beta', accentColor: '#db2777' },
    },
  },
  {
    id: 'private_feedback_board',
    name: 'Private-ish feedback board',
    description: 'The board stays readable, but suggesting and commenting need an email and every idea is reviewed first: for customers you want to reply to.',
    config: {
      type: 'wishlist',
      intro: {
        title: 'Customer feedback board',
        subtitle: 'Tell us what would make the app better for you. We reply to every idea by email.',
        submitLabel: 'Send an idea',
        legal: 'Your email is used only to reply and to tell you when the idea’s status changes. It is never shown on the board.',
      },
      // Voting stays open without an email, so people voting from the app's built-in board can vote.
      identity: { mode: 'email', requireEmailToSubmit: true, requireEmailToComment: true },
      categories: [
        { id: 'feature', label: 'Feature request', emoji: '💡' },
        { id: 'workflow', label: 'Workflow & usability', emoji: '🧭' },
        { id: 'billing', label: 'Plans & billing', emoji: '💳' },
      ],
      statusLabels: { open: 'Received', planned: 'Planned', in_progress: 'In progress', done: 'Done', declined: 'Won’t do' },
      submitForm: { titlePlaceholder: 'A short summary of your idea', bodyPlaceholder: 'What are you trying to do, and what gets in the way?' },
      moderation: { autoApprove: false },
      success: { title: 'Thanks, we got it', body: 'We review every idea and will email you when its status changes.' },
      hero: { theme: 'minimal', eyebrow: 'Customer feedback', accentColor: '#0f766e' },
    },
  },
  {
    id: 'game_wishlist',
    name: 'Game community wishlist',
    description: 'For games: players vote on new levels, characters and modes, with categories and statuses in the game’s voice.',
    config: {
      type: 'wishlist',
      intro: {
        title: 'Player wishlist',
        subtitle: 'What should we add next? Vote for your favourites or pitch your own idea.',
        submitLabel: 'Pitch an idea',
        legal: 'Ideas are checked by a moderator before they appear.',
      },
      identity: { mode: 'anonymous' },
      categories: [
        { id: 'levels', label: 'Levels & worlds', emoji: '🗺️' },
        { id: 'characters', label: 'Characters & skins', emoji: '🦸' },
        { id: 'modes', label: 'Game modes', emoji: '🎮' },
        { id: 'balance', label: 'Balance & difficulty', emoji: '⚖️' },
        { id: 'quality_of_life', label: 'Quality of life', emoji: '🧰' },
      ],
      statusLabels: { open: 'Voting', planned: 'On the roadmap', in_progress: 'In development', done: 'In the game', declined: 'Not this time' },
      strings: { wlRoadmapLink: 'Roadmap: on the way, in development, in the game →' },
      submitForm: { titlePlaceholder: 'e.g. A co-op mode for two players', bodyPlaceholder: 'How would it work? What would make it fun?' },
      moderation: { autoApprove: false },
      success: { title: 'Idea pitched!', body: 'A moderator will check it soon, then other players can vote on it.' },
      hero: { theme: 'gradient', eyebrow: 'Community', accentColor: '#9333ea' },
    },
  },
];
