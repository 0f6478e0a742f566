import { createOrganizationBody, joinOrganizationBody } from '@music-review/core/organization-schemas';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { userSchema } from '../auth/auth.routes.ts';
import { createOrganizationsService } from './organizations.service.ts';

const reviewerSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  organization_id: z.string().nullable(),
  is_admin: z.boolean(),
  avatar_key: z.string().nullable(),
});
const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  plan_name: z.string(),
  user_limit: z.number(),
  track_limit: z.number(),
  member_count: z.number(),
  has_label_copy_generator: z.boolean(),
  has_contract_generator: z.boolean(),
  has_chat_functionality: z.boolean(),
  has_catalogue: z.boolean(),
  has_email_support: z.boolean(),
  invite_code: z.string().optional(),
});
const membershipSchema = z.object({ organization: organizationSchema, reviewer: reviewerSchema });
const security = [{ bearer: [] }];

export async function organizationsRoutes(app: App, ctx: AppContext) {
  const service = createOrganizationsService(ctx);

  app.get(
    '/api/v1/me',
    {
      schema: {
        tags: ['account'],
        security,
        response: {
          200: z.object({
            user: userSchema,
            reviewer: reviewerSchema.nullable(),
            organization: organizationSchema.nullable(),
          }),
        },
      },
    },
    async (req) => service.me(await ctx.auth.verifyClaims(req)),
  );

  app.post(
    '/api/v1/organizations',
    {
      schema: {
        tags: ['organizations'],
        security,
        body: createOrganizationBody,
        response: { 201: membershipSchema },
      },
    },
    async (req, reply) => {
      const caller = await ctx.auth.requireCaller(req);
      return reply.status(201).send(await service.create(caller, req.body.name));
    },
  );

  app.post(
    '/api/v1/organizations/join',
    {
      schema: {
        tags: ['organizations'],
        security,
        body: joinOrganizationBody,
        response: { 200: membershipSchema },
      },
    },
    async (req) => service.join(await ctx.auth.requireCaller(req), req.body.invite_code),
  );

  app.get(
    '/api/v1/organization',
    { schema: { tags: ['organizations'], security, response: { 200: organizationSchema } } },
    async (req) => service.organization(await ctx.auth.requireMember(req)),
  );

  app.get(
    '/api/v1/reviewers',
    { schema: { tags: ['organizations'], security, response: { 200: z.array(reviewerSchema) } } },
    async (req) => service.members(await ctx.auth.requireMember(req)),
  );

  app.get(
    '/api/v1/reviewers/:id',
    {
      schema: {
        tags: ['organizations'],
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: reviewerSchema },
      },
    },
    async (req) => service.member(await ctx.auth.requireMember(req), req.params.id),
  );
}
