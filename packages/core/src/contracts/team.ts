/**
 * Team administration in the profile's settings (admins only; spec sections 6 and 7): members and
 * their roles, the invitation code, invitations by email, and the plan's usage. The contract of
 * each endpoint (packages/core/src/endpoint.ts). Handlers: apps/server/src/features/team/team.routes.ts.
 */
import { z } from 'zod';
import { uuid } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { inviteBody, updateMemberBody } from '../team.ts';

const member = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  avatar_key: z.string().nullable(),
  is_me: z.boolean().meta({ description: "The caller's own row." }),
});

const planUsage = z.object({
  plan_name: z.string(),
  track_limit: z.number().meta({ description: '-1: unlimited.' }),
  tracks_last_30_days: z.number().meta({
    description: 'Tracks added in the last 30 days (rolling), the count the track limit applies to.',
  }),
  user_limit: z.number().meta({ description: '-1: unlimited.' }),
  member_count: z.number(),
});

const team = z.object({
  members: z.array(member),
  invite_code: z.string(),
  plan: planUsage,
});

const inviteCode = z.object({ invite_code: z.string() });
const invitation = z.object({ sent_to: z.string() });

export type TeamMemberDto = z.infer<typeof member>;
export type PlanUsageDto = z.infer<typeof planUsage>;
/** GET /api/v1/team */
export type TeamDto = z.infer<typeof team>;
export type InviteCodeDto = z.infer<typeof inviteCode>;
export type InvitationDto = z.infer<typeof invitation>;

const memberParams = z.object({ id: uuid });

export const getTeam = endpoint({
  operationId: 'getTeam',
  summary: "The label's members and roles, its invitation code, and its plan with the usage",
  tag: 'team',
  method: 'GET',
  path: '/api/v1/team',
  access: 'admin',
  responses: { 200: team },
  errors: ['not_found'],
});

export const updateTeamMember = endpoint({
  operationId: 'updateTeamMember',
  summary: "Makes a member an admin or a member (the label's last admin stays one)",
  tag: 'team',
  method: 'PATCH',
  path: '/api/v1/team/members/:id',
  access: 'admin',
  params: memberParams,
  body: updateMemberBody,
  responses: { 200: member },
  errors: ['not_found', 'conflict'],
});

export const removeTeamMember = endpoint({
  operationId: 'removeTeamMember',
  summary: "Removes a member from the label at once (never the label's last admin)",
  tag: 'team',
  method: 'DELETE',
  path: '/api/v1/team/members/:id',
  access: 'admin',
  params: memberParams,
  responses: { 204: null },
  errors: ['not_found', 'conflict'],
});

export const regenerateInviteCode = endpoint({
  operationId: 'regenerateInviteCode',
  summary: 'A new invitation code for the label; the old one stops working at once',
  tag: 'team',
  method: 'POST',
  path: '/api/v1/team/invite-code',
  access: 'admin',
  responses: { 200: inviteCode },
  errors: ['not_found'],
});

export const sendTeamInvitation = endpoint({
  operationId: 'sendTeamInvitation',
  summary: 'Mails the invitation code with a link to the join screen',
  tag: 'team',
  method: 'POST',
  path: '/api/v1/team/invitations',
  access: 'admin',
  body: inviteBody,
  responses: { 200: invitation },
  errors: ['not_found', 'conflict', 'user_limit_reached'],
});
