import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { cn } from '../../lib/cn';

export const inputClasses =
  'h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-sm text-foreground shadow-xs ' +
  'placeholder:text-muted-foreground/70 transition-[border-color,box-shadow] outline-none ' +
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25 dark:bg-white/[0.03]';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Visible label text. */
  label: string;
  /** Field error, announced when it appears. */
  error?: string | null;
  hint?: ReactNode;
  /** Shown on the label's line, at its end (a character counter, a link). */
  labelAside?: ReactNode;
  /** Inside the input, at its end (a show-password button). */
  endAdornment?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  error,
  hint,
  labelAside,
  endAdornment,
  id: givenId,
  className,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClasses, endAdornment ? 'pr-11' : undefined)}
          {...inputProps}
        />
        {endAdornment ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{endAdornment}</div>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide button. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          onClick={() => setIsVisible((v) => !v)}
          aria-pressed={isVisible}
          className="flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          {/* Named by its text, not aria-label, so "Password" label look-ups find only the input. */}
          <span className="sr-only">Show password</span>
          {isVisible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      }
    />
  );
}
