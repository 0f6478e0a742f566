import {
  type FullMetadataDraft,
  type MetadataFieldErrors,
  orderedErrorPaths,
  type PublicMetadataFormDto,
  validateMetadataSubmission,
} from '@music-review/core/metadata-forms';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CloudAlert, CloudCheck, FileMusic, LoaderCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PortalCard, PublicLinkPage, publicErrorMessage } from '../../../components/public-portal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { serverFieldErrors } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { PlayerProvider } from '../../../lib/audio/player-context';
import { MetadataFormUrlSource } from '../../../lib/audio/signed-url-source';
import { useConfirmLeave } from '../../../lib/use-confirm-leave';
import { WaveformPlayer } from '../../player';
import { publicFormQueryKey, usePublicMetadataForm } from '../api/open-metadata-form-by-link';
import { submitMetadataForm } from '../api/submit-metadata-form';
import { MetadataFields } from '../components/metadata-fields';
import { MetadataSummary } from '../components/metadata-summary';
import { type SaveState, useAutosave } from '../components/use-autosave';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** /metadata/:token: the artist fills the track's metadata (public, no account). */
export function MetadataFormPage() {
  const { token = '' } = useParams();
  const query = usePublicMetadataForm(token);
  // Set when this visit submitted the form: the page then thanks the artist rather than just saying it is locked.
  const [isSentNow, setIsSentNow] = useState(false);
  return (
    // Spec section 6, external access: the page's waveform player signs the song's files with the
    // link's token (x-metadata-form-token), as the artist has no session.
    <MetadataFormUrlSource token={token}>
      <PlayerProvider>
        <PublicLinkPage
          query={query}
          loadingLabel="Opening the metadata form…"
          deadLinkHint="If you still need to send your metadata, ask the label for a new link."
        >
          {(form) =>
            form.status === 'draft' ? (
              <ArtistForm token={token} form={form} onSent={() => setIsSentNow(true)} />
            ) : (
              <Submitted token={token} form={form} justSent={isSentNow} />
            )
          }
        </PublicLinkPage>
      </PlayerProvider>
    </MetadataFormUrlSource>
  );
}

/** The track the form is about, to listen to while filling it in (nothing when it has no audio). */
function SongPlayer({ token, form }: { token: string; form: PublicMetadataFormDto }) {
  if (!form.audio_file_key) return null;
  return (
    <WaveformPlayer
      song={{
        id: `metadata-form:${token}`,
        title: form.song_title,
        artist: form.song_artist,
        audioFileKey: form.audio_file_key,
        waveformFileKey: form.waveform_file_key,
        hasReviewed: true,
      }}
    />
  );
}

function Submitted({
  token,
  form,
  justSent,
}: {
  token: string;
  form: PublicMetadataFormDto;
  justSent: boolean;
}) {
  const confirmed = form.status === 'confirmed';
  return (
    <PortalCard
      icon={<CircleCheck aria-hidden="true" />}
      eyebrow={`${form.label_name} · ${form.song_title}`}
      title={
        justSent
          ? 'Thank you! Your metadata has been sent'
          : confirmed
            ? 'Metadata confirmed'
            : 'Metadata submitted'
      }
      description={
        confirmed
          ? `${form.label_name} has confirmed this metadata. Ask the label if anything needs to change.`
          : `${form.label_name} will review it${form.submitted_at ? ` (sent ${dateFormat.format(new Date(form.submitted_at))})` : ''}. The form is now locked: ask the label if you need to change anything.`
      }
    >
      <div className="flex flex-col gap-6">
        <SongPlayer token={token} form={form} />
        <MetadataSummary data={form.data} />
      </div>
    </PortalCard>
  );
}

function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  let content: React.ReactNode = null;
  if (state.step === 'saving' || state.step === 'pending')
    content = (
      <>
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Saving…
      </>
    );
  else if (state.step === 'saved')
    content = (
      <>
        <CloudCheck aria-hidden="true" className="size-4 text-success" /> Saved
        <span className="sr-only"> at {timeFormat.format(state.at)}</span>
      </>
    );
  else if (state.step === 'failed')
    content = (
      <>
        <CloudAlert aria-hidden="true" className="size-4 text-destructive" />
        <span className="text-destructive">Couldn't save</span>
        <Button variant="link" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </>
    );
  return (
    <p
      role="status"
      aria-live="polite"
      className="flex min-h-6 items-center gap-1.5 text-sm text-muted-foreground"
    >
      {content ?? 'Your answers save as you type.'}
    </p>
  );
}

function ArtistForm({
  token,
  form,
  onSent,
}: {
  token: string;
  form: PublicMetadataFormDto;
  onSent: () => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<FullMetadataDraft>(form.data);
  const [changes, setChanges] = useState(0);
  const [errors, setErrors] = useState<MetadataFieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useAutosave(token, draft, changes);
  useConfirmLeave(autosave.state.step === 'pending' || autosave.state.step === 'saving');

  const change = (next: FullMetadataDraft) => {
    setDraft(next);
    setChanges((n) => n + 1);
    // Once the artist has tried to submit, errors follow the typing.
    if (Object.keys(errors).length > 0) {
      const result = validateMetadataSubmission(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitError(null);
    const result = validateMetadataSubmission(draft);
    if (!result.ok) {
      setErrors(result.errors);
      // Focus the first field at fault once it is marked.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      const done = await submitMetadataForm(api, token, draft);
      onSent();
      queryClient.setQueryData(publicFormQueryKey(token), done);
    } catch (error) {
      setSubmitError(publicErrorMessage(error, 'The form could not be sent. Please try again.'));
      // What the server found wrong shows beside each field too, as the browser's own check does.
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
    } finally {
      setIsSubmitting(false);
    }
  };

  const errorCount = orderedErrorPaths(errors).length;
  return (
    <PortalCard
      icon={<FileMusic aria-hidden="true" />}
      eyebrow={form.label_name}
      title={`Metadata for “${form.song_title}”`}
      description={
        <>
          {form.label_name} needs the track's details for its release. The title, primary artists, writers,
          ISRC, genre and language are required. The link works until{' '}
          {dateFormat.format(new Date(form.expires_at))}.
        </>
      }
    >
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-6">
        <div className="sticky top-0 z-10 -mx-6 -mt-2 border-b border-border bg-card/95 px-6 py-2 backdrop-blur sm:-mx-8 sm:px-8">
          <SaveStatus state={autosave.state} onRetry={() => void autosave.retry()} />
        </div>
        <SongPlayer token={token} form={form} />
        <MetadataFields value={draft} onChange={change} errors={errors} />
        {errorCount > 0 ? (
          <Alert>
            {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} your attention: see the
            messages beside them.
          </Alert>
        ) : null}
        {submitError ? <Alert>{submitError}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          <p className="text-sm text-muted-foreground">After you submit, the form is locked.</p>
          <Button type="submit" size="lg" isLoading={isSubmitting}>
            Submit metadata
          </Button>
        </div>
      </form>
    </PortalCard>
  );
}
