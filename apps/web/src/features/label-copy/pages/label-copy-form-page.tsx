import {
  type LabelCopyData,
  labelCopyIssues,
  type PublicLabelCopyFormDto,
} from '@music-review/core/label-copy';
import { CircleCheck, Send } from 'lucide-react';
import { useState } from 'react';
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
import { useConfirmLeave } from '../../../lib/use-confirm-leave';
import { usePublicLabelCopyForm } from '../api/open-label-copy-form';
import { savePublicLabelCopyForm } from '../api/save-label-copy-form';
import { submitPublicLabelCopyForm } from '../api/submit-label-copy-form';
import { visibleIssues } from '../components/fields/visible-issues';
import { LabelCopyFields } from '../components/label-copy-fields';
import { autosaveText, useAutosave } from '../use-autosave';

type Phase = { step: 'editing' } | { step: 'done' } | { step: 'dead'; message: string };

function LabelCopyForm({ token, form }: { token: string; form: PublicLabelCopyFormDto }) {
  const [data, setData] = useState<LabelCopyData>(form.data);
  const [showAll, setShowAll] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'editing' });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isFinal = form.status === 'final';
  const autosave = useAutosave(
    data,
    (value) => savePublicLabelCopyForm(token, value),
    !isFinal && phase.step === 'editing',
  );
  useConfirmLeave(autosave.isDirty && phase.step === 'editing');

  const issues = labelCopyIssues(data, 'submit');
  const submit = async () => {
    setShowAll(true);
    setSubmitError(null);
    if (issues.length > 0) {
      setSubmitError('Please fix the fields marked below, then submit again.');
      return;
    }
    setIsSubmitting(true);
    try {
      await submitPublicLabelCopyForm(token, data);
      autosave.reset(data);
      setPhase({ step: 'done' });
    } catch (error) {
      if (isDeadLink(error)) setPhase({ step: 'dead', message: publicErrorMessage(error) });
      else setSubmitError(publicErrorMessage(error, 'Submitting failed. Please try again.'));
    } finally {
      setIsSubmitting(false);
    }
  };

  if (phase.step === 'dead') return <DeadLink message={phase.message} />;
  if (phase.step === 'done') {
    return (
      <PortalCard
        icon={<CircleCheck aria-hidden="true" />}
        title={`Thank you! Your label copy has been sent to ${form.organization_name}.`}
      >
        <p className="text-sm text-muted-foreground">You can close this page now.</p>
      </PortalCard>
    );
  }

  return (
    <PortalCard
      eyebrow={form.organization_name}
      title={`Label copy for “${form.song_title}”`}
      description="Fill in or correct the credits and details of the release. Your changes are saved as you type; submit when you are done."
    >
      {isFinal ? (
        <Alert variant="info">
          The label has already finalised this label copy, so it can no longer be changed here.
        </Alert>
      ) : null}
      <LabelCopyFields
        data={data}
        onChange={setData}
        issues={visibleIssues(data, issues, showAll)}
        disabled={isFinal || isSubmitting}
        headingLevel={2}
      />
      {autosave.status === 'error' && autosave.error ? (
        <Alert>{`Your draft was not saved: ${autosave.error}`}</Alert>
      ) : null}
      {submitError ? <Alert>{submitError}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {autosaveText(autosave.status)}
        </p>
        <Button size="lg" onClick={() => void submit()} isLoading={isSubmitting} disabled={isFinal}>
          <Send aria-hidden="true" />
          Submit label copy
        </Button>
      </div>
    </PortalCard>
  );
}

/** /label-copy-form/{token} (public, no sign-in): the artist fills or corrects the label copy. */
export function LabelCopyFormPage() {
  const { token = '' } = useParams();
  const query = usePublicLabelCopyForm(token);
  return (
    <PublicLinkPage
      query={query}
      width="wide"
      deadLinkHint="If you still need to change the label copy, ask the label for a new link."
    >
      {(form) => <LabelCopyForm token={token} form={form} />}
    </PublicLinkPage>
  );
}
