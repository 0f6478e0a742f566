import type { TeamDto, TeamMemberDto } from '@music-review/core/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { TeamAdmin } from './team-admin';

const ada: TeamMemberDto = {
  id: 'reviewer-1',
  user_id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@label.test',
  is_admin: true,
  avatar_key: null,
  is_me: true,
};
const grace: TeamMemberDto = {
  id: 'reviewer-2',
  user_id: 'user-2',
  name: 'Grace Hopper',
  email: 'grace@label.test',
  is_admin: false,
  avatar_key: null,
  is_me: false,
};

function makeTeam(overrides: Partial<TeamDto> = {}): TeamDto {
  return {
    members: [ada, grace],
    invite_code: 'OLDCODE234',
    plan: { plan_name: 'Starter', track_limit: 25, tracks_last_30_days: 3, user_limit: 3, member_count: 2 },
    ...overrides,
  };
}

type Routes = Parameters<typeof mockFetch>[0];
const serve = (routes: Routes = {}) =>
  mockFetch({ 'GET /api/v1/team': json(200, makeTeam()), 'GET /api/v1/me': json(200, {}), ...routes });
const open = () =>
  renderWithProviders(<TeamAdmin labelName="Midnight Records" />, { session: makeClientSession() });

const memberRow = (name: string) =>
  within(screen.getByRole('list', { name: 'Members' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name))!;

describe('team administration', () => {
  it('shows the plan with its usage, the members with their roles and the invitation code', async () => {
    serve({
      'GET /api/v1/team': json(
        200,
        makeTeam({
          plan: {
            plan_name: 'Label',
            track_limit: -1,
            tracks_last_30_days: 41,
            user_limit: 100,
            member_count: 2,
          },
        }),
      ),
    });
    open();

    expect(await screen.findByText('OLDCODE234')).toBeTruthy();
    expect(screen.getByText('Label')).toBeTruthy();
    expect(screen.getByText('41 (unlimited)')).toBeTruthy();
    expect(screen.getByText('Tracks in the last 30 days')).toBeTruthy();
    expect(screen.getByText('2 of 100')).toBeTruthy();
    expect((screen.getByLabelText('Role of Ada Lovelace') as HTMLSelectElement).value).toBe('admin');
    expect((screen.getByLabelText('Role of Grace Hopper') as HTMLSelectElement).value).toBe('member');
    expect(within(memberRow('Ada Lovelace')).getByText('(you)')).toBeTruthy();
    // Nobody removes themselves here; the others can be removed.
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Grace Hopper' })).toBeTruthy();
  });

  it('promotes a member to Admin', async () => {
    const user = userEvent.setup({ delay: null });
    const promoted = { ...grace, is_admin: true };
    const server = serve({
      'GET /api/v1/team': [json(200, makeTeam()), json(200, makeTeam({ members: [ada, promoted] }))],
      'PATCH /api/v1/team/members/reviewer-2': json(200, promoted),
    });
    open();

    await user.selectOptions(await screen.findByLabelText('Role of Grace Hopper'), 'Admin');
    expect(await screen.findByText('Grace Hopper is now an Admin')).toBeTruthy();
    expect(server.requestsTo('PATCH /api/v1/team/members/reviewer-2')[0]?.body).toEqual({ is_admin: true });
    await waitFor(() =>
      expect((screen.getByLabelText('Role of Grace Hopper') as HTMLSelectElement).value).toBe('admin'),
    );
  });

  it('asks before stepping down, and shows why the last admin cannot', async () => {
    const user = userEvent.setup({ delay: null });
    const lastAdmin = 'Your label needs at least one admin. Make another member an admin first.';
    const server = serve({ 'PATCH /api/v1/team/members/reviewer-1': apiError(409, 'conflict', lastAdmin) });
    open();

    await user.selectOptions(await screen.findByLabelText('Role of Ada Lovelace'), 'Member');
    const dialog = await screen.findByRole('dialog', { name: 'Make yourself a Member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make me a Member' }));

    expect(await screen.findByText(lastAdmin)).toBeTruthy();
    expect(server.requestsTo('PATCH /api/v1/team/members/reviewer-1')[0]?.body).toEqual({ is_admin: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Role of Ada Lovelace') as HTMLSelectElement).value).toBe('admin');
  });

  it('removes a member after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      'GET /api/v1/team': [json(200, makeTeam()), json(200, makeTeam({ members: [ada] }))],
      'DELETE /api/v1/team/members/reviewer-2': json(204, null),
    });
    open();

    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Grace Hopper?' });
    expect(within(dialog).getByText(/lose access to Midnight Records at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Grace Hopper was removed from the label')).toBeTruthy();
    expect(server.requestsTo('DELETE /api/v1/team/members/reviewer-2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByLabelText('Role of Grace Hopper')).toBeNull());
  });

  it('regenerates the invitation code after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({ 'POST /api/v1/team/invite-code': json(200, { invite_code: 'NEWCODE567' }) });
    open();

    await user.click(await screen.findByRole('button', { name: 'Regenerate code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the invitation code?' });
    expect(within(dialog).getByText(/current code stops working at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate code' }));

    expect(await screen.findByText('NEWCODE567')).toBeTruthy();
    expect(screen.queryByText('OLDCODE234')).toBeNull();
    expect(screen.getByText('New invitation code created. The old code no longer works.')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/team/invite-code')).toHaveLength(1);
  });

  it('copies the invitation code', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serve();
    open();

    await user.click(await screen.findByRole('button', { name: 'Copy invitation code' }));
    expect(writeText).toHaveBeenCalledWith('OLDCODE234');
    expect(await screen.findByText('Invitation code copied')).toBeTruthy();
  });

  it('invites by email, and keeps the address when the server refuses', async () => {
    const user = userEvent.setup({ delay: null });
    const full =
      "Your label has reached its plan's user limit (3 users). Upgrade your plan to invite more people.";
    const server = serve({
      'POST /api/v1/team/invitations': [
        json(200, { sent_to: 'lin@artist.test' }),
        apiError(409, 'user_limit_reached', full),
      ],
    });
    open();

    const field = await screen.findByLabelText('Email address');
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/team/invitations')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'lin@artist.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to lin@artist.test')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/team/invitations')[0]?.body).toEqual({ email: 'lin@artist.test' });
    expect((field as HTMLInputElement).value).toBe('');

    await user.type(field, 'max@artist.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(full)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('max@artist.test');
  });

  it('offers to try again when the team cannot be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/v1/team': [
        apiError(403, 'forbidden', 'Only an admin of your label can do this.'),
        json(200, makeTeam()),
      ],
    });
    open();

    expect(await screen.findByText('Only an admin of your label can do this.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('OLDCODE234')).toBeTruthy();
  });
});
