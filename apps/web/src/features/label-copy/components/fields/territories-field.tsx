import { isCountryCode, type LabelCopyData, parseCountryList } from '@music-review/core/label-copy';
import { useEffect, useState } from 'react';
import { TextField } from '../../../../components/ui/text-field';

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** "Worldwide", or the country codes as typed, with the known countries' names as the hint. */
export function TerritoriesField({
  data,
  onChange,
  error,
  disabled,
}: {
  data: LabelCopyData;
  onChange: (patch: Partial<LabelCopyData>) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(data.territories.join(', '));
  useEffect(() => {
    setText((current) =>
      parseCountryList(current).join(',') === data.territories.join(',')
        ? current
        : data.territories.join(', '),
    );
  }, [data.territories]);
  const known = data.territories.filter(isCountryCode);
  return (
    <div className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm font-medium text-foreground">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={data.worldwide}
          disabled={disabled}
          onChange={(e) => onChange({ worldwide: e.target.checked })}
        />
        Worldwide
      </label>
      {data.worldwide ? null : (
        <TextField
          label="Country codes"
          value={text}
          placeholder="GB, IE, DE"
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            onChange({ territories: parseCountryList(e.target.value) });
          }}
          hint={
            known.length > 0
              ? known.map((code) => regionNames?.of(code) ?? code).join(', ')
              : 'Two-letter ISO codes, separated by commas'
          }
          error={error}
        />
      )}
    </div>
  );
}
