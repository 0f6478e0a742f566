import {
  BUDGET_RANGES,
  type GeneralIntakeInput,
  generalIntakeData,
  LONG_TEXT_MAX,
  type PublicGeneralIntakeDto,
} from '@music-review/core/marketing';
import { CircleCheck, Megaphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import {
  DeadLink,
  isDeadLink,
  PortalCard,
  PublicLinkPage,
  publicErrorMessage,
} from '../../../components/public-portal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/text-field';
import { usePublicGeneralIntake } from '../api/get-public-general-intake';
import { submitGeneralIntake } from '../api/submit-general-intake';
import { ChannelCheckboxes } from '../components/channel-checkboxes';
import { fieldErrors, usePublicSubmit } from '../lib/public-form';

type Form = {
  project_name: string;
  contact_email: string;
  release_plans: string;
  target_audience: string;
  budget_range: string;
  channels: string[];
  notes: string;
};

const EMPTY: Form = {
  project_name: '',
  contact_email: '',
  release_plans: '',
  target_audience: '',
  budget_range: '',
  channels: [],
  notes: '',
};

/** /marketing-general/:token: the label-wide marketing intake (public, no login). */
export function MarketingGeneralPage() {
  const { token = '' } = useParams();
  const query = usePublicGeneralIntake(token);
  return (
    <PublicLinkPage query={query}>{(data) => <IntakeForm token={token} intake={data} />}</PublicLinkPage>
  );
}

function IntakeForm({ token, intake }: { token: string; intake: PublicGeneralIntakeDto }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submitting, submitError, send } = usePublicSubmit();
  const [done, setDone] = useState(false);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: GeneralIntakeInput = {
      ...form,
      budget_range: (form.budget_range || null) as GeneralIntakeInput['budget_range'],
    };
    const parsed = generalIntakeData.safeParse(input);
    if (!parsed.success) {
      // Keyed by the field alone: the form shows one message per field.
      setErrors(fieldErrors(parsed.error.issues, (path) => String(path[0])));
      return;
    }
    setErrors({});
    await send(async () => {
      await submitGeneralIntake(token, parsed.data);
      setDone(true);
    });
  };

  if (done) {
    return (
      <PortalCard
        icon={<CircleCheck aria-hidden="true" />}
        eyebrow={intake.label_name}
        title="Thank you! Your intake form was sent."
        description={`${intake.label_name} will be in touch at ${form.contact_email.trim()}.`}
      >
        <div>
          <Button
            variant="outline"
            onClick={() => {
              setForm(EMPTY);
              setDone(false);
            }}
          >
            Send another
          </Button>
        </div>
      </PortalCard>
    );
  }
  if (submitError && isDeadLink(submitError)) return <DeadLink message={(submitError as Error).message} />;

  const toggle = (channel: string) =>
    set({
      channels: form.channels.includes(channel)
        ? form.channels.filter((c) => c !== channel)
        : [...form.channels, channel],
    });

  return (
    <PortalCard
      icon={<Megaphone aria-hidden="true" />}
      eyebrow={intake.label_name}
      title="Marketing intake"
      description={`Tell ${intake.label_name} about your project and how you would like to promote it.`}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <TextField
          label="Artist or project name"
          value={form.project_name}
          maxLength={200}
          onChange={(e) => set({ project_name: e.target.value })}
          error={errors.project_name}
          required
        />
        <TextField
          label="Contact email"
          type="email"
          autoComplete="email"
          value={form.contact_email}
          onChange={(e) => set({ contact_email: e.target.value })}
          error={errors.contact_email}
          required
        />
        <TextAreaField
          label="Release plans"
          rows={4}
          maxLength={LONG_TEXT_MAX}
          value={form.release_plans}
          onChange={(e) => set({ release_plans: e.target.value })}
          hint="Singles, EP or album, and when."
          error={errors.release_plans}
        />
        <TextAreaField
          label="Target audience"
          rows={3}
          value={form.target_audience}
          onChange={(e) => set({ target_audience: e.target.value })}
          error={errors.target_audience}
        />
        <SelectField
          label="Budget range"
          value={form.budget_range}
          onChange={(e) => set({ budget_range: e.target.value })}
          error={errors.budget_range}
        >
          <option value="">Choose a range</option>
          {BUDGET_RANGES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Channels wanted</legend>
          <ChannelCheckboxes selected={form.channels} onToggle={toggle} />
        </fieldset>
        <TextAreaField
          label="Notes"
          rows={3}
          maxLength={LONG_TEXT_MAX}
          value={form.notes}
          onChange={(e) => set({ notes: e.target.value })}
          error={errors.notes}
        />
        {submitError ? <Alert>{publicErrorMessage(submitError)}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" size="lg" isLoading={submitting}>
            Send intake form
          </Button>
        </div>
      </form>
    </PortalCard>
  );
}
