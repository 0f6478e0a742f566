import { LABEL_NAME_MAX, labelNameError, ORGANIZATION_MESSAGES } from '@music-review/core/organization';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { useCreateOrganization } from '../api/create-organization';
import { onboardingErrorMessage } from '../onboarding-errors';

export function CreateLabelForm({ onBack, onCreated }: { onBack: () => void; onCreated: () => void }) {
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = labelNameError(name);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    create.mutate(name.trim(), {
      onSuccess: onCreated,
      onError: (err) =>
        setError(onboardingErrorMessage(err, ORGANIZATION_MESSAGES.createFailed('please try again'))),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField
        label="Label Name"
        name="label-name"
        autoComplete="organization"
        placeholder="e.g. Midnight Records"
        maxLength={LABEL_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error ? true : undefined}
        hint="2–50 characters: letters, numbers, spaces and - _ & ."
        labelAside={
          <span
            className={cn(
              'text-xs tabular-nums',
              name.length >= LABEL_NAME_MAX ? 'text-warning' : 'text-muted-foreground',
            )}
          >
            {name.length}/{LABEL_NAME_MAX}
          </span>
        }
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={create.isPending}>
          Back
        </Button>
        <Button type="submit" isLoading={create.isPending}>
          Create Label
        </Button>
      </div>
    </form>
  );
}
