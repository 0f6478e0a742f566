import { addDays, type MarketingCampaignDto, utcDay } from '@music-review/core/marketing';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDay } from './format-dates';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const COLOURS = [
  // Text in the link colour: primary itself is too light on its tint in dark mode.
  'bg-primary/15 text-link border-primary/40',
  'bg-success-soft text-success border-success/40',
  'bg-warning/15 text-warning border-warning/40',
  'bg-accent text-accent-foreground border-border',
];

type Month = { year: number; month: number }; // month 0-11

const monthStart = (m: Month) => `${m.year}-${String(m.month + 1).padStart(2, '0')}-01`;
const shiftMonth = (m: Month, by: number): Month => {
  const d = new Date(Date.UTC(m.year, m.month + by, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
};
const daysIn = (m: Month) => new Date(Date.UTC(m.year, m.month + 1, 0)).getUTCDate();

interface DayEvents {
  campaigns: { campaign: MarketingCampaignDto; colour: string; starts: boolean }[];
  tasks: { id: string; title: string; done: boolean; campaign: string }[];
}

/**
 * The campaign calendar: a month grid of campaign spans and task due dates (days are calendar days,
 * UTC, like the reminders), navigable by month. Below the sm breakpoint it is an agenda list.
 */
export function CampaignCalendar({
  campaigns,
  now = new Date(),
}: {
  campaigns: MarketingCampaignDto[];
  now?: Date;
}) {
  const today = utcDay(now);
  const [month, setMonth] = useState<Month>({ year: now.getUTCFullYear(), month: now.getUTCMonth() });
  const first = monthStart(month);
  const count = daysIn(month);
  const last = addDays(first, count - 1);
  const title = formatDay(first, { month: 'long', year: 'numeric' });

  const eventsOf = (day: string): DayEvents => ({
    campaigns: campaigns.flatMap((campaign, i) => {
      const start = campaign.start_date ?? campaign.end_date;
      const end = campaign.end_date ?? campaign.start_date;
      if (!start || !end || day < start || day > end) return [];
      return [{ campaign, colour: COLOURS[i % COLOURS.length]!, starts: day === start }];
    }),
    tasks: campaigns.flatMap((c) =>
      c.tasks
        .filter((t) => t.due_date === day)
        .map((t) => ({ id: t.id, title: t.title, done: t.status === 'done', campaign: c.name })),
    ),
  });

  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  // Monday-first weeks: blank cells before the 1st.
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const agenda = days
    .map((day) => ({ day, events: eventsOf(day) }))
    .filter(({ events }) => events.campaigns.some((c) => c.starts) || events.tasks.length > 0);
  // Campaigns running through the month without starting in it.
  const ongoing = campaigns.filter((c) => {
    const start = c.start_date ?? c.end_date;
    const end = c.end_date ?? c.start_date;
    return start && end && start < first && end >= first;
  });

  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold" aria-live="polite">
          Campaign calendar · {title}
        </h3>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Previous month"
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setMonth({ year: now.getUTCFullYear(), month: now.getUTCMonth() })}
          >
            Today
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Next month"
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>

      {/* Desktop and tablet: the month grid. */}
      <div className="hidden sm:block">
        <div className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-border bg-border text-xs">
          {WEEKDAYS.map((d) => (
            <div key={d} className="bg-muted px-2 py-1.5 font-medium text-muted-foreground">
              {d}
            </div>
          ))}
          {Array.from({ length: lead }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have nothing but their place
            <div key={`blank-${i}`} className="min-h-24 bg-card/60" />
          ))}
          {days.map((day) => {
            const events = eventsOf(day);
            const weekStart = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7 === 0;
            return (
              <div
                key={day}
                className={cn(
                  'flex min-h-24 flex-col gap-1 bg-card p-1.5',
                  day === today && 'ring-2 ring-primary ring-inset',
                )}
              >
                <span
                  className={cn(
                    'self-end text-[11px] tabular-nums text-muted-foreground',
                    day === today && 'font-semibold text-link',
                  )}
                >
                  <span className="sr-only">{formatDay(day, { dateStyle: 'full' })}</span>
                  <span aria-hidden="true">{Number(day.slice(8))}</span>
                </span>
                {events.campaigns.map(({ campaign, colour, starts }) => (
                  <span
                    key={campaign.id}
                    title={campaign.name}
                    className={cn('truncate rounded border px-1 leading-4', colour)}
                  >
                    {starts || weekStart || day === first ? (
                      campaign.name
                    ) : (
                      <span className="sr-only">{campaign.name}</span>
                    )}
                    &nbsp;
                  </span>
                ))}
                {events.tasks.map((t) => (
                  <span
                    key={t.id}
                    title={`${t.title} (${t.campaign})`}
                    className={cn(
                      'truncate leading-4 text-foreground',
                      t.done && 'text-muted-foreground line-through',
                    )}
                  >
                    • {t.title}
                  </span>
                ))}
              </div>
            );
          })}
          {Array.from({ length: (7 - ((lead + count) % 7)) % 7 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have nothing but their place
            <div key={`tail-${i}`} className="min-h-24 bg-card/60" />
          ))}
        </div>
      </div>

      {/* Phones: the month as an agenda. */}
      <div className="sm:hidden">
        {ongoing.length === 0 && agenda.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing planned in {title}.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border text-sm">
            {ongoing.map((c) => (
              <li key={`ongoing-${c.id}`} className="py-2">
                <span className="font-medium">{c.name}</span>{' '}
                <span className="text-muted-foreground">
                  runs until {formatDay(c.end_date ?? c.start_date!)}
                </span>
              </li>
            ))}
            {agenda.map(({ day, events }) => (
              <li key={day} className={cn('flex gap-3 py-2', day === today && 'font-medium')}>
                <span className="w-16 shrink-0 text-muted-foreground">
                  {formatDay(day, { month: 'short', day: 'numeric' })}
                </span>
                <ul className="flex min-w-0 flex-col gap-0.5">
                  {events.campaigns
                    .filter((c) => c.starts)
                    .map(({ campaign }) => (
                      <li key={campaign.id}>
                        {campaign.name} starts
                        {campaign.end_date && campaign.end_date <= last
                          ? ` (until ${formatDay(campaign.end_date)})`
                          : ''}
                      </li>
                    ))}
                  {events.tasks.map((t) => (
                    <li key={t.id} className={cn(t.done && 'text-muted-foreground line-through')}>
                      Due: {t.title}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
