import type { Issue } from '../../kernel/errors.js';
import { HTML_EMAIL } from '../../kernel/email.js';
import type { OnboardingConfig } from './onboarding.schema.js';
import { answerKeys } from './onboarding.warnings.js';

export type Answers = Record<string, string | string[]>;

/**
 * Checks posted answers against the funnel they completed: every key a step's answer key,
 * question answers made of its option keys (one for single, any for multi), required questions
 * answered, a required email given. An email step's answer is the email. Returns the answers to
 * store (in step order) and the email, or the issues (paths under /answers and /email).
 */
export function checkAnswers(config: OnboardingConfig, posted: Answers, email: string | undefined): { answers: Answers; email?: string; issues: Issue[] } {
  const issues: Issue[] = [];
  const keys = answerKeys(config);
  const known = new Set(keys.map((k) => k.step));
  for (const key of Object.keys(posted)) if (!known.has(key)) issues.push({ path: `/answers/${key}`, message: 'is not a step of this funnel' });
  const answers: Answers = {};
  config.steps.forEach((step, i) => {
    const { step: key, options } = keys[i];
    const value = posted[key];
    if (step.kind === 'info') {
      if (value !== undefined) issues.push({ path: `/answers/${key}`, message: 'an info step takes no answer' });
      return;
    }
    if (step.kind === 'email_capture') {
      if (typeof value === 'string' && value.trim() && !email) {
        if (HTML_EMAIL.test(value.trim())) email = value.trim();
        else issues.push({ path: `/answers/${key}`, message: 'must be a valid email address' });
      } else if (Array.isArray(value)) issues.push({ path: `/answers/${key}`, message: 'must be an email address' });
      if (!email && step.required !== false) issues.push({ path: '/email', message: `is required (step "${key}")` });
      return;
    }
    const picked = value === undefined ? [] : Array.isArray(value) ? value : [value];
    if (picked.length === 0) {
      if (step.required) issues.push({ path: `/answers/${key}`, message: 'is required' });
      return;
    }
    const multi = step.selectMode === 'multi';
    if (!multi && picked.length > 1) issues.push({ path: `/answers/${key}`, message: 'takes one option' });
    const unknown = picked.filter((p) => !options.includes(p));
    if (unknown.length) issues.push({ path: `/answers/${key}`, message: `unknown option ${unknown.map((u) => `"${u}"`).join(', ')}` });
    answers[key] = multi ? [...new Set(picked)] : picked[0];
  });
  return { answers, email, issues };
}
