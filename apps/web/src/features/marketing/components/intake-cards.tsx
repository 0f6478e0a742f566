import {
  type IssuedLinkDto,
  type QuestionnaireDto,
  SOCIAL_FIELDS,
  SOCIAL_LABELS,
} from '@music-review/core/marketing';
import { Download, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useGeneralIntake } from '../api/get-general-intake';
import { useIssueGeneralLink } from '../api/issue-general-link';
import { useIssueQuestionnaireLink } from '../api/issue-questionnaire-link';
import { formatInstant } from './format-dates';
import { ActiveLink, IssuedLink } from './link-box';

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

function Answer({ label, value }: { label: string; value: string }) {
  if (!value.trim()) return null;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap break-words text-sm">{value}</dd>
    </div>
  );
}

/** The artist questionnaire: its status, its answers and its link. */
export function QuestionnaireCard({
  songId,
  questionnaire,
}: {
  songId: string;
  questionnaire: QuestionnaireDto;
}) {
  const issue = useIssueQuestionnaireLink(songId);
  const [issued, setIssued] = useState<IssuedLinkDto | null>(null);
  const active = questionnaire.links.find((l) => l.state === 'active');
  const data = questionnaire.data;
  const socials = data ? SOCIAL_FIELDS.filter((f) => data.socials[f]) : [];
  const photoFiles = questionnaire.press_photo_files ?? [];

  const status =
    questionnaire.status === 'submitted' ? (
      <Badge variant="success">
        Submitted {questionnaire.submitted_at ? formatInstant(questionnaire.submitted_at) : ''}
      </Badge>
    ) : questionnaire.status === 'draft' ? (
      <Badge variant="warning">Waiting for the artist</Badge>
    ) : (
      <Badge>Not sent</Badge>
    );

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h3 className="text-base font-semibold">Artist questionnaire</h3>
          <p className="text-sm text-muted-foreground">
            Bio, press photos, socials, pitch and references, filled in by the artist from a link.
          </p>
        </div>
        {status}
      </div>

      {issued ? <IssuedLink issued={issued} label="Questionnaire link" /> : null}
      <ActiveLink link={active} what="questionnaire" />
      <div className="flex flex-wrap gap-2">
        <Button
          variant={active ? 'outline' : 'primary'}
          isLoading={issue.isPending}
          onClick={() => issue.mutate(undefined, { onSuccess: setIssued })}
        >
          <Link2 aria-hidden="true" />
          {active || questionnaire.status === 'submitted'
            ? 'Create new questionnaire link'
            : 'Create questionnaire link'}
        </Button>
      </div>
      {active || questionnaire.status === 'submitted' ? (
        <p className="text-xs text-muted-foreground">
          A new link replaces the current one; after a submission it opens the answers for changes.
        </p>
      ) : null}
      {issue.isError ? <Alert>{errorText(issue.error)}</Alert> : null}

      {data && questionnaire.status !== 'none' ? (
        <dl className="flex flex-col gap-3 border-t border-border pt-4">
          <Answer label="Short bio" value={data.bio_short} />
          <Answer label="Long bio" value={data.bio_long} />
          <Answer label="Pitch" value={data.pitch} />
          {data.press_photos.length > 0 ? (
            <div className="flex flex-col gap-0.5">
              <dt className="text-xs font-medium text-muted-foreground">Press photos</dt>
              <dd>
                <ul className="flex flex-col gap-0.5 text-sm">
                  {data.press_photos.map((p) => (
                    <li key={p.url} className="break-all">
                      <a
                        href={p.url}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="text-link underline-offset-4 hover:underline"
                      >
                        {p.caption || p.url}
                      </a>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
          {photoFiles.length > 0 ? (
            <div className="flex flex-col gap-1">
              <dt className="text-xs font-medium text-muted-foreground">Uploaded press photos</dt>
              <dd>
                <ul
                  className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4"
                  aria-label="Uploaded press photos"
                >
                  {photoFiles.map((p) => (
                    <li
                      key={p.key}
                      className="flex min-w-0 flex-col gap-1 rounded-lg border border-border p-2"
                    >
                      <a href={p.url} target="_blank" rel="noreferrer noopener" className="block">
                        <img
                          src={p.url}
                          alt={p.filename}
                          loading="lazy"
                          className="aspect-square w-full rounded-md bg-muted object-cover"
                        />
                      </a>
                      <div className="flex items-center justify-between gap-1">
                        <span className="truncate text-xs" title={p.filename}>
                          {p.filename}
                        </span>
                        <a
                          href={p.url}
                          download={p.filename}
                          aria-label={`Download ${p.filename}`}
                          className={buttonClasses({ variant: 'ghost', size: 'icon-sm' })}
                        >
                          <Download aria-hidden="true" />
                        </a>
                      </div>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
          {socials.length > 0 ? (
            <div className="flex flex-col gap-0.5">
              <dt className="text-xs font-medium text-muted-foreground">Socials</dt>
              <dd className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {socials.map((f) => (
                  <a
                    key={f}
                    href={data.socials[f]}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="text-link underline-offset-4 hover:underline"
                  >
                    {SOCIAL_LABELS[f]}
                  </a>
                ))}
              </dd>
            </div>
          ) : null}
          <Answer label="Similar artists" value={data.similar_artists} />
          <Answer label="Playlists" value={data.playlists} />
          <Answer label="Release story" value={data.release_story} />
          {questionnaire.status === 'draft' && !data.bio_short && !data.pitch && photoFiles.length === 0 ? (
            <p className="text-sm text-muted-foreground">No answers yet.</p>
          ) : null}
        </dl>
      ) : null}
    </Card>
  );
}

/** The label-wide marketing intake: one link for any artist or manager, and what came in. */
export function GeneralIntakeCard() {
  const intake = useGeneralIntake();
  const issue = useIssueGeneralLink();
  const [issued, setIssued] = useState<IssuedLinkDto | null>(null);
  const active = intake.data?.links.find((l) => l.state === 'active');

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-1">
        <h3 className="text-base font-semibold">General marketing intake</h3>
        <p className="text-sm text-muted-foreground">
          One link for your whole label: artists and managers tell you about a project, its audience and
          budget.
        </p>
      </div>
      {intake.isPending ? <Skeleton className="h-10" /> : null}
      {intake.isError ? <Alert>{errorText(intake.error)}</Alert> : null}
      {issued ? <IssuedLink issued={issued} label="Intake link" /> : null}
      <ActiveLink link={active} what="intake" />
      <div>
        <Button
          variant={active ? 'outline' : 'primary'}
          isLoading={issue.isPending}
          onClick={() => issue.mutate(undefined, { onSuccess: setIssued })}
        >
          <Link2 aria-hidden="true" />
          {active ? 'Create new intake link' : 'Create intake link'}
        </Button>
      </div>
      {issue.isError ? <Alert>{errorText(issue.error)}</Alert> : null}
      {intake.data ? (
        intake.data.submissions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No intake forms submitted yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border border-t border-border">
            {intake.data.submissions.map((s) => (
              <li key={s.id} className="py-2">
                <details>
                  <summary className="cursor-pointer text-sm">
                    <span className="font-medium">{s.data.project_name}</span>{' '}
                    <span className="text-muted-foreground">· {formatInstant(s.submitted_at)}</span>
                  </summary>
                  <dl className="mt-2 flex flex-col gap-2 pl-4">
                    <Answer label="Contact email" value={s.data.contact_email} />
                    <Answer label="Release plans" value={s.data.release_plans} />
                    <Answer label="Target audience" value={s.data.target_audience} />
                    <Answer label="Budget range" value={s.data.budget_range ?? ''} />
                    <Answer label="Channels wanted" value={s.data.channels.join(', ')} />
                    <Answer label="Notes" value={s.data.notes} />
                  </dl>
                </details>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </Card>
  );
}
