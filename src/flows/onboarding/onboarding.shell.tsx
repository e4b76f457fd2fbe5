import type { ComponentChildren } from 'preact';
import { titleFontClass } from '../../kernel/pages/fonts.js';
import { StepShell, wordsOf, type StepApp } from '../../kernel/pages/steps.js';
import type { OnboardingConfig } from './onboarding.schema.js';
import type { Screen } from './onboarding.walk.js';

/** The frame every screen of the hosted funnel shares (onboarding.views.tsx, onboarding.end.tsx): its look, its form's URLs. */

/** Where a screen's form posts, the capability and state it carries, and where its links go. */
export interface FunnelUrls {
  action: string;
  /** The hidden capability field: `['t', sessionToken]`, or `['p', previewToken]`. */
  capability: [string, string];
  /** The sealed progress every form and link carries. */
  state: string;
  screen(s: Screen): string;
}

export interface Look {
  app: StepApp;
  config: OnboardingConfig;
  /** Framed in another site: the store link leaves the frame. */
  embed?: boolean;
  preview?: boolean;
}

const PREVIEW_NOTE = 'of the draft. Nothing is recorded and nothing is stored; the end shows what would happen.';

export function Shell(p: { title: string; look: Look; head?: ComponentChildren; children: ComponentChildren }) {
  const hero = p.look.config.hero;
  // `dark` is a scheme (StepShell's flowTheme); the other themes are looks on whichever scheme.
  // side_by_side is a two-column form look; a funnel is one column, so it draws as minimal.
  const look = hero?.theme && hero.theme !== 'dark' && hero.theme !== 'side_by_side' ? `theme-${hero.theme}` : '';
  const classes = ['ob', look, titleFontClass(hero?.titleFont), p.look.embed ? 'ob-embed' : ''].filter(Boolean).join(' ');
  return (
    <StepShell
      title={p.title}
      app={p.look.app}
      lang={wordsOf(p.look.config).lang}
      preview={p.look.preview ? PREVIEW_NOTE : undefined}
      styles={['onboarding.css']}
      scripts={['onboarding.js']}
      accent={hero?.accentColor}
      flowTheme={hero?.theme}
      bodyClass={classes}
      head={p.head}
    >
      {p.children}
    </StepShell>
  );
}
