import type { ReviewerDto } from '@music-review/core/api';
import {
  CAMPAIGN_CURRENCIES,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_STATUSES,
  type CampaignStatus,
  CHANNEL_MAX,
  MARKETING_CHANNELS,
  type MarketingCampaignDto,
  type MarketingTaskDto,
  parseMoneyToCents,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type TaskStatus,
} from '@music-review/core/marketing';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/text-field';
import { useSaveCampaign } from '../api/save-campaign';
import { useSaveTask } from '../api/save-task';
import { ChannelCheckboxes } from './channel-checkboxes';

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

function centsToText(cents: number) {
  return cents === 0 ? '' : (cents / 100).toFixed(2);
}

/** Create or edit a campaign. The typed values stay when the server refuses them. */
export function CampaignDialog({
  songId,
  campaign,
  open,
  onClose,
}: {
  songId: string;
  campaign: MarketingCampaignDto | null;
  open: boolean;
  onClose: () => void;
}) {
  return open ? <CampaignForm songId={songId} campaign={campaign} onClose={onClose} /> : null;
}

function CampaignForm({
  songId,
  campaign,
  onClose,
}: {
  songId: string;
  campaign: MarketingCampaignDto | null;
  onClose: () => void;
}) {
  const save = useSaveCampaign(songId);
  const [name, setName] = useState(campaign?.name ?? '');
  const [status, setStatus] = useState<CampaignStatus>(campaign?.status ?? 'planned');
  const [budget, setBudget] = useState(centsToText(campaign?.budget_cents ?? 0));
  const [currency, setCurrency] = useState(campaign?.currency ?? 'USD');
  const [startDate, setStartDate] = useState(campaign?.start_date ?? '');
  const [endDate, setEndDate] = useState(campaign?.end_date ?? '');
  const [channels, setChannels] = useState<string[]>(campaign?.channels ?? []);
  const [otherChannel, setOtherChannel] = useState('');
  const [notes, setNotes] = useState(campaign?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const known = MARKETING_CHANNELS as readonly string[];
  const custom = channels.filter((c) => !known.includes(c));
  const toggle = (channel: string) =>
    setChannels((list) => (list.includes(channel) ? list.filter((c) => c !== channel) : [...list, channel]));
  const addOther = () => {
    const value = otherChannel.trim();
    if (!value) return;
    if (!channels.some((c) => c.toLowerCase() === value.toLowerCase())) setChannels([...channels, value]);
    setOtherChannel('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Give the campaign a name';
    const cents = parseMoneyToCents(budget);
    if (cents === null) next.budget = 'Enter an amount like 1250.00';
    if (startDate && endDate && endDate < startDate)
      next.endDate = 'The campaign cannot end before it starts';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      {
        id: campaign?.id,
        values: {
          name: name.trim(),
          status,
          budget_cents: cents ?? 0,
          currency: currency as (typeof CAMPAIGN_CURRENCIES)[number],
          start_date: startDate || null,
          end_date: endDate || null,
          channels,
          notes,
        },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={onClose} title={campaign ? 'Edit campaign' : 'New campaign'}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="-mx-1 flex max-h-[62dvh] flex-col gap-4 overflow-y-auto px-1 pb-1">
          <TextField
            label="Campaign name"
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            required
          />
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <TextField
              label="Budget"
              inputMode="decimal"
              placeholder="0.00"
              value={budget}
              onChange={(e) => setBudget(e.target.value)}
              error={errors.budget}
            />
            <SelectField label="Currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {CAMPAIGN_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField
              label="Start date"
              type="date"
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
            />
            <TextField
              label="End date"
              type="date"
              value={endDate}
              min={startDate || undefined}
              onChange={(e) => setEndDate(e.target.value)}
              error={errors.endDate}
            />
          </div>
          <SelectField
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as CampaignStatus)}
          >
            {CAMPAIGN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CAMPAIGN_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium text-foreground">Channels</legend>
            <ChannelCheckboxes selected={channels} onToggle={toggle} />
            {custom.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Other channels">
                {custom.map((c) => (
                  <li
                    key={c}
                    className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs"
                  >
                    {c}
                    <button
                      type="button"
                      className="rounded-full p-0.5 hover:bg-background"
                      aria-label={`Remove channel ${c}`}
                      onClick={() => toggle(c)}
                    >
                      <X className="size-3" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex items-end gap-2">
              <TextField
                className="flex-1"
                label="Other channel"
                value={otherChannel}
                maxLength={CHANNEL_MAX}
                onChange={(e) => setOtherChannel(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addOther();
                  }
                }}
              />
              <Button variant="outline" onClick={addOther} disabled={!otherChannel.trim()}>
                <Plus aria-hidden="true" />
                Add channel
              </Button>
            </div>
          </fieldset>
          <TextAreaField
            label="Notes"
            value={notes}
            maxLength={5000}
            rows={3}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
        {save.isError ? <Alert>{errorText(save.error)}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={save.isPending}>
            {campaign ? 'Save campaign' : 'Create campaign'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Add or edit a task of a campaign. */
export function TaskDialog({
  songId,
  campaign,
  task,
  members,
  onClose,
}: {
  songId: string;
  campaign: MarketingCampaignDto;
  task: MarketingTaskDto | null;
  members: ReviewerDto[];
  onClose: () => void;
}) {
  const save = useSaveTask(songId);
  const [title, setTitle] = useState(task?.title ?? '');
  const [assignee, setAssignee] = useState(task?.assignee_id ?? '');
  const [dueDate, setDueDate] = useState(task?.due_date ?? '');
  const [status, setStatus] = useState<TaskStatus>(task?.status ?? 'todo');
  const [titleError, setTitleError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError('Give the task a title');
      return;
    }
    setTitleError(null);
    save.mutate(
      {
        id: task?.id,
        campaignId: campaign.id,
        values: { title: title.trim(), assignee_id: assignee || null, due_date: dueDate || null, status },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={onClose} title={task ? 'Edit task' : 'Add task'} description={campaign.name}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Task title"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          error={titleError}
          required
        />
        <SelectField
          label="Assignee"
          value={assignee}
          onChange={(e) => setAssignee(e.target.value)}
          hint="They get a notification when you assign the task, and reminders before it is due."
        >
          <option value="">Nobody yet</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            label="Due date"
            type="date"
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
          />
          <SelectField
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as TaskStatus)}
          >
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TASK_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
        </div>
        {save.isError ? <Alert>{errorText(save.error)}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={save.isPending}>
            {task ? 'Save task' : 'Add task'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
