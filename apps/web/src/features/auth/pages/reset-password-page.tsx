import { AUTH_MESSAGES, PASSWORD_MIN } from '@music-review/core/auth';
import { CircleCheck, KeyRound, Link2Off } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  PasswordStrengthMeter,
  usePasswordStrength,
  weakPasswordProblem,
} from '../../../components/password-strength-meter';
import { StandaloneLayout } from '../../../components/standalone-layout';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/spinner';
import { PasswordField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { isApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useUpdatePassword } from '../api/update-password';
import { AuthCard } from '../components/auth-card';

function ResetPasswordForm({
  update,
  onUpdated,
}: {
  update: ReturnType<typeof useUpdatePassword>;
  onUpdated: (signedIn: boolean) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { session } = useAuth();
  const strength = usePasswordStrength(password, session ? [session.user.email] : []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN) {
      setError(AUTH_MESSAGES.passwordTooShort);
      return;
    }
    if (password !== confirm) {
      setError(AUTH_MESSAGES.passwordsDiffer);
      return;
    }
    const weak = weakPasswordProblem(strength);
    if (weak) {
      setError(weak);
      return;
    }
    setError(null);
    update.mutate(password, {
      onSuccess: ({ session }) => onUpdated(session !== null && !session.isRecovery),
      onError: (err) => {
        if (!isApiError(err)) setError('Failed to update password');
        else if (err.isNetworkError) setError(NETWORK_ERROR_MESSAGE);
        else if (err.status === 401) setError(AUTH_MESSAGES.linkInvalid);
        else setError(err.status >= 500 ? 'Failed to update password' : err.message);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <PasswordField
        label="New Password"
        name="new-password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordStrengthMeter strength={strength} showProblem={!error} />
      <PasswordField
        label="Confirm Password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" isLoading={update.isPending}>
        Update Password
      </Button>
    </form>
  );
}

/**
 * /reset-password (public). The emailed link set a recovery cookie; the app's start-up refresh
 * turned it into a recovery session, which may only change the password.
 */
export function ResetPasswordPage() {
  const { status, session } = useAuth();
  const update = useUpdatePassword();
  const [updated, setUpdated] = useState<{ signedIn: boolean } | null>(null);
  // The refresh after the change replaces the recovery session before `updated` is set.
  const isChanging = update.isPending || update.isSuccess;

  let content: React.ReactNode;
  if (updated) {
    content = (
      <AuthCard
        icon={<CircleCheck aria-hidden="true" />}
        title={AUTH_MESSAGES.passwordUpdated}
        description={
          updated.signedIn
            ? 'Your new password is saved and you are signed in.'
            : 'Your new password is saved. Sign in with it to continue.'
        }
      >
        <Link to={paths.labelHub.href()} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {updated.signedIn ? 'Continue to Music Review' : 'Go to sign in'}
        </Link>
      </AuthCard>
    );
  } else if (status === 'loading') {
    content = <LoadingState label="Checking your reset link…" className="py-16" />;
  } else if (!session?.isRecovery && !isChanging) {
    content = (
      <AuthCard icon={<Link2Off aria-hidden="true" />} title="Reset link not valid">
        <div className="flex flex-col gap-4">
          <Alert variant="error">{AUTH_MESSAGES.linkInvalid}</Alert>
          <Link
            to={paths.auth.href()}
            className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}
          >
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  } else {
    content = (
      <AuthCard
        icon={<KeyRound aria-hidden="true" />}
        title="Choose a new password"
        description={
          <>
            For <strong className="font-medium text-foreground">{session?.user.email}</strong>
          </>
        }
      >
        <ResetPasswordForm update={update} onUpdated={(signedIn) => setUpdated({ signedIn })} />
      </AuthCard>
    );
  }

  return <StandaloneLayout>{content}</StandaloneLayout>;
}
