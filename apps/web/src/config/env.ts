/** Build-time settings (Vite `VITE_*` variables); all optional. */
const supportEmail = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined)?.trim() || null;

export const env = {
  /** Address behind 'Contact us!' on the login screen; without it the text is shown without a link. */
  supportEmail,
} as const;
