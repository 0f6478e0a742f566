import { PROFILE_MESSAGES } from '@music-review/core/profile';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import {
  PasswordStrengthMeter,
  usePasswordStrength,
  weakPasswordProblem,
} from '../../../components/password-strength-meter';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PasswordField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import {
  type ChangePasswordInput,
  changePasswordInputSchema,
  useChangePassword,
} from '../api/change-password';

type Field = keyof ChangePasswordInput;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: ChangePasswordInput = { current_password: '', password: '', confirm: '' };

/** Changing the password: the current one first; every other session is signed out after. */
export function PasswordSection({ accountWords = [] }: { accountWords?: string[] }) {
  const change = useChangePassword();
  const [values, setValues] = useState<ChangePasswordInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const strength = usePasswordStrength(values.password, accountWords);

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    // A new password is judged afresh: the meter below speaks for it until the next submit.
    if (field === 'password') setErrors(({ password: _old, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = changePasswordInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    const weak = weakPasswordProblem(strength);
    if (weak) {
      setErrors({ password: weak });
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        toast.success(PROFILE_MESSAGES.passwordChanged);
      },
      // The typed passwords stay, so a mistake is fixed without typing everything again.
      onError: (err) => {
        if (isApiError(err) && err.code === 'invalid_credentials')
          setErrors({ current_password: err.message });
        else if (isApiError(err) && (err.code === 'validation_failed' || err.code === 'weak_password'))
          setErrors({ password: err.message });
        else setFormError(err.message);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          Changing your password signs you out everywhere else; this device stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex max-w-sm flex-col gap-4">
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <PasswordField
            label="Current password"
            name="current-password"
            autoComplete="current-password"
            value={values.current_password}
            onChange={set('current_password')}
            error={errors.current_password}
          />
          <PasswordField
            label="New password"
            name="new-password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
          <PasswordStrengthMeter strength={strength} showProblem={!errors.password} />
          <PasswordField
            label="Confirm new password"
            name="confirm-password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={set('confirm')}
            error={errors.confirm}
          />
          <div>
            <Button type="submit" isLoading={change.isPending}>
              Change password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
