import { formatDuration, parseDuration } from '@music-review/core/label-copy';
import { useEffect, useState } from 'react';
import { TextField } from '../../../../components/ui/text-field';

/** m:ss as typed; the number of seconds reaches the draft once the text is a duration. */
export function DurationField({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: number | null;
  onChange: (seconds: number | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(formatDuration(value));
  const [isInvalid, setIsInvalid] = useState(false);
  useEffect(() => {
    setText((current) => (parseDuration(current) === value ? current : formatDuration(value)));
  }, [value]);
  return (
    <TextField
      label={label}
      value={text}
      placeholder="3:25"
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const seconds = next.trim() === '' ? null : parseDuration(next);
        setIsInvalid(seconds === null && next.trim() !== '');
        if (seconds !== null || next.trim() === '') onChange(seconds);
      }}
      error={isInvalid ? 'Type the duration as minutes:seconds, like 3:25' : error}
      disabled={disabled}
    />
  );
}
