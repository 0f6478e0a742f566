import { cn } from '../../../lib/cn';

/** A native checkbox (keyboard, forms and screen readers for free), optionally half-checked. */
export function SelectionCheckbox({
  id,
  label,
  checked,
  indeterminate = false,
  onChange,
  className,
}: {
  id?: string;
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <input
      id={id}
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.target.checked)}
      className={cn('size-4 cursor-pointer rounded accent-primary', className)}
    />
  );
}
