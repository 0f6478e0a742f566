/**
 * A readable cookie (nothing secret in it, path /) the server sets beside the httpOnly refresh cookie
 * and clears with it: the web app asks to restore a session on load only when it is there, so a
 * signed-out visit makes no refresh request that is sure to fail (decision 0014).
 */
export const SESSION_HINT_COOKIE = 'mr_session';

/** Whether a Cookie header / document.cookie text carries the hint. */
export function hasSessionHint(cookieText: string): boolean {
  return cookieText
    .split(';')
    .some(
      (part) =>
        part.trim().startsWith(`${SESSION_HINT_COOKIE}=`) && part.trim() !== `${SESSION_HINT_COOKIE}=`,
    );
}
