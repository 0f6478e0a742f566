import { inviteCodeError, ORGANIZATION_MESSAGES } from '@music-review/core/organization';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useJoinOrganization } from '../api/join-organization';
import { onboardingErrorMessage } from '../onboarding-errors';

export function JoinLabelForm({
  initialCode = '',
  onBack,
  onJoined,
}: {
  /** The code of an invitation link (/organization-setup?invite_code=), filled in for the user. */
  initialCode?: string;
  onBack: () => void;
  onJoined: () => void;
}) {
  const join = useJoinOrganization();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = inviteCodeError(code);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    join.mutate(code.trim(), {
      onSuccess: onJoined,
      onError: (err) => setError(onboardingErrorMessage(err, ORGANIZATION_MESSAGES.joinFailed)),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField
        label="Invitation Code"
        name="invite-code"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="Paste the code from your label admin"
        className="[&_input]:font-mono"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={join.isPending}>
          Back
        </Button>
        <Button type="submit" isLoading={join.isPending}>
          Join Label
        </Button>
      </div>
    </form>
  );
}
