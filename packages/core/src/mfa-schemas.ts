import { z } from 'zod';
import { MFA_FRIENDLY_NAME_MAX, MFA_MESSAGES, normalizePhone } from './mfa.ts';

/** The MFA API's request bodies (the texts and rules are in mfa.ts, which the login screen loads without zod). */

export const mfaCodeSchema = z
  .string({ message: MFA_MESSAGES.codeFormat })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: MFA_MESSAGES.codeFormat }));

export const enrollFactorBody = z
  .object({
    factor_type: z.enum(['totp', 'phone'], { message: 'factor_type must be totp or phone' }),
    friendly_name: z
      .string()
      .trim()
      .max(MFA_FRIENDLY_NAME_MAX, { message: MFA_MESSAGES.friendlyNameTooLong })
      .optional(),
    phone: z.string().max(40, { message: MFA_MESSAGES.phoneInvalid }).optional(),
    /** Shown by authenticator apps above the account (TOTP only). */
    issuer: z.string().trim().max(60).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.factor_type !== 'phone') return;
    if (!body.phone?.trim())
      ctx.addIssue({ code: 'custom', path: ['phone'], message: MFA_MESSAGES.phoneMissing });
    else if (!normalizePhone(body.phone))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: MFA_MESSAGES.phoneInvalid });
  });
export type EnrollFactorInput = z.input<typeof enrollFactorBody>;

export const challengeFactorBody = z.object({
  /** Phone factors: how the code travels. Only text messages are offered. */
  channel: z.enum(['sms'], { message: 'channel must be sms' }).optional(),
});

export const verifyFactorBody = z.object({
  challenge_id: z.uuid({ message: 'challenge_id must be the id of a challenge' }),
  code: mfaCodeSchema,
});
export type VerifyFactorInput = z.input<typeof verifyFactorBody>;
