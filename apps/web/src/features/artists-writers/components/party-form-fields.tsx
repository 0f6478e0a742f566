import type { FieldErrors } from '@music-review/core/api-errors';
import {
  COMMON_PROS,
  PARTY_ROLE_LABELS,
  PARTY_ROLES,
  PARTY_TYPE_LABELS,
  PARTY_TYPES,
  type PartyType,
} from '@music-review/core/catalogue';
import { type ReactNode, useId } from 'react';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import type { PartyField, PartyFormValues } from '../lib/party-form';
import { PayeePicker } from './payee-picker';

export type SetPartyField = <K extends PartyField>(field: K, value: PartyFormValues[K]) => void;

/** What someone else saved in a field while this form was open (shown after a reload). */
export type TheirValues = Partial<Record<PartyField, string>>;

/**
 * Every field of a person, for "Add person" and the person page's edit: credited names, legal name,
 * type, roles, identifiers, society, country, contact and payee. Errors sit under their fields.
 */
export function PartyFormFields({
  values,
  set,
  errors,
  theirs = {},
  withNotes = false,
  twoColumns = false,
}: {
  values: PartyFormValues;
  set: SetPartyField;
  errors: FieldErrors;
  theirs?: TheirValues;
  withNotes?: boolean;
  /** Two columns from the small breakpoint on (the person page); one in a dialog. */
  twoColumns?: boolean;
}) {
  const wide = twoColumns ? 'sm:col-span-2' : undefined;
  const prosId = useId();
  const rolesErrorId = useId();
  /** A field's hint, with what someone else saved there meanwhile. */
  const hint = (field: PartyField, text?: string): ReactNode => {
    const saved = theirs[field];
    if (saved === undefined) return text;
    return (
      <>
        {text ? `${text} ` : null}
        <span className="font-medium text-warning">
          Saved meanwhile by someone else: {saved || '(empty)'}
        </span>
      </>
    );
  };
  const text = (field: Exclude<PartyField, 'roles' | 'payee' | 'party_type'>) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: errors[field],
  });

  return (
    <div className={cn('grid gap-4', twoColumns && 'sm:grid-cols-2')}>
      <TextField
        label="Name"
        required
        autoComplete="off"
        hint={hint('name', 'As credited on releases.')}
        className={wide}
        {...text('name')}
      />
      <TextAreaField
        label="Other credited names"
        rows={2}
        hint={hint('aliases', 'One per line: other spellings, former names, the name in another script.')}
        className={wide}
        {...text('aliases')}
      />
      <TextField label="Legal name" autoComplete="off" hint={hint('legal_name')} {...text('legal_name')} />
      <SelectField
        label="Type"
        value={values.party_type}
        onChange={(event) => set('party_type', event.target.value as PartyType)}
        error={errors.party_type}
        hint={hint('party_type')}
      >
        {PARTY_TYPES.map((type) => (
          <option key={type} value={type}>
            {PARTY_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <fieldset
        className={cn('flex flex-col gap-2', wide)}
        aria-describedby={errors.roles ? rolesErrorId : undefined}
      >
        <legend className="mb-1.5 text-sm font-medium text-foreground">Roles</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {PARTY_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm text-foreground">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={values.roles.includes(role)}
                onChange={(event) =>
                  set(
                    'roles',
                    event.target.checked ? [...values.roles, role] : values.roles.filter((r) => r !== role),
                  )
                }
              />
              {PARTY_ROLE_LABELS[role]}
            </label>
          ))}
        </div>
        {theirs.roles !== undefined ? (
          <p className="text-xs font-medium text-warning">
            Saved meanwhile by someone else: {theirs.roles || '(none)'}
          </p>
        ) : null}
        {errors.roles ? (
          <p id={rolesErrorId} role="alert" className="text-sm text-destructive">
            {errors.roles}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="ISNI"
        autoComplete="off"
        hint={hint('isni', '16 characters, like 0000 0001 2345 6789.')}
        {...text('isni')}
      />
      <TextField
        label="IPI/CAE"
        autoComplete="off"
        inputMode="numeric"
        hint={hint('ipi', 'The IPI name number: 9 to 11 digits.')}
        {...text('ipi')}
      />
      <TextField
        label="PRO"
        autoComplete="off"
        list={prosId}
        hint={hint('pro', 'The collecting society, like PRS or ASCAP.')}
        {...text('pro')}
      />
      <datalist id={prosId}>
        {COMMON_PROS.map((pro) => (
          <option key={pro} value={pro} />
        ))}
      </datalist>
      <TextField
        label="PRO member number"
        autoComplete="off"
        hint={hint('pro_member_number')}
        {...text('pro_member_number')}
      />
      <TextField
        label="Country"
        autoComplete="off"
        maxLength={2}
        hint={hint('country', 'The 2-letter code, like GB or JP.')}
        {...text('country')}
        onChange={(event) => set('country', event.target.value.toUpperCase())}
      />
      <TextField
        label="Contact email"
        type="email"
        autoComplete="off"
        hint={hint('email')}
        {...text('email')}
      />
      <div className={wide}>
        <PayeePicker value={values.payee} onChange={(payee) => set('payee', payee)} error={errors.payee} />
        {theirs.payee !== undefined ? (
          <p className="mt-1 text-xs font-medium text-warning">
            Saved meanwhile by someone else: {theirs.payee || 'No payee'}
          </p>
        ) : null}
      </div>
      {withNotes ? (
        <TextAreaField label="Notes" rows={3} hint={hint('notes')} className={wide} {...text('notes')} />
      ) : null}
    </div>
  );
}
