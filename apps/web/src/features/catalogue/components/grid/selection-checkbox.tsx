import { cn } from '../../../../lib/cn';

/** A native checkbox (keyboard and screen readers for free), optionally half-checked. */
export function SelectionCheckbox({
  label,
  checked,
  indeterminate = false,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.target.checked)}
      className={cn(
        'size-4 cursor-pointer rounded accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    />
  );
}
