import { PARTY_ROLE_LABELS, type PartyRole } from '@music-review/core/catalogue';
import type { RecordingRowDto } from '@music-review/core/contracts/catalogue';
import { useRef } from 'react';
import { useApiClient } from '../../../../lib/api-context';
import { searchParties } from '../../api/list-parties';
import { searchPayees } from '../../api/list-payees';
import { fetchRecordings } from '../../api/list-recordings';
import { fetchWorks } from '../../api/list-works';
import { type PickerOption, SearchCombobox, type SearchComboboxProps } from './search-combobox';

type PickerProps = Omit<SearchComboboxProps, 'kind' | 'search'>;

/** Picks a person (party) of the label, optionally of one role (artists, writers, publishers). */
export function PartyPicker({ partyRole, ...props }: PickerProps & { partyRole?: PartyRole }) {
  const api = useApiClient();
  return (
    <SearchCombobox
      {...props}
      kind={`parties:${partyRole ?? 'any'}`}
      search={async (q, signal): Promise<PickerOption[]> =>
        (await searchParties(api, q, partyRole, signal)).map((party) => ({
          id: party.id,
          label: party.name,
          detail: [
            party.roles.map((r) => PARTY_ROLE_LABELS[r]).join(', '),
            party.ipi ? `IPI ${party.ipi}` : '',
          ]
            .filter(Boolean)
            .join(' · '),
        }))
      }
    />
  );
}

/** Picks a payee (the legal entity a master share is paid to). */
export function PayeePicker(props: PickerProps) {
  const api = useApiClient();
  return (
    <SearchCombobox
      {...props}
      kind="payees"
      search={async (q, signal): Promise<PickerOption[]> =>
        (await searchPayees(api, q, signal)).map((payee) => ({
          id: payee.id,
          label: payee.name,
          detail: payee.currency,
        }))
      }
    />
  );
}

/** Picks a work (composition) of the label by its title or ISWC. */
export function WorkPicker(props: PickerProps) {
  const api = useApiClient();
  return (
    <SearchCombobox
      {...props}
      kind="works"
      search={async (q, signal): Promise<PickerOption[]> =>
        (
          await fetchWorks(api, { ...(q ? { q } : {}), sort: 'title', dir: 'asc', limit: 10 }, signal)
        ).rows.map((work) => ({
          id: work.id,
          label: work.title,
          detail: [work.iswc, work.writers].filter(Boolean).join(' · '),
        }))
      }
    />
  );
}

/**
 * Adds a recording, found by its title, artist or ISRC (a release's tracks): `onPick` gets its row,
 * and the box empties for the next one.
 */
export function RecordingPicker({
  onPick,
  ...props
}: Omit<PickerProps, 'value' | 'onChange'> & { onPick: (recording: RecordingRowDto) => void }) {
  const api = useApiClient();
  const found = useRef(new Map<string, RecordingRowDto>());
  return (
    <SearchCombobox
      {...props}
      value={null}
      onChange={(option) => {
        const recording = option ? found.current.get(option.id) : undefined;
        if (recording) onPick(recording);
      }}
      kind="recordings"
      search={async (q, signal): Promise<PickerOption[]> => {
        const { rows } = await fetchRecordings(
          api,
          { ...(q ? { q } : {}), sort: 'title', dir: 'asc', limit: 10 },
          signal,
        );
        for (const row of rows) found.current.set(row.id, row);
        return rows.map((recording) => ({
          id: recording.id,
          label: recording.version ? `${recording.title} (${recording.version})` : recording.title,
          detail: [recording.display_artist, recording.isrc ?? 'No ISRC'].join(' · '),
        }));
      }}
    />
  );
}
