import type { PartyDto } from '@music-review/core/contracts/parties';
import { formatDateTime } from '../../lib/format';
import { RecordList, Section } from './person-sections';

type AuditEntry = PartyDto['audit'][number];

const ACTIONS: Record<string, string> = {
  create: 'Added',
  insert: 'Added',
  update: 'Edited',
  merge: 'Merged a duplicate into this person',
  import: 'Imported',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  aliases: 'Other credited names',
  legal_name: 'Legal name',
  party_type: 'Type',
  roles: 'Roles',
  isni: 'ISNI',
  ipi: 'IPI/CAE',
  pro: 'PRO',
  pro_member_number: 'PRO member number',
  country: 'Country',
  email: 'Contact email',
  notes: 'Notes',
  payee_id: 'Payee',
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One change as "Field: before → after" (the audit log keeps each change as [before, after]). */
function describeChange(field: string, change: unknown): string {
  const label = FIELD_LABELS[field] ?? field;
  if (field === 'payee_id') return `${label} changed`;
  if (Array.isArray(change) && change.length === 2)
    return `${label}: ${show(change[0])} → ${show(change[1])}`;
  return `${label}: ${show(change)}`;
}

function Entry({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes);
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      <p className="text-foreground">
        <span className="font-medium">{ACTIONS[entry.action] ?? entry.action}</span>
        <span className="text-muted-foreground">
          {' '}
          by {entry.by ?? 'the system'} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </span>
      </p>
      {entry.action !== 'create' && changes.length > 0 ? (
        <ul className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {changes.map(([field, change]) => (
            <li key={field}>{describeChange(field, change)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Who changed what on this person, newest first as the server lists it. */
export function PersonHistory({ party }: { party: PartyDto }) {
  return (
    <Section id="person-history" title="History">
      <RecordList
        label="Changes"
        items={party.audit}
        empty="No changes recorded yet."
        render={(entry, index) => ({ key: `${index}-${entry.at}`, content: <Entry entry={entry} /> })}
      />
    </Section>
  );
}
