import {
  addDays,
  type MarketingCampaignDto,
  type MarketingTaskDto,
  type SongMarketingDto,
  utcDay,
} from '@music-review/core/marketing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession, makeReviewer } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { signedSongFrameRoutes } from '../../../test/signed-song-routes';
import { formatDay } from './format-dates';

const today = utcDay(new Date());

function task(overrides: Partial<MarketingTaskDto>): MarketingTaskDto {
  return {
    id: 'task-1',
    campaign_id: 'campaign-1',
    song_id: 'song-1',
    title: 'Task',
    assignee_id: null,
    assignee_name: null,
    due_date: null,
    status: 'todo',
    created_at: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

const campaign: MarketingCampaignDto = {
  id: 'campaign-1',
  song_id: 'song-1',
  name: 'Launch push',
  status: 'active',
  budget_cents: 250000,
  currency: 'EUR',
  start_date: today,
  end_date: addDays(today, 20),
  channels: ['TikTok', 'Radio'],
  notes: '',
  created_by: 'reviewer-1',
  created_at: '2025-03-01T12:00:00.000Z',
  tasks: [
    // makeMe's reviewer is reviewer-1 (Ada Lovelace).
    task({
      id: 'task-soon',
      title: 'Pitch to playlists',
      due_date: addDays(today, 3),
      assignee_id: 'reviewer-1',
      assignee_name: 'Ada Lovelace',
    }),
    task({
      id: 'task-late',
      title: 'Book radio slot',
      due_date: addDays(today, -2),
      assignee_id: 'reviewer-2',
      assignee_name: 'Grace Hopper',
    }),
    task({ id: 'task-later', title: 'Shoot video', due_date: addDays(today, 10) }),
    task({ id: 'task-done', title: 'Write press release', due_date: addDays(today, -5), status: 'done' }),
  ],
};

const marketing: SongMarketingDto = {
  song: { id: 'song-1', title: 'Summer Static', artist: 'Nova Lane' },
  campaigns: [campaign],
  questionnaire: {
    form_id: null,
    status: 'none',
    data: null,
    submitted_at: null,
    updated_at: null,
    links: [],
  },
};

function serve(data: SongMarketingDto = marketing) {
  return mockFetch({
    ...signedSongFrameRoutes(),
    'GET /api/v1/songs/song-1/marketing': json(200, data),
    'GET /api/v1/reviewers': json(200, [
      makeReviewer(),
      makeReviewer({ id: 'reviewer-2', name: 'Grace Hopper' }),
    ]),
    'GET /api/v1/marketing/general': json(200, { links: [], submissions: [] }),
    'PATCH /api/v1/marketing/tasks/task-soon': json(200, { ...campaign.tasks[0], status: 'done' }),
    'PATCH /api/v1/marketing/tasks/task-done': json(200, { ...campaign.tasks[3], status: 'todo' }),
  });
}

const open = () => renderApp({ route: '/signed-songs/song-1/marketing', session: makeClientSession() });
const taskRow = (title: string) => screen.getByRole('checkbox', { name: `Done: ${title}` }).closest('li')!;

beforeAll(async () => {
  await import('../../../app/routes/signed-song-page');
});

describe('marketing tab', () => {
  it('shows the campaign and marks tasks due soon and overdue', async () => {
    serve();
    open();
    const tasks = await screen.findByRole('list', { name: 'Tasks of Launch push' });
    expect(screen.getByRole('heading', { level: 3, name: 'Launch push' })).toBeTruthy();
    expect(screen.getByText('3 open tasks', { exact: false })).toBeTruthy();
    expect(screen.getByText('1 overdue')).toBeTruthy();
    expect(screen.getByText('1 due soon')).toBeTruthy();
    expect(screen.getByText('1/4 tasks done')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Channels' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['TikTok', 'Radio']);

    expect(within(taskRow('Pitch to playlists')).getByText('Due soon')).toBeTruthy();
    expect(
      within(taskRow('Pitch to playlists')).getByText(`· Due ${formatDay(addDays(today, 3))}`),
    ).toBeTruthy();
    expect(within(taskRow('Book radio slot')).getByText('Overdue')).toBeTruthy();
    expect(within(taskRow('Shoot video')).queryByText(/^(Due soon|Overdue|Due today)$/)).toBeNull();
    // A done task is never late.
    expect(within(taskRow('Write press release')).queryByText('Overdue')).toBeNull();
    expect(within(tasks).getAllByRole('listitem')).toHaveLength(4);
  });

  it('sends the status change when a task is ticked done or reopened', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve();
    open();
    await user.click(await screen.findByRole('checkbox', { name: 'Done: Pitch to playlists' }));
    await expect
      .poll(() => server.requestsTo('PATCH /api/v1/marketing/tasks/task-soon').map((r) => r.body))
      .toEqual([{ status: 'done' }]);
    // Unticking a done task reopens it.
    await user.click(screen.getByRole('checkbox', { name: 'Done: Write press release' }));
    await expect
      .poll(() => server.requestsTo('PATCH /api/v1/marketing/tasks/task-done').map((r) => r.body))
      .toEqual([{ status: 'todo' }]);
  });

  it('filters to the member’s own tasks with "My tasks"', async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    open();
    await screen.findByRole('list', { name: 'Tasks of Launch push' });
    const mine = screen.getByRole('button', { name: 'My tasks' });
    await expect.poll(() => (mine as HTMLButtonElement).disabled).toBe(false);
    await user.click(mine);
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    const tasks = screen.getByRole('list', { name: 'Tasks of Launch push' });
    expect(
      within(tasks)
        .getAllByRole('listitem')
        .map((li) => within(li).getByRole('checkbox').getAttribute('aria-label')),
    ).toEqual(['Done: Pitch to playlists']);
    await user.click(mine);
    expect(
      within(screen.getByRole('list', { name: 'Tasks of Launch push' })).getAllByRole('listitem'),
    ).toHaveLength(4);
  });

  it('asks before deleting a task', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve();
    open();
    await user.click(await screen.findByRole('button', { name: 'Delete task Shoot video' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this task?' });
    expect(within(dialog).getByText('"Shoot video" will be deleted. This cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requestsTo('DELETE /api/v1/marketing/tasks/task-later')).toHaveLength(0);
  });

  it('puts campaigns and due tasks on the calendar, month by month', async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    open();
    const calendar = await screen.findByRole('region', { name: 'Campaign calendar' });
    const month = (day: string) => formatDay(`${day.slice(0, 7)}-01`, { month: 'long', year: 'numeric' });
    expect(within(calendar).getByRole('heading', { level: 3 }).textContent).toBe(
      `Campaign calendar · ${month(today)}`,
    );
    expect(within(calendar).getAllByTitle('Launch push').length).toBeGreaterThan(0);
    expect(within(calendar).getByTitle('Pitch to playlists (Launch push)').textContent).toBe(
      '• Pitch to playlists',
    );

    await user.click(within(calendar).getByRole('button', { name: 'Next month' }));
    const next = addDays(`${today.slice(0, 7)}-01`, 32);
    expect(within(calendar).getByRole('heading', { level: 3 }).textContent).toBe(
      `Campaign calendar · ${month(next)}`,
    );
    await user.click(within(calendar).getByRole('button', { name: 'Today' }));
    expect(within(calendar).getByRole('heading', { level: 3 }).textContent).toBe(
      `Campaign calendar · ${month(today)}`,
    );
  });

  it('offers to create the first campaign when there is none', async () => {
    serve({ ...marketing, campaigns: [] });
    open();
    expect(await screen.findByRole('heading', { level: 3, name: 'No campaigns yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create the first campaign' })).toBeTruthy();
  });
});
