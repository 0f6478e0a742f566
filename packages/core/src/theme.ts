/** Spec section 4 "Theme mode": dark unless the device stored otherwise, under the key 'theme'. */
export type ThemeMode = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'theme';

export function parseStoredTheme(value: string | null | undefined): ThemeMode {
  return value === 'light' ? 'light' : 'dark';
}
