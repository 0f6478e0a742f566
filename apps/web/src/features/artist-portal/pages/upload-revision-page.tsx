import type { WaveformData } from '@music-review/core/waveform';
import { CircleCheck, Link2Off, RotateCcw, Upload } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  isDeadLink,
  PortalCard,
  publicErrorMessage,
  DeadLink as SharedDeadLink,
} from '../../../components/public-portal';
import { StandaloneLayout } from '../../../components/standalone-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/spinner';
import { inspectAudioFile, singleAudioFileMessages } from '../../../lib/upload/audio-file';
import { useConfirmLeave } from '../../../lib/use-confirm-leave';
import type { RevisionUploadedDto } from '../api/complete-revision-upload';
import { type RevisionUploadDto, useRevisionUpload } from '../api/get-revision-upload';
import { AudioFilePicker } from '../components/audio-file-picker';
import { UploadProgress } from '../components/upload-progress';
import { generateWaveformForUpload, type UploadedParts, uploadRevision } from '../upload-revision';

const expiryFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

function formatExpiry(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : expiryFormat.format(date);
}

const errorMessage = (error: unknown) => publicErrorMessage(error, 'The upload failed. Please try again.');

function DeadLink({ message }: { message: string }) {
  return (
    <SharedDeadLink
      message={message}
      hint="If you still want to send a new version, ask the label for a new link."
    />
  );
}

type Phase =
  | { step: 'choosing' }
  | { step: 'uploading'; progress: number }
  | { step: 'finishing' }
  | { step: 'failed'; message: string }
  | { step: 'done'; result: RevisionUploadedDto }
  | { step: 'dead'; message: string };

function UploadForm({ token, upload }: { token: string; upload: RevisionUploadDto }) {
  const [file, setFile] = useState<File | null>(null);
  const [contentType, setContentType] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'choosing' });
  // Per chosen file: its waveform (made once) and what already reached the store.
  const waveformRef = useRef<Promise<WaveformData | null> | null>(null);
  const uploadedRef = useRef<UploadedParts>({});
  const abortRef = useRef<AbortController | null>(null);

  const isBusy = phase.step === 'uploading' || phase.step === 'finishing';

  // Leaving mid-upload loses it: let the browser ask first.
  useConfirmLeave(isBusy);

  useEffect(() => () => abortRef.current?.abort(), []);

  const chooseFile = async (chosen: File) => {
    const check = await inspectAudioFile(chosen, singleAudioFileMessages);
    if (!check.ok) {
      setFile(null);
      setFileError(check.message);
      return;
    }
    setFileError(null);
    setFile(chosen);
    setContentType(check.contentType);
    waveformRef.current = null;
    uploadedRef.current = {};
    setPhase({ step: 'choosing' });
  };

  const start = async () => {
    if (!file || isBusy) return;
    const controller = new AbortController();
    abortRef.current = controller;
    waveformRef.current ??= generateWaveformForUpload(file);
    setPhase({ step: 'uploading', progress: 0 });
    try {
      const result = await uploadRevision({
        token,
        file,
        contentType,
        waveform: waveformRef.current,
        uploaded: uploadedRef.current,
        onProgress: (progress) =>
          setPhase((current) => (current.step === 'uploading' ? { step: 'uploading', progress } : current)),
        onFinishing: () => setPhase({ step: 'finishing' }),
        signal: controller.signal,
      });
      setPhase({ step: 'done', result });
    } catch (error) {
      if (controller.signal.aborted) return;
      // The file stays chosen: "Try again" sends it again (or only what is missing).
      setPhase(
        isDeadLink(error)
          ? { step: 'dead', message: errorMessage(error) }
          : { step: 'failed', message: errorMessage(error) },
      );
    }
  };

  if (phase.step === 'dead') return <DeadLink message={phase.message} />;
  if (phase.step === 'done') {
    return (
      <PortalCard
        icon={<CircleCheck aria-hidden="true" />}
        title={`Thank you! Version ${phase.result.version_number} of “${phase.result.song_title}” has been sent to ${upload.organization_name}.`}
      >
        <p className="text-sm text-muted-foreground">You can close this page now.</p>
      </PortalCard>
    );
  }

  return (
    <PortalCard eyebrow={upload.organization_name} title={`Upload a new version of “${upload.song_title}”`}>
      {upload.message ? (
        <figure className="flex flex-col gap-1.5 rounded-lg border border-border bg-muted/50 px-4 py-3">
          <figcaption className="text-xs font-medium text-muted-foreground">
            Message from {upload.organization_name}
          </figcaption>
          <blockquote className="text-sm whitespace-pre-wrap text-foreground">{upload.message}</blockquote>
        </figure>
      ) : null}
      <p className="text-sm text-muted-foreground">
        This will be version {upload.next_version_number}. The link works once and expires on{' '}
        <time dateTime={upload.expires_at} className="font-medium text-foreground">
          {formatExpiry(upload.expires_at)}
        </time>
        .
      </p>

      <AudioFilePicker
        file={file}
        error={fileError}
        disabled={isBusy}
        onFile={(chosen) => void chooseFile(chosen)}
      />

      {phase.step === 'uploading' || phase.step === 'finishing' ? (
        <UploadProgress
          progress={phase.step === 'uploading' ? phase.progress : 1}
          label={phase.step === 'uploading' ? 'Uploading…' : 'Finishing…'}
        />
      ) : null}

      {phase.step === 'failed' ? <Alert>{phase.message}</Alert> : null}

      {phase.step === 'failed' ? (
        <Button size="lg" className="w-full" onClick={() => void start()} disabled={!file}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      ) : (
        <Button size="lg" className="w-full" onClick={() => void start()} disabled={!file} isLoading={isBusy}>
          <Upload aria-hidden="true" />
          {isBusy ? 'Uploading…' : `Upload version ${upload.next_version_number}`}
        </Button>
      )}
    </PortalCard>
  );
}

/**
 * /artist/upload-revision/{token} (public, no sign-in): the artist sends a new version of a song
 * the label asked to be revised. The link is single-use and expires.
 */
export function UploadRevisionPage() {
  const { token = '' } = useParams();
  const upload = useRevisionUpload(token);

  let content: ReactNode;
  if (upload.isPending) {
    content = <LoadingState label="Checking your link…" className="py-16" />;
  } else if (upload.isError) {
    content = isDeadLink(upload.error) ? (
      <DeadLink message={upload.error.message} />
    ) : (
      <PortalCard icon={<Link2Off aria-hidden="true" />} title="We could not open this link">
        <Alert>{errorMessage(upload.error)}</Alert>
        <Button variant="outline" onClick={() => void upload.refetch()} isLoading={upload.isFetching}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </PortalCard>
    );
  } else {
    content = <UploadForm token={token} upload={upload.data} />;
  }

  return (
    <StandaloneLayout width="medium" align="top">
      {content}
    </StandaloneLayout>
  );
}
