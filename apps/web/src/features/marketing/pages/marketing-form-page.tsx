import {
  BIO_SHORT_MAX,
  LONG_TEXT_MAX,
  PITCH_MAX,
  PRESS_PHOTOS_MAX,
  type PublicQuestionnaireDto,
  type QuestionnaireData,
  questionnaireData,
  questionnaireSubmission,
  REFERENCES_MAX,
  SOCIAL_FIELDS,
  SOCIAL_LABELS,
} from '@music-review/core/marketing';
import { CircleCheck, Megaphone, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { usePublicQuestionnaire } from '../api/get-public-questionnaire';
import { saveQuestionnaireDraft } from '../api/save-questionnaire-draft';
import { submitQuestionnaire } from '../api/submit-questionnaire';
import { fieldErrors, usePublicSubmit } from '../lib/public-form';
import { PressPhotoUploads } from './press-photo-uploads';

const AUTOSAVE_MS = 1200;

type FieldErrors = Record<string, string>;
/** A photo row with a key of its own (zod drops it when the answers are checked and sent). */
type PhotoRow = QuestionnaireData['press_photos'][number] & { key: string };
type FormState = Omit<QuestionnaireData, 'press_photos'> & { press_photos: PhotoRow[] };
const newKey = () => Math.random().toString(36).slice(2);

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={cn('text-xs tabular-nums', length > max ? 'text-destructive' : 'text-muted-foreground')}>
      {length}/{max}
    </span>
  );
}

/** /marketing/:token: the artist's marketing questionnaire (public, no login). */
export function MarketingFormPage() {
  const { token = '' } = useParams();
  const query = usePublicQuestionnaire(token);
  return (
    <PublicLinkPage query={query} deadLinkHint="If you already submitted, the label has your answers.">
      {(data) => <QuestionnaireForm token={token} initial={data} />}
    </PublicLinkPage>
  );
}

function QuestionnaireForm({ token, initial }: { token: string; initial: PublicQuestionnaireDto }) {
  const [form, setForm] = useState<FormState>(() => ({
    ...initial.data,
    press_photos: initial.data.press_photos.map((p) => ({ ...p, key: newKey() })),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveState, setSaveState] = useState<{
    kind: 'idle' | 'saving' | 'saved' | 'error';
    at?: string;
    message?: string;
  }>({
    kind: 'idle',
  });
  const { submitting, submitError, send } = usePublicSubmit();
  // The submit button is far below most fields on a phone: say why nothing was sent.
  const [submitTried, setSubmitTried] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // Photo uploads still running hold the submission back; a 410 from one shows the dead-link page.
  const [uploading, setUploading] = useState(false);
  const [waitForUploads, setWaitForUploads] = useState(false);
  const [photoDeadLink, setPhotoDeadLink] = useState<unknown>(null);
  const dirty = useRef(false);

  const update = (patch: Partial<FormState>) => {
    dirty.current = true;
    setForm((f) => ({ ...f, ...patch }));
  };

  // Draft autosave: a moment after the last change, if what is typed is valid so far.
  useEffect(() => {
    if (!dirty.current || submitted) return;
    const timer = setTimeout(() => {
      const parsed = questionnaireData.safeParse(form);
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error.issues));
        setSaveState({ kind: 'error', message: 'Fix the highlighted fields to save your draft.' });
        return;
      }
      setErrors({});
      setSaveState({ kind: 'saving' });
      saveQuestionnaireDraft(token, parsed.data)
        .then((r) => {
          dirty.current = false;
          setSaveState({ kind: 'saved', at: r.saved_at });
        })
        .catch((error: unknown) => setSaveState({ kind: 'error', message: publicErrorMessage(error) }));
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [form, token, submitted]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) {
      setWaitForUploads(true);
      return;
    }
    setWaitForUploads(false);
    const parsed = questionnaireSubmission.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      setSubmitTried(true);
      return;
    }
    setErrors({});
    setSubmitTried(false);
    await send(async () => {
      await submitQuestionnaire(token, parsed.data);
      setSubmitted(true);
    });
  };

  if (submitted) {
    return (
      <PortalCard
        icon={<CircleCheck aria-hidden="true" />}
        eyebrow={initial.label_name}
        title="Thank you! Your questionnaire was submitted."
        description={`${initial.label_name} now has your answers for "${initial.song_title}". This link has been used and can no longer be opened.`}
      />
    );
  }
  if (submitError && isDeadLink(submitError)) {
    return <DeadLink message={(submitError as Error).message} />;
  }
  if (photoDeadLink) {
    return <DeadLink message={(photoDeadLink as Error).message} />;
  }

  const setSocial = (field: (typeof SOCIAL_FIELDS)[number], value: string) =>
    update({ socials: { ...form.socials, [field]: value } });
  const photos = form.press_photos;

  return (
    <PortalCard
      icon={<Megaphone aria-hidden="true" />}
      eyebrow={initial.label_name}
      title="Marketing questionnaire"
      description={
        <>
          For “{initial.song_title}” by {initial.artist}. Your answers are saved as a draft while you type;
          submit when you are done.
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">Bio</legend>
          <TextAreaField
            label="Short bio"
            rows={3}
            value={form.bio_short}
            onChange={(e) => update({ bio_short: e.target.value })}
            labelAside={<Counter length={form.bio_short.length} max={BIO_SHORT_MAX} />}
            hint="One or two sentences for playlists and press listings."
            error={errors.bio_short}
            required
          />
          <TextAreaField
            label="Long bio"
            rows={6}
            value={form.bio_long}
            onChange={(e) => update({ bio_long: e.target.value })}
            labelAside={<Counter length={form.bio_long.length} max={LONG_TEXT_MAX} />}
            error={errors.bio_long}
          />
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-base font-semibold">Press photos</legend>
          <PressPhotoUploads
            token={token}
            initial={initial.press_photo_files ?? []}
            onBusyChange={setUploading}
            onDeadLink={setPhotoDeadLink}
          />
          <p className="text-sm text-muted-foreground">
            Links to high-resolution photos (Dropbox, Google Drive, your website), with the photographer’s
            credit.
          </p>
          {photos.map((photo, i) => (
            <div
              key={photo.key}
              className="grid grid-cols-1 gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
            >
              <TextField
                label={`Photo ${i + 1} link`}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={photo.url}
                onChange={(e) =>
                  update({
                    press_photos: photos.map((p, j) => (j === i ? { ...p, url: e.target.value } : p)),
                  })
                }
                error={errors[`press_photos.${i}.url`]}
              />
              <TextField
                label={`Photo ${i + 1} credit`}
                value={photo.caption}
                maxLength={200}
                onChange={(e) =>
                  update({
                    press_photos: photos.map((p, j) => (j === i ? { ...p, caption: e.target.value } : p)),
                  })
                }
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => update({ press_photos: photos.filter((_, j) => j !== i) })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <div>
            <Button
              variant="outline"
              size="sm"
              disabled={photos.length >= PRESS_PHOTOS_MAX}
              onClick={() => update({ press_photos: [...photos, { url: '', caption: '', key: newKey() }] })}
            >
              <Plus aria-hidden="true" />
              Add photo link
            </Button>
          </div>
        </fieldset>

        <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">Socials</legend>
          {SOCIAL_FIELDS.map((field) => (
            <TextField
              key={field}
              label={SOCIAL_LABELS[field]}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={form.socials[field]}
              onChange={(e) => setSocial(field, e.target.value)}
              error={errors[`socials.${field}`]}
            />
          ))}
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">Pitch</legend>
          <TextAreaField
            label="Pitch text"
            rows={5}
            value={form.pitch}
            onChange={(e) => update({ pitch: e.target.value })}
            labelAside={<Counter length={form.pitch.length} max={PITCH_MAX} />}
            hint="What makes the song special: mood, instruments, story. Spotify’s editorial pitch allows 500 characters."
            error={errors.pitch}
            required
          />
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">References</legend>
          <TextAreaField
            label="Similar artists"
            rows={2}
            value={form.similar_artists}
            onChange={(e) => update({ similar_artists: e.target.value })}
            labelAside={<Counter length={form.similar_artists.length} max={REFERENCES_MAX} />}
            error={errors.similar_artists}
          />
          <TextAreaField
            label="Playlists"
            rows={2}
            value={form.playlists}
            onChange={(e) => update({ playlists: e.target.value })}
            hint="Playlists the song would fit, editorial or independent."
            error={errors.playlists}
          />
          <TextAreaField
            label="Release story"
            rows={4}
            value={form.release_story}
            onChange={(e) => update({ release_story: e.target.value })}
            hint="How the song came about: anything press can quote."
            error={errors.release_story}
          />
        </fieldset>

        {submitError ? <Alert>{publicErrorMessage(submitError)}</Alert> : null}
        {waitForUploads && uploading ? (
          <Alert>Wait for the photo uploads to finish, then submit.</Alert>
        ) : null}
        {submitTried && Object.keys(errors).length > 0 ? (
          <Alert>Some answers need fixing: see the highlighted fields above.</Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="text-sm text-muted-foreground">
            {saveState.kind === 'saving'
              ? 'Saving draft…'
              : saveState.kind === 'saved'
                ? `Draft saved at ${new Date(saveState.at!).toLocaleTimeString()}`
                : saveState.kind === 'error'
                  ? saveState.message
                  : ''}
          </p>
          <Button type="submit" size="lg" isLoading={submitting}>
            Submit questionnaire
          </Button>
        </div>
      </form>
    </PortalCard>
  );
}
