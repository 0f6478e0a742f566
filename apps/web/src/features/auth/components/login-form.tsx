import { AUTH_MESSAGES } from '@music-review/core/auth';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { isUnconfirmedEmail, specificErrorMessage } from '../auth-errors';

export interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm({
  values,
  onChange,
  onUnconfirmedEmail,
  onForgotPassword,
  notice,
}: {
  /** Held by the screen, so the typed text survives a trip to another view. */
  values: LoginValues;
  onChange: (values: LoginValues) => void;
  onUnconfirmedEmail: (email: string) => void;
  onForgotPassword: () => void;
  /** A message from outside the form (an invalid emailed link). */
  notice?: string | null;
}) {
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    if (!email || !values.password) {
      setError(AUTH_MESSAGES.missingCredentials);
      return;
    }
    setError(null);
    signIn.mutate(
      { email, password: values.password },
      {
        onError: (err) => {
          if (isUnconfirmedEmail(err)) onUnconfirmedEmail(email);
          // Signed in, yet no session came back (spec section 8): not the credentials' fault.
          else if (isApiError(err) && err.code === 'session_failed') setError(AUTH_MESSAGES.sessionFailed);
          else setError(specificErrorMessage(err) ?? AUTH_MESSAGES.invalidCredentials);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {notice && !error ? <Alert variant="error">{notice}</Alert> : null}
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@label.com"
        value={values.email}
        onChange={(e) => onChange({ ...values, email: e.target.value })}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => onChange({ ...values, password: e.target.value })}
      />
      <div className="-mt-1 flex justify-end">
        <Button variant="link" className="text-sm" onClick={onForgotPassword}>
          Forgot Password?
        </Button>
      </div>
      <Button type="submit" size="lg" className="w-full" isLoading={signIn.isPending}>
        Sign In
      </Button>
    </form>
  );
}
