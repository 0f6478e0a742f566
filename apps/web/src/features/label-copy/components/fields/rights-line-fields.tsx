import { TextField } from '../../../../components/ui/text-field';
import type { SectionProps } from './form-section';
import { YearField } from './year-field';

/** A P-line or C-line: its year and owner, with the line as it will print under the owner. */
export function RightsLineFields({
  line,
  symbol,
  data,
  set,
  err,
  disabled,
}: SectionProps & {
  line: 'p_line' | 'c_line';
  symbol: '℗' | '©';
}) {
  const value = data[line];
  const name = line === 'p_line' ? 'P-line' : 'C-line';
  return (
    <>
      <YearField
        label={`${name} year`}
        value={value.year}
        onChange={(year) => set({ [line]: { ...value, year } })}
        error={err(`${line}.year`) ?? err(line)}
        disabled={disabled}
      />
      <TextField
        label={`${name} owner`}
        value={value.owner}
        onChange={(e) => set({ [line]: { ...value, owner: e.target.value } })}
        error={err(`${line}.owner`)}
        disabled={disabled}
        hint={value.owner ? `${symbol} ${value.year ?? ''} ${value.owner}` : undefined}
      />
    </>
  );
}
