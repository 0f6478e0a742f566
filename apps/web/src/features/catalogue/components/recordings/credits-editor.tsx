import type { FieldErrors } from '@music-review/core/api-errors';
import {
  RECORDING_ARTIST_ROLE_LABELS,
  RECORDING_ARTIST_ROLES,
  type RecordingArtistRole,
} from '@music-review/core/catalogue';
import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/text-field';
import { paths } from '../../../../config/paths';
import { PartyPicker } from '../shared/pickers';
import type { CreditValue } from './recording-form';

/** The recording's credited artists (primary, featured, remixer, producer), each linked to their page. */
export function CreditsEditor({
  credits,
  errors,
  onChange,
}: {
  credits: CreditValue[];
  errors: FieldErrors;
  onChange: (credits: CreditValue[]) => void;
}) {
  const update = (index: number, patch: Partial<CreditValue>) =>
    onChange(credits.map((credit, i) => (i === index ? { ...credit, ...patch } : credit)));
  return (
    <div className="flex flex-col gap-3">
      {credits.length === 0 ? (
        <p className="text-sm text-muted-foreground">No artists credited yet.</p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {credits.map((credit, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a new row has no id yet
          <li key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_11rem_auto]">
            <PartyPicker
              label={`Artist ${index + 1}`}
              partyRole="artist"
              value={credit.party}
              onChange={(party) => update(index, { party })}
              error={errors[`artists.${index}.party_id`]}
            />
            <SelectField
              label={`Role of artist ${index + 1}`}
              value={credit.role}
              onChange={(event) => update(index, { role: event.target.value as RecordingArtistRole })}
            >
              {RECORDING_ARTIST_ROLES.map((role) => (
                <option key={role} value={role}>
                  {RECORDING_ARTIST_ROLE_LABELS[role]}
                </option>
              ))}
            </SelectField>
            <div className="flex gap-1">
              {credit.party ? (
                <Link
                  to={paths.person.href(credit.party.id)}
                  aria-label={`${credit.party.label}: person page`}
                  className="inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <ExternalLink aria-hidden="true" className="size-4" />
                </Link>
              ) : null}
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove artist ${index + 1}`}
                onClick={() => onChange(credits.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() =>
          onChange([...credits, { party: null, role: credits.length === 0 ? 'primary' : 'featured' }])
        }
      >
        <Plus aria-hidden="true" />
        Add artist
      </Button>
    </div>
  );
}
