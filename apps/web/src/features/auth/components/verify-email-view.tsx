import { AUTH_MESSAGES, RESEND_COOLDOWN_SECONDS } from '@music-review/core/auth';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { specificErrorMessage } from '../auth-errors';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

/** Counts down to a moment in whole seconds, re-rendering each second until it passes. */
function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

export function VerifyEmailView({ email, onBack }: { email: string; onBack: () => void }) {
  const resend = useResendVerification();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(cooldownUntil);
  const isCoolingDown = secondsLeft > 0;

  const startCooldown = (seconds: number) => setCooldownUntil(Date.now() + seconds * 1000);

  const onResend = () => {
    setOutcome(null);
    resend.mutate(email, {
      onSuccess: () => {
        setOutcome({ kind: 'success', text: AUTH_MESSAGES.resendSuccess });
        // Spec section 5: the link is disabled for 60 seconds after use.
        startCooldown(RESEND_COOLDOWN_SECONDS);
      },
      onError: (err) => {
        setOutcome({ kind: 'error', text: specificErrorMessage(err) ?? AUTH_MESSAGES.resendFailed });
        if (isApiError(err) && err.status === 429) {
          startCooldown(err.retryAfterSeconds ?? RESEND_COOLDOWN_SECONDS);
        }
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm leading-6 text-muted-foreground">
        Please confirm your email address to sign in. We sent a verification link to{' '}
        <strong className="font-medium break-all text-foreground">{email}</strong>. Open it, then come back
        and sign in.
      </p>
      {outcome ? <Alert variant={outcome.kind}>{outcome.text}</Alert> : null}
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        onClick={onResend}
        disabled={isCoolingDown}
        isLoading={resend.isPending}
      >
        {isCoolingDown ? `Resend available in ${secondsLeft}s` : 'Resend verification email'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back to Login
      </Button>
    </div>
  );
}
