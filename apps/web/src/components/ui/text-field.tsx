import { Eye, EyeOff } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { cn } from '../../lib/cn';

export const inputClasses =
  'h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-sm text-foreground shadow-xs ' +
  'placeholder:text-muted-foreground/70 transition-[border-color,box-shadow] outline-none ' +
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25 dark:bg-white/[0.03]';

/** For a textarea: inputClasses, growing with its rows. */
export const textAreaClasses = cn(inputClasses, 'h-auto min-h-20 resize-y py-2 leading-relaxed');
/** For a select: inputClasses, with room for the arrow. */
export const selectClasses = cn(inputClasses, 'pr-8');

/** What a labelled control shares: its label, hint and error (the control says which id it has). */
interface FieldFrameProps {
  /** Visible label text. */
  label: string;
  /** Field error, announced when it appears. */
  error?: string | null;
  hint?: ReactNode;
  /** Shown on the label's line, at its end (a character counter, a link). */
  labelAside?: ReactNode;
  className?: string;
}

/** The ids of the hint and the error, for the control's aria-describedby. */
const describedByOf = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** The frame around a control: label (tied by id), the control, the hint, then the error. */
function FieldFrame({
  id,
  label,
  error,
  hint,
  labelAside,
  className,
  children,
}: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled control of the caller's making (a custom select or textarea): `children` gets the id
 * and the aria-describedby to put on it.
 */
export function Field({
  children,
  ...frame
}: FieldFrameProps & { children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  return (
    <FieldFrame id={id} {...frame}>
      {children(id, describedByOf(id, frame.hint, frame.error))}
    </FieldFrame>
  );
}

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

  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} labelAside={labelAside} className={className}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(id, hint, error)}
          className={cn(inputClasses, endAdornment ? 'pr-11' : undefined)}
          {...inputProps}
        />
        {endAdornment ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{endAdornment}</div>
        ) : null}
      </div>
    </FieldFrame>
  );
}

/** A labelled textarea (4 rows unless told); `controlClassName` adds to the textarea's classes. */
export function TextAreaField({
  label,
  labelAside,
  hint,
  error,
  className,
  controlClassName,
  rows = 4,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> &
  FieldFrameProps & { controlClassName?: string }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} labelAside={labelAside} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
        className={cn(textAreaClasses, controlClassName)}
        {...props}
      />
    </FieldFrame>
  );
}

/** A labelled native select; its options are the children. */
export function SelectField({
  label,
  labelAside,
  hint,
  error,
  className,
  children,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & FieldFrameProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} labelAside={labelAside} hint={hint} error={error} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
        className={selectClasses}
        {...props}
      >
        {children}
      </select>
    </FieldFrame>
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
