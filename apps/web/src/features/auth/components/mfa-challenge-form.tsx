import type { Factor } from '@music-review/core/auth';
import { MFA_MESSAGES } from '@music-review/core/mfa';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/auth-context';
import { useChallengeFactor, useVerifyFactor } from '../../../lib/auth/mfa-api';

/** The server's own texts (wrong code, used code, expired, rate limited, offline); a fallback otherwise. */
export function mfaErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status !== 500 && error.status !== 200 ? error.message : fallback;
}

const typeLabel = (f: Factor) => (f.factor_type === 'totp' ? 'Authenticator app' : 'Phone');

/**
 * The sign-in code step (spec section 4: the next level is aal2 once a verified factor exists): the
 * password gave an aal1 session; a code from a verified factor raises it to aal2 and the app opens.
 */
export function MfaChallengeForm({ factors }: { factors: Factor[] }) {
  const verified = factors.filter((f) => f.status === 'verified');
  const store = useAuthStore();
  const challenge = useChallengeFactor();
  const verify = useVerifyFactor();
  const selectId = useId();
  // Authenticator apps need nothing sent, so they come first.
  const [factorId, setFactorId] = useState(
    () => (verified.find((f) => f.factor_type === 'totp') ?? verified[0])?.id ?? '',
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentChallenge, setSentChallenge] = useState<{ factorId: string; id: string } | null>(null);
  const [isSigningOut, setIsSigningOut] = useState(false);

  const factor = verified.find((f) => f.id === factorId) ?? verified[0];
  if (!factor) return null;
  const isPhone = factor.factor_type === 'phone';
  const phoneChallengeId = sentChallenge?.factorId === factor.id ? sentChallenge.id : null;
  const needsCodeSent = isPhone && !phoneChallengeId;

  const sendCode = () => {
    setError(null);
    challenge.mutate(factor.id, {
      onSuccess: (c) => setSentChallenge({ factorId: factor.id, id: c.id }),
      onError: (err) => setError(mfaErrorMessage(err, MFA_MESSAGES.verifyFailed)),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (needsCodeSent) return sendCode();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(MFA_MESSAGES.codeFormat);
      return;
    }
    setError(null);
    verify.mutate(
      { factorId: factor.id, code: digits, ...(phoneChallengeId ? { challengeId: phoneChallengeId } : {}) },
      {
        onError: (err) => {
          // A used-up texted code cannot be tried again: the next try sends a new one.
          if (isApiError(err) && err.code === 'mfa_challenge_expired') setSentChallenge(null);
          setError(mfaErrorMessage(err, MFA_MESSAGES.verifyFailed));
        },
      },
    );
  };

  const signOut = async () => {
    setIsSigningOut(true);
    try {
      await store.signOut();
    } finally {
      setIsSigningOut(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {isPhone
          ? phoneChallengeId
            ? MFA_MESSAGES.stepPromptPhone
            : `We’ll text a 6-digit code to ${factor.friendly_name ?? 'your phone'}.`
          : MFA_MESSAGES.stepPromptTotp}
      </p>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {verified.length > 1 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-foreground">
            Verify with
          </label>
          <select
            id={selectId}
            className={inputClasses}
            value={factor.id}
            onChange={(e) => {
              setFactorId(e.target.value);
              setError(null);
            }}
          >
            {verified.map((f) => (
              <option key={f.id} value={f.id}>
                {f.friendly_name ?? typeLabel(f)} ({typeLabel(f)})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {needsCodeSent ? (
        <Button type="submit" size="lg" className="w-full" isLoading={challenge.isPending}>
          Send code
        </Button>
      ) : (
        <>
          <TextField
            label={MFA_MESSAGES.codeLabel}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={7}
            placeholder="123456"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" isLoading={verify.isPending}>
            Verify
          </Button>
          {isPhone ? (
            <Button
              variant="link"
              className="self-center text-sm"
              onClick={sendCode}
              disabled={challenge.isPending}
            >
              Send a new code
            </Button>
          ) : null}
        </>
      )}
      <Button variant="link" className="self-center text-sm" onClick={signOut} disabled={isSigningOut}>
        Sign out
      </Button>
    </form>
  );
}
