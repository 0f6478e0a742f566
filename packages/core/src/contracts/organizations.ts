/**
 * The account's label (spec sections 6 and 8, onboarding and the label's members): /me, creating
 * and joining a label, its summary and its members. The contract of each endpoint
 * (packages/core/src/endpoint.ts). Handlers: apps/server/src/features/organizations/organizations.routes.ts.
 */
import { z } from 'zod';
import { authUserSchema } from '../auth-schemas.ts';
import { uuid } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { createOrganizationBody, joinOrganizationBody } from '../organization-schemas.ts';

const reviewer = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  organization_id: z.string().nullable(),
  is_admin: z.boolean(),
  avatar_key: z.string().nullable().meta({
    description:
      "Storage key of the member's photo (type images; GET it through get-signed-url); null: initials.",
  }),
});

const organization = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  plan_name: z.string(),
  user_limit: z.number(),
  track_limit: z.number(),
  member_count: z.number(),
  // The plan's feature flags (spec section 3, subscription_plans).
  has_label_copy_generator: z.boolean(),
  has_contract_generator: z.boolean(),
  has_chat_functionality: z.boolean(),
  has_catalogue: z.boolean(),
  has_email_support: z.boolean(),
  invite_code: z.string().optional().meta({ description: 'Only for admins.' }),
});

const membership = z.object({ organization, reviewer });

const me = z.object({
  user: authUserSchema,
  reviewer: reviewer.nullable(),
  organization: organization.nullable(),
});

export type ReviewerDto = z.infer<typeof reviewer>;
export type OrganizationDto = z.infer<typeof organization>;
/** The label just created or joined, with the caller's membership. */
export type MembershipDto = z.infer<typeof membership>;
export type MeDto = z.infer<typeof me>;

export const getMe = endpoint({
  operationId: 'getMe',
  summary: "The signed-in account with its reviewer record and its label's summary",
  tag: 'organizations',
  method: 'GET',
  path: '/api/v1/me',
  access: 'signed-in',
  responses: { 200: me },
  errors: ['mfa_required'],
});

export const createOrganization = endpoint({
  operationId: 'createOrganization',
  summary: 'Creates a label on the Starter plan with the caller as its admin',
  tag: 'organizations',
  method: 'POST',
  path: '/api/v1/organizations',
  access: 'signed-in',
  body: createOrganizationBody,
  responses: { 201: membership },
  errors: ['mfa_required', 'already_member'],
});

export const joinOrganization = endpoint({
  operationId: 'joinOrganization',
  summary: 'Joins the label of an invitation code as a member',
  tag: 'organizations',
  method: 'POST',
  path: '/api/v1/organizations/join',
  access: 'signed-in',
  body: joinOrganizationBody,
  responses: { 200: membership },
  errors: ['mfa_required', 'already_member', 'invalid_invite_code', 'user_limit_reached'],
});

export const getOrganization = endpoint({
  operationId: 'getOrganization',
  summary: "The caller's label: plan, limits, features and, for admins, the invitation code",
  tag: 'organizations',
  method: 'GET',
  path: '/api/v1/organization',
  access: 'member',
  responses: { 200: organization },
  errors: ['not_found'],
});

export const listReviewers = endpoint({
  operationId: 'listReviewers',
  summary: "The label's members, by name",
  tag: 'organizations',
  method: 'GET',
  path: '/api/v1/reviewers',
  access: 'member',
  responses: { 200: z.array(reviewer) },
  errors: [],
});

export const getReviewer = endpoint({
  operationId: 'getReviewer',
  summary: 'One member of the label',
  tag: 'organizations',
  method: 'GET',
  path: '/api/v1/reviewers/:id',
  access: 'member',
  params: z.object({ id: uuid }),
  responses: { 200: reviewer },
  errors: ['not_found'],
});
