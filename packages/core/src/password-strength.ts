import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The password rule shared by the server (which refuses) and the web app (whose meter shows the same
 * verdict while typing). The estimate is zxcvbn's: common-password, word, name and keyboard-pattern
 * lists shipped in the npm packages, nothing fetched over the network.
 *
 * The dictionaries weigh about a megabyte: the web app imports this module dynamically, only where a
 * new password is typed (sign-up, reset, password change), never in a page's first bundle.
 */

/** zxcvbn's score, 0 (too guessable) to 4 (very unguessable). Below this a password is refused. */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** What the meter says for each score. */
export const PASSWORD_STRENGTH_LABELS: Record<PasswordScore, string> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Good',
  4: 'Strong',
};

export const PASSWORD_STRENGTH_MESSAGES = {
  tooGuessable: 'This password is too easy to guess.',
  oneCharacter: 'A password of one character repeated is easy to guess.',
  blank: 'A password of only spaces is easy to guess.',
  fallbackAdvice: 'Add more words that are less common.',
} as const;

export interface PasswordStrength {
  score: PasswordScore;
  /** PASSWORD_STRENGTH_LABELS of the score. */
  label: string;
  acceptable: boolean;
  /** Why it is refused, in words a person can act on; null when acceptable. */
  problem: string | null;
  /** zxcvbn's advice, e.g. "Add more words that are less common." */
  suggestions: string[];
}

let factory: ZxcvbnFactory | null = null;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return factory;
}

/** Words of the account (email, name) a password must not lean on. */
function userWords(inputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const value = input?.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    // "ann@north-star.test": "north-star" and "north", "star" too.
    for (const part of [...value.split(/[@.\s_+]+/), ...value.split(/[^\p{L}\p{N}]+/u)]) {
      if (part.length >= 3) words.add(part);
    }
  }
  return [...words];
}

function refusal(score: PasswordScore, problem: string, suggestions: string[]): PasswordStrength {
  return { score, label: PASSWORD_STRENGTH_LABELS[score], acceptable: false, problem, suggestions };
}

/**
 * Judges a new password. `userInputs` are the account's own words (email, name): a password built on
 * them counts as guessable. Length limits are the schema's (passwordSchema); this judges guessability.
 */
export function checkPasswordStrength(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): PasswordStrength {
  if (password.length > 0 && password.trim() === '') {
    return refusal(0, PASSWORD_STRENGTH_MESSAGES.blank, [PASSWORD_STRENGTH_MESSAGES.fallbackAdvice]);
  }
  if (password.length > 1 && new Set(password).size === 1) {
    return refusal(0, PASSWORD_STRENGTH_MESSAGES.oneCharacter, [PASSWORD_STRENGTH_MESSAGES.fallbackAdvice]);
  }
  // zxcvbn's cost grows with length; past 100 characters the first 100 decide.
  const result: ZxcvbnResult = estimator().check(password.slice(0, 100), userWords(userInputs));
  const score = result.score as PasswordScore;
  const suggestions = result.feedback.suggestions;
  if (score >= PASSWORD_MIN_SCORE) {
    return { score, label: PASSWORD_STRENGTH_LABELS[score], acceptable: true, problem: null, suggestions };
  }
  const problem = result.feedback.warning
    ? `${PASSWORD_STRENGTH_MESSAGES.tooGuessable} ${result.feedback.warning}`
    : PASSWORD_STRENGTH_MESSAGES.tooGuessable;
  return refusal(
    score,
    problem,
    suggestions.length ? suggestions : [PASSWORD_STRENGTH_MESSAGES.fallbackAdvice],
  );
}

/** The one message the API answers (weak_password) and a form shows: why, then what to do. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  return [strength.problem, strength.suggestions[0]].filter(Boolean).join(' ');
}
