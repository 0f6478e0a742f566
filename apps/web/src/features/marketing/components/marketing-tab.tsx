import {
  CAMPAIGN_STATUS_LABELS,
  type DueState,
  dueState,
  formatMoney,
  type MarketingCampaignDto,
  type MarketingTaskDto,
  TASK_STATUS_LABELS,
} from '@music-review/core/marketing';
import { CalendarDays, Megaphone, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useMe } from '../../../lib/me';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useDeleteTask } from '../api/delete-task';
import { useLabelMembers } from '../api/get-label-members';
import { useSongMarketing } from '../api/get-song-marketing';
import { useSaveTask } from '../api/save-task';
import { CampaignCalendar } from './campaign-calendar';
import { CampaignDialog, TaskDialog } from './campaign-dialogs';
import { formatDay } from './format-dates';
import { GeneralIntakeCard, QuestionnaireCard } from './intake-cards';

const DUE_BADGE: Partial<
  Record<DueState, { text: string; variant: 'warning' | 'primary'; className?: string }>
> = {
  overdue: { text: 'Overdue', variant: 'warning', className: 'bg-destructive-soft text-destructive' },
  today: { text: 'Due today', variant: 'warning' },
  soon: { text: 'Due soon', variant: 'primary' },
};

/** The signed song's marketing tab (issue 6): campaigns and tasks, the calendar, the questionnaire. */
export function MarketingTab({ songId }: { songId: string }) {
  const marketing = useSongMarketing(songId);
  const me = useMe();
  const members = useLabelMembers();
  const myId = me.data?.reviewer?.id ?? null;
  const [onlyMine, setOnlyMine] = useState(false);
  const [editing, setEditing] = useState<MarketingCampaignDto | 'new' | null>(null);

  if (marketing.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading marketing…
        </span>
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-40" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (marketing.isError) {
    return (
      <Card className="flex flex-col items-start gap-3 p-5">
        <Alert>{marketing.error.message || 'Failed to load marketing'}</Alert>
        <Button variant="outline" onClick={() => void marketing.refetch()} isLoading={marketing.isFetching}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </Card>
    );
  }

  const { campaigns, questionnaire } = marketing.data;
  const now = new Date();
  const openTasks = campaigns.flatMap((c) => c.tasks).filter((t) => t.status !== 'done');
  const overdue = openTasks.filter((t) => dueState(t, now) === 'overdue').length;
  const dueSoon = openTasks.filter((t) => ['today', 'soon'].includes(dueState(t, now))).length;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>
            {campaigns.length} {campaigns.length === 1 ? 'campaign' : 'campaigns'} · {openTasks.length} open{' '}
            {openTasks.length === 1 ? 'task' : 'tasks'}
          </span>
          {overdue > 0 ? (
            <Badge className="bg-destructive-soft text-destructive">{overdue} overdue</Badge>
          ) : null}
          {dueSoon > 0 ? <Badge variant="warning">{dueSoon} due soon</Badge> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={onlyMine ? 'secondary' : 'outline'}
            aria-pressed={onlyMine}
            onClick={() => setOnlyMine((v) => !v)}
            disabled={!myId}
          >
            My tasks
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            New campaign
          </Button>
        </div>
      </div>

      {campaigns.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Megaphone aria-hidden="true" className="size-5" />
          </span>
          <h3 className="text-base font-semibold">No campaigns yet</h3>
          <p className="max-w-sm text-sm text-muted-foreground">
            Plan the release's marketing: budget, dates, channels and the tasks your team will do.
          </p>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Create the first campaign
          </Button>
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          {campaigns.map((campaign) => (
            <CampaignCard
              key={campaign.id}
              songId={songId}
              campaign={campaign}
              members={members.data ?? []}
              onlyMine={onlyMine ? myId : null}
              now={now}
              onEdit={() => setEditing(campaign)}
            />
          ))}
        </div>
      )}

      <section aria-label="Campaign calendar" className="flex flex-col gap-2">
        <CampaignCalendar campaigns={campaigns} now={now} />
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <QuestionnaireCard songId={songId} questionnaire={questionnaire} />
        <GeneralIntakeCard />
      </div>

      <CampaignDialog
        songId={songId}
        open={editing !== null}
        campaign={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

function CampaignCard({
  songId,
  campaign,
  members,
  onlyMine,
  now,
  onEdit,
}: {
  songId: string;
  campaign: MarketingCampaignDto;
  members: Parameters<typeof TaskDialog>[0]['members'];
  onlyMine: string | null;
  now: Date;
  onEdit: () => void;
}) {
  const remove = useDeleteCampaign(songId);
  const [confirming, setConfirming] = useState(false);
  const [taskDialog, setTaskDialog] = useState<MarketingTaskDto | 'new' | null>(null);
  const tasks = onlyMine ? campaign.tasks.filter((t) => t.assignee_id === onlyMine) : campaign.tasks;
  const done = campaign.tasks.filter((t) => t.status === 'done').length;
  const dates =
    campaign.start_date || campaign.end_date
      ? `${campaign.start_date ? formatDay(campaign.start_date) : '…'} – ${campaign.end_date ? formatDay(campaign.end_date) : '…'}`
      : 'No dates yet';

  return (
    <Card className="flex flex-col" aria-labelledby={`campaign-${campaign.id}`}>
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`campaign-${campaign.id}`} className="text-base font-semibold break-words">
              {campaign.name}
            </h3>
            <Badge
              variant={
                campaign.status === 'active'
                  ? 'success'
                  : campaign.status === 'completed'
                    ? 'neutral'
                    : 'primary'
              }
            >
              {CAMPAIGN_STATUS_LABELS[campaign.status]}
            </Badge>
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="size-4" />
              {dates}
            </span>
            <span>Budget {formatMoney(campaign.budget_cents, campaign.currency)}</span>
            <span>
              {done}/{campaign.tasks.length} tasks done
            </span>
          </p>
          {campaign.channels.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Channels">
              {campaign.channels.map((c) => (
                <li key={c}>
                  <Badge>{c}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
          {campaign.notes ? <p className="text-sm whitespace-pre-wrap">{campaign.notes}</p> : null}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Edit campaign ${campaign.name}`}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Delete campaign ${campaign.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="flex flex-col gap-2 p-4 sm:p-5">
        {tasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {onlyMine && campaign.tasks.length > 0
              ? 'No tasks assigned to you in this campaign.'
              : 'No tasks yet.'}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label={`Tasks of ${campaign.name}`}>
            {tasks.map((task) => (
              <TaskRow
                key={task.id}
                songId={songId}
                task={task}
                now={now}
                onEdit={() => setTaskDialog(task)}
              />
            ))}
          </ul>
        )}
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setTaskDialog('new')}
            aria-label={`Add task to ${campaign.name}`}
          >
            <Plus aria-hidden="true" />
            Add task
          </Button>
        </div>
      </div>

      {taskDialog ? (
        <TaskDialog
          songId={songId}
          campaign={campaign}
          task={taskDialog === 'new' ? null : taskDialog}
          members={members}
          onClose={() => setTaskDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Delete this campaign?"
        description={`"${campaign.name}" and its ${campaign.tasks.length} ${campaign.tasks.length === 1 ? 'task' : 'tasks'} will be deleted. This cannot be undone.`}
        confirmLabel="Delete campaign"
        isPending={remove.isPending}
        error={remove.error}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(campaign.id, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  );
}

function TaskRow({
  songId,
  task,
  now,
  onEdit,
}: {
  songId: string;
  task: MarketingTaskDto;
  now: Date;
  onEdit: () => void;
}) {
  const save = useSaveTask(songId);
  const remove = useDeleteTask(songId);
  const [confirming, setConfirming] = useState(false);
  const state = dueState(task, now);
  const badge = DUE_BADGE[state];
  const isDone = task.status === 'done';

  return (
    <li
      className={cn(
        'flex items-start gap-3 py-2.5',
        state === 'overdue' && 'rounded-md bg-destructive-soft/40 px-2',
      )}
    >
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={isDone}
        disabled={save.isPending}
        aria-label={`Done: ${task.title}`}
        onChange={() =>
          save.mutate({
            id: task.id,
            campaignId: task.campaign_id,
            values: { status: isDone ? 'todo' : 'done' },
          })
        }
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cn('text-sm break-words', isDone && 'text-muted-foreground line-through')}>
          {task.title}
        </span>
        <span className="flex flex-wrap items-center gap-x-1 gap-y-1 text-xs text-muted-foreground">
          <span>{task.assignee_name ?? 'Unassigned'}</span>
          {task.due_date ? <span>· Due {formatDay(task.due_date)}</span> : null}
          {task.status === 'in_progress' ? <span>· {TASK_STATUS_LABELS.in_progress}</span> : null}
          {badge ? (
            <Badge variant={badge.variant} className={cn('ml-1', badge.className)}>
              {badge.text}
            </Badge>
          ) : null}
        </span>
        {save.isError ? <span className="text-xs text-destructive">{save.error.message}</span> : null}
      </div>
      <div className="flex shrink-0 gap-0.5">
        <Button variant="ghost" size="icon-sm" aria-label={`Edit task ${task.title}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete task ${task.title}`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this task?"
        description={`"${task.title}" will be deleted. This cannot be undone.`}
        confirmLabel="Delete task"
        isPending={remove.isPending}
        error={remove.error}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(task.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}
