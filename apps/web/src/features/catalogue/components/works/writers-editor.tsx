import type { FieldErrors } from '@music-review/core/api-errors';
import { WRITER_ROLE_LABELS, WRITER_ROLES, type WriterRole } from '@music-review/core/metadata-forms';
import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextField } from '../../../../components/ui/text-field';
import { paths } from '../../../../config/paths';
import { PartyPicker } from '../shared/pickers';
import { ShareTotal } from '../shared/share-total';
import type { WriterValue } from './work-form';

/** The work's writers: person, role, share and publisher, with the live total (exactly 100%). */
export function WritersEditor({
  writers,
  errors,
  onChange,
}: {
  writers: WriterValue[];
  errors: FieldErrors;
  onChange: (writers: WriterValue[]) => void;
}) {
  const update = (index: number, patch: Partial<WriterValue>) =>
    onChange(writers.map((writer, i) => (i === index ? { ...writer, ...patch } : writer)));
  return (
    <div className="flex flex-col gap-3">
      {writers.length === 0 ? <p className="text-sm text-muted-foreground">No writers yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {writers.map((writer, index) => {
          const n = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a new row has no id yet
            <li key={index} className="flex flex-col gap-3 rounded-lg border border-border p-3">
              <div className="grid items-end gap-2 sm:grid-cols-[1fr_12rem]">
                <PartyPicker
                  label={`Writer ${n}`}
                  partyRole="writer"
                  value={writer.party}
                  onChange={(party) => update(index, { party, ipi: undefined, pro: undefined })}
                  error={errors[`writers.${index}.party_id`]}
                />
                <SelectField
                  label={`Role of writer ${n}`}
                  value={writer.role}
                  onChange={(event) => update(index, { role: event.target.value as WriterRole })}
                >
                  {WRITER_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {WRITER_ROLE_LABELS[role]}
                    </option>
                  ))}
                </SelectField>
              </div>
              <div className="grid items-end gap-2 sm:grid-cols-[8rem_1fr_auto]">
                <TextField
                  label="Share (%)"
                  aria-label={`Share (%) of writer ${n}`}
                  inputMode="decimal"
                  value={writer.share}
                  onChange={(event) => update(index, { share: event.target.value })}
                  error={errors[`writers.${index}.share`]}
                />
                <PartyPicker
                  label={`Publisher of writer ${n}`}
                  partyRole="publisher"
                  placeholder="None"
                  value={writer.publisher}
                  onChange={(publisher) => update(index, { publisher })}
                />
                <div className="flex gap-1">
                  {writer.party ? (
                    <Link
                      to={paths.person.href(writer.party.id)}
                      aria-label={`${writer.party.label}: person page`}
                      className="inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <ExternalLink aria-hidden="true" className="size-4" />
                    </Link>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove writer ${n}`}
                    onClick={() => onChange(writers.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
              {writer.party && writer.ipi !== undefined ? (
                <p className="flex flex-wrap gap-1 text-xs">
                  {writer.ipi ? <Badge>IPI {writer.ipi}</Badge> : <Badge variant="warning">No IPI</Badge>}
                  {writer.pro ? <Badge>{writer.pro}</Badge> : <Badge variant="warning">No PRO</Badge>}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            onChange([...writers, { party: null, role: 'composer_lyricist', share: '', publisher: null }])
          }
        >
          <Plus aria-hidden="true" />
          Add writer
        </Button>
        {writers.length > 0 ? (
          <ShareTotal shares={writers.map((writer) => Number(writer.share || Number.NaN))} />
        ) : null}
      </div>
      {errors.writers ? <Alert>{errors.writers}</Alert> : null}
    </div>
  );
}
