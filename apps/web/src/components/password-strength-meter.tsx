import type { PasswordStrength } from '@music-review/core/password-strength';
import { useEffect, useMemo, useState } from 'react';
import { cn } from '../lib/cn';

type StrengthModule = typeof import('@music-review/core/password-strength');

// The estimator's word lists weigh about a megabyte: fetched once, the first time a new password is
// typed, never with a page's first bundle (docs/PERFORMANCE.md).
let loading: Promise<StrengthModule> | null = null;
function loadStrength(): Promise<StrengthModule> {
  loading ??= import('@music-review/core/password-strength').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The server's verdict on a new password, computed here as it is typed (the same function in
 * packages/core): null while the password is empty or the estimator is still loading.
 */
export function usePasswordStrength(
  password: string,
  userInputs: readonly string[] = [],
): PasswordStrength | null {
  const [module, setModule] = useState<StrengthModule | null>(null);
  const typed = password.length > 0;
  useEffect(() => {
    if (!typed || module) return;
    let live = true;
    loadStrength().then(
      (m) => live && setModule(() => m),
      (error: unknown) => console.warn('The password strength meter could not load.', error),
    );
    return () => {
      live = false;
    };
  }, [typed, module]);
  const inputsKey = userInputs.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: inputsKey stands for userInputs' contents
  return useMemo(
    () => (module && typed ? module.checkPasswordStrength(password, userInputs) : null),
    [module, typed, password, inputsKey],
  );
}

/** The reason a form refuses the password before sending it; null when it may be sent. */
export function weakPasswordProblem(strength: PasswordStrength | null): string | null {
  if (!strength || strength.acceptable) return null;
  return [strength.problem, strength.suggestions[0]].filter(Boolean).join(' ');
}

const BAR_COLORS = ['bg-destructive', 'bg-destructive', 'bg-warning', 'bg-success', 'bg-success'];

/**
 * A meter under a new-password field: four bars and "Strength: <label>", with why a refused password
 * is refused. Announced politely as it changes.
 */
export function PasswordStrengthMeter({
  strength,
  id,
  showProblem = true,
}: {
  strength: PasswordStrength | null;
  id?: string;
  /** False while the field's own error already says why (the same words twice help no one). */
  showProblem?: boolean;
}) {
  if (!strength) return null;
  const filled = Math.max(1, strength.score);
  return (
    <div id={id} className="flex flex-col gap-1.5">
      <meter
        className="sr-only"
        aria-label="Strength"
        aria-valuetext={strength.label}
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={strength.score}
      />
      <div aria-hidden="true" className="grid grid-cols-4 gap-1">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              'h-1.5 rounded-full',
              bar <= filled ? BAR_COLORS[strength.score] : 'bg-muted-foreground/20',
            )}
          />
        ))}
      </div>
      <p aria-live="polite" className="text-xs text-muted-foreground">
        <span className="font-medium text-foreground">Strength: {strength.label}</span>
        {showProblem && strength.problem ? ` — ${strength.problem}` : null}
      </p>
    </div>
  );
}
