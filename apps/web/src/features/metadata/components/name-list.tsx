import { METADATA_LIMITS, type MetadataFieldErrors } from '@music-review/core/metadata-forms';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { FieldError } from './field-error';

/** A list of names (primary, featured artists, remixers): one box each, add and remove. */
export function NameList({
  label,
  singular,
  values,
  onChange,
  error,
  errors,
  path,
  placeholder,
}: {
  label: string;
  singular: string;
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
  errors: MetadataFieldErrors;
  path: string;
  placeholder?: string;
}) {
  const id = useId();
  const shown = values.length === 0 ? [''] : values;
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend id={`${id}-label`} className="mb-1.5 text-sm font-medium text-foreground">
        {label}
      </legend>
      <ul className="flex flex-col gap-2">
        {shown.map((value, index) => {
          const itemError = errors[`${path}.${index}`];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and removed by index
            <li key={index} className="flex items-start gap-2">
              <input
                aria-label={`${singular} ${index + 1}`}
                value={value}
                placeholder={placeholder}
                maxLength={METADATA_LIMITS.text}
                aria-invalid={itemError || (error && index === 0) ? true : undefined}
                className={inputClasses}
                onChange={(event) => {
                  const next = [...shown];
                  next[index] = event.target.value;
                  onChange(next);
                }}
              />
              {shown.length > 1 || value ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${singular.toLowerCase()} ${index + 1}`}
                  onClick={() => onChange(shown.filter((_, i) => i !== index))}
                >
                  <X aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-error`} message={error} />
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => onChange([...shown, ''])}
        disabled={shown.length >= METADATA_LIMITS.names}
      >
        <Plus aria-hidden="true" />
        Add {singular.toLowerCase()}
      </Button>
    </fieldset>
  );
}
