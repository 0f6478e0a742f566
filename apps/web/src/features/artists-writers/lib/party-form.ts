import { type FieldErrors, fieldErrorsFrom } from '@music-review/core/api-errors';
import { PARTY_ROLES, type PartyRole, type PartyType } from '@music-review/core/catalogue';
import { createPartyBody, updatePartyBody } from '@music-review/core/catalogue-schemas';
import type { createParty, PartyDto, updateParty } from '@music-review/core/contracts/parties';
import type { BodyOf } from '@music-review/core/endpoint';

/** A person as the form holds it: text as typed, other credited names one per line. */
export interface PartyFormValues {
  name: string;
  aliases: string;
  legal_name: string;
  party_type: PartyType;
  roles: PartyRole[];
  isni: string;
  ipi: string;
  pro: string;
  pro_member_number: string;
  country: string;
  email: string;
  notes: string;
  payee: { id: string; name: string } | null;
}
export type PartyField = keyof PartyFormValues;

export function emptyPartyForm(roles: PartyRole[] = []): PartyFormValues {
  return {
    name: '',
    aliases: '',
    legal_name: '',
    party_type: 'person',
    roles,
    isni: '',
    ipi: '',
    pro: '',
    pro_member_number: '',
    country: '',
    email: '',
    notes: '',
    payee: null,
  };
}

export function partyFormFrom(party: PartyDto): PartyFormValues {
  return {
    name: party.name,
    aliases: party.aliases.join('\n'),
    legal_name: party.legal_name ?? '',
    party_type: party.party_type,
    roles: [...party.roles],
    isni: party.isni ?? '',
    ipi: party.ipi ?? '',
    pro: party.pro ?? '',
    pro_member_number: party.pro_member_number ?? '',
    country: party.country ?? '',
    email: party.email ?? '',
    notes: party.notes ?? '',
    payee: party.payee,
  };
}

/** Whether a field holds the same value in both (roles in any order, the payee by id). */
export function sameValue(field: PartyField, a: PartyFormValues, b: PartyFormValues): boolean {
  if (field === 'roles') return [...a.roles].sort().join() === [...b.roles].sort().join();
  if (field === 'payee') return (a.payee?.id ?? null) === (b.payee?.id ?? null);
  return a[field].trim() === b[field].trim();
}

export const PARTY_FIELDS = Object.keys(emptyPartyForm()) as PartyField[];

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What the API takes for one field. */
function bodyValue(field: PartyField, values: PartyFormValues): unknown {
  switch (field) {
    case 'aliases':
      return values.aliases
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    case 'roles':
      // In the contract's order, whatever order they were ticked in.
      return PARTY_ROLES.filter((role) => values.roles.includes(role));
    case 'payee':
      return values.payee?.id ?? null;
    case 'name':
    case 'party_type':
      return field === 'name' ? values.name.trim() : values.party_type;
    case 'country':
      return orNull(values.country.toUpperCase());
    default:
      return orNull(values[field]);
  }
}
const bodyKey = (field: PartyField) => (field === 'payee' ? 'payee_id' : field);

/** The form's field for an API path: 'aliases.2' -> 'aliases', 'payee_id' -> 'payee'. */
export function formFieldOf(path: string): string {
  if (path.startsWith('aliases')) return 'aliases';
  if (path === 'payee_id') return 'payee';
  return path;
}

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrorsFrom(issues))) {
    const field = formFieldOf(path);
    if (!(field in fields)) fields[field] = message;
  }
  return fields;
}

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/** "Add person": every field, checked with the API's own schema before anything is sent. */
export function checkNewParty(values: PartyFormValues): Checked<BodyOf<typeof createParty>> {
  const body = Object.fromEntries(PARTY_FIELDS.map((field) => [bodyKey(field), bodyValue(field, values)]));
  const checked = createPartyBody.safeParse(body);
  // The body as typed passed the API's schema: it is what the endpoint takes.
  return checked.success
    ? { ok: true, body: body as BodyOf<typeof createParty> }
    : { ok: false, errors: errorsOf(checked.error.issues) };
}

/**
 * An edit: only the fields changed since `base` (what the form started from), with the version it
 * was read at, so a field someone else changed meanwhile is not written back with its old value.
 */
export function checkPartyEdit(
  values: PartyFormValues,
  base: PartyFormValues,
  rowVersion: number,
): Checked<BodyOf<typeof updateParty>> {
  const changed = PARTY_FIELDS.filter((field) => !sameValue(field, values, base));
  const body: Record<string, unknown> = Object.fromEntries(
    changed.map((field) => [bodyKey(field), bodyValue(field, values)]),
  );
  body.row_version = rowVersion;
  const checked = updatePartyBody.safeParse(body);
  return checked.success
    ? { ok: true, body: body as BodyOf<typeof updateParty> }
    : { ok: false, errors: errorsOf(checked.error.issues) };
}
