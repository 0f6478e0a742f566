import { AUTH_MESSAGES } from '@music-review/core/auth';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useRecoverPassword } from '../api/recover-password';
import { specificErrorMessage } from '../auth-errors';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const recover = useRecoverPassword();
  const [email, setEmail] = useState(initialEmail);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setOutcome({ kind: 'error', text: AUTH_MESSAGES.resetEmailMissing });
      return;
    }
    setOutcome(null);
    recover.mutate(trimmed, {
      onSuccess: () => setOutcome({ kind: 'success', text: AUTH_MESSAGES.resetSent }),
      onError: (err) => {
        const text =
          isApiError(err) && err.status === 404
            ? AUTH_MESSAGES.resetNoAccount
            : (specificErrorMessage(err) ?? AUTH_MESSAGES.resetFailed);
        setOutcome({ kind: 'error', text });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {outcome ? <Alert variant={outcome.kind}>{outcome.text}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@label.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" isLoading={recover.isPending}>
        Send Reset Link
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back to Login
      </Button>
    </form>
  );
}
