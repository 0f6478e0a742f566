import { TextField } from '../../../../components/ui/text-field';

/** A four-digit year; anything but digits is dropped as typed. */
export function YearField({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: number | null;
  onChange: (year: number | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      value={value === null ? '' : String(value)}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
        onChange(digits === '' ? null : Number(digits));
      }}
      error={error}
      disabled={disabled}
      placeholder="2026"
    />
  );
}
