import { signupBody } from '@music-review/core/auth-schemas';
import { type FormEvent, useState } from 'react';
import {
  PasswordStrengthMeter,
  usePasswordStrength,
  weakPasswordProblem,
} from '../../../components/password-strength-meter';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { isApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';

type Field = 'name' | 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

const FALLBACK_ERROR = 'Could not create your account. Please try again.';

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const signUp = useSignUp();
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The same verdict the server gives, as it is typed (the estimator loads on the first keystroke).
  const strength = usePasswordStrength(values.password, [values.email, values.name]);

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    // A new password is judged afresh: the meter below speaks for it until the next submit.
    if (field === 'password') setFieldErrors(({ password: _old, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = signupBody.safeParse(values);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    const weak = weakPasswordProblem(strength);
    if (weak) {
      setFieldErrors({ password: weak });
      return;
    }
    setFieldErrors({});
    signUp.mutate(parsed.data, {
      onSuccess: () => onSignedUp(parsed.data.email),
      onError: (err) => {
        if (!isApiError(err)) setFormError(FALLBACK_ERROR);
        else if (err.isNetworkError) setFormError(NETWORK_ERROR_MESSAGE);
        else if (err.code === 'weak_password') setFieldErrors({ password: err.message });
        else setFormError(err.status >= 500 ? FALLBACK_ERROR : err.message);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <TextField
        label="Full name"
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={fieldErrors.name}
      />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@label.com"
        value={values.email}
        onChange={set('email')}
        error={fieldErrors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        hint={fieldErrors.password ? undefined : 'At least 8 characters.'}
        value={values.password}
        onChange={set('password')}
        error={fieldErrors.password}
      />
      <PasswordStrengthMeter strength={strength} showProblem={!fieldErrors.password} />
      <Button type="submit" size="lg" className="mt-2 w-full" isLoading={signUp.isPending}>
        Create Account
      </Button>
    </form>
  );
}
