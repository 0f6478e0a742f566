import type { LabelCopyCredits } from '@music-review/core/label-copy';
import { TextField } from '../../../../components/ui/text-field';
import { fieldGrid } from './form-section';
import { PerformerRows } from './performer-rows';

/** Producer, engineers and the performers. */
export function CreditsFields({
  credits,
  onChange,
  err,
  disabled,
}: {
  credits: LabelCopyCredits;
  onChange: (credits: LabelCopyCredits) => void;
  err: (path: string) => string | undefined;
  disabled: boolean;
}) {
  const setCredits = (patch: Partial<LabelCopyCredits>) => onChange({ ...credits, ...patch });
  return (
    <>
      <div className={fieldGrid}>
        <TextField
          label="Producer"
          value={credits.producer}
          onChange={(e) => setCredits({ producer: e.target.value })}
          error={err('credits.producer')}
          disabled={disabled}
        />
        <TextField
          label="Engineer"
          value={credits.engineer}
          onChange={(e) => setCredits({ engineer: e.target.value })}
          disabled={disabled}
        />
        <TextField
          label="Mixer"
          value={credits.mixer}
          onChange={(e) => setCredits({ mixer: e.target.value })}
          disabled={disabled}
        />
        <TextField
          label="Mastering engineer"
          value={credits.mastering_engineer}
          onChange={(e) => setCredits({ mastering_engineer: e.target.value })}
          disabled={disabled}
        />
      </div>
      <PerformerRows
        performers={credits.performers}
        onChange={(performers) => setCredits({ performers })}
        err={err}
        disabled={disabled}
      />
    </>
  );
}
