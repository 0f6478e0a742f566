import { type BrandingColorToken, type BrandingMode, normalizeHex } from '@music-review/core/branding';
import { memo, useId } from 'react';
import { cn } from '../../../lib/cn';

/**
 * One colour of one mode: a colour picker and its hex text, kept in step. The text is the value
 * (empty means the default, shown as the placeholder); an unfinished hex stays as typed.
 */
export const ColorField = memo(function ColorField({
  label,
  value,
  defaultValue,
  error,
  mode,
  token,
  onChange,
}: {
  /** e.g. "Primary (light)"; names the hex input, and the picker as "Pick …". */
  label: string;
  value: string;
  defaultValue: string;
  error?: string | undefined;
  mode: BrandingMode;
  token: BrandingColorToken;
  onChange: (mode: BrandingMode, token: BrandingColorToken, value: string) => void;
}) {
  const errorId = useId();
  const picked = normalizeHex(value) ?? defaultValue;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`Pick ${label}`}
          value={picked}
          onChange={(event) => onChange(mode, token, event.target.value)}
          className="h-9 w-10 shrink-0 cursor-pointer rounded-md border border-input bg-transparent p-0.5"
        />
        <input
          type="text"
          aria-label={label}
          value={value}
          placeholder={defaultValue}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(mode, token, event.target.value.trim())}
          className={cn(
            'h-9 w-28 min-w-0 rounded-lg border border-input bg-background px-2.5 font-mono text-xs text-foreground uppercase shadow-xs outline-none transition-[border-color,box-shadow]',
            'placeholder:text-muted-foreground/70 placeholder:normal-case focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
            'aria-invalid:border-destructive dark:bg-white/[0.03]',
          )}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
});
