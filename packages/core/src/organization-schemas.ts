import { z } from 'zod';

/** POST /api/v1/organizations and POST /api/v1/organizations/join, as the server validates them. */
export const createOrganizationBody = z.object({ name: z.string().max(500) });
export const joinOrganizationBody = z.object({ invite_code: z.string().max(200) });
