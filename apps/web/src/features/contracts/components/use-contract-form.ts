import { type FieldErrors, fieldErrorsFrom, withoutFieldPath } from '@music-review/core/api-errors';
import {
  CONTRACT_MESSAGES,
  type ContractDto,
  type ContractTerms,
  contractTermsSchema,
  type GenerateContractBody,
  writersShareTotal,
} from '@music-review/core/contracts';
import { type FormEvent, useState } from 'react';
import { serverFieldErrors } from '../../../lib/api-client';
import { useSaveContract } from '../api/save-contract';

/** A party or writer being edited; `key` keeps React's rows stable while the list changes. */
export interface TermsRow {
  key: number;
  name: string;
  role: string;
  email: string;
  share: string;
}

export type RowList = 'parties' | 'writers';

let nextKey = 1;
const row = (values: Partial<TermsRow> = {}): TermsRow => ({
  key: nextKey++,
  name: '',
  role: '',
  email: '',
  share: '',
  ...values,
});
const today = () => new Date().toISOString().slice(0, 10);

function initial(
  song: { title: string; artist: string },
  contract: ContractDto | null,
  labelName: string,
  labelEmail: string,
) {
  const terms = contract?.terms;
  return {
    templateId:
      contract?.template_id ?? (contract ? `default-${contract.kind}` : 'default-recording_agreement'),
    title: contract?.title ?? `Recording agreement: ${song.title}`,
    artist: terms?.artist_name ?? song.artist,
    term: terms?.term ?? '3 years',
    territory: terms?.territory ?? 'Worldwide',
    royalty: terms ? String(terms.royalty_rate) : '18',
    advance: terms ? String(terms.advance_cents / 100) : '0',
    currency: terms?.currency ?? 'EUR',
    effectiveDate: terms?.effective_date ?? today(),
    parties: terms
      ? terms.parties.map((p) => row(p))
      : [
          row({ name: labelName, role: 'Label', email: labelEmail }),
          row({ name: song.artist, role: 'Artist' }),
        ],
    writers: terms
      ? terms.writers.map((w) => row({ name: w.name, share: String(w.share) }))
      : [row({ name: song.artist, share: '100' })],
  };
}

export type ContractFormValues = ReturnType<typeof initial>;
export type SetContractField = <K extends keyof ContractFormValues>(
  key: K,
  value: ContractFormValues[K],
) => void;

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

/** The schema's problems keyed by field path (core's rule); one about the whole form under ''. */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const whole = issues.find((issue) => issue.path.length === 0);
  return { ...(whole ? { '': whole.message } : {}), ...fieldErrorsFrom(issues) };
}

const PLACED = new Set([
  'title',
  'artist_name',
  'term',
  'territory',
  'royalty_rate',
  'effective_date',
  'advance_cents',
  'currency',
  'writers',
]);

/** Whether a field path has a field on screen to show its message beside. */
function isPlacedField(key: string, parties: number, writers: number): boolean {
  if (PLACED.has(key)) return true;
  const row = /^(parties|writers)\.(\d+)\.(name|role|email|share)$/.exec(key);
  if (!row) return false;
  return Number(row[2]) < (row[1] === 'parties' ? parties : writers);
}

/**
 * The generator's state: the form, its problems by field, the writers' total and the submit, which
 * checks the terms here first and then saves the contract (new or the draft being edited).
 */
export function useContractForm({
  songId,
  song,
  labelName,
  labelEmail,
  contract,
  onSaved,
  onClose,
}: {
  songId: string;
  song: { title: string; artist: string };
  labelName: string;
  labelEmail: string;
  contract: ContractDto | null;
  onSaved: (contract: ContractDto) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState(() => initial(song, contract, labelName, labelEmail));
  // Problems by field path ('title', 'territory', 'parties.1.email', 'writers.0.share', 'writers'),
  // shown beside their fields; what names no field on screen goes in the alert at the bottom.
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveContract(songId);
  const set: SetContractField = (key, value) => setForm((f) => ({ ...f, [key]: value }));
  const setRow = (list: RowList, key: number, patch: Partial<TermsRow>) =>
    setForm((f) => ({ ...f, [list]: f[list].map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
  const addRow = (list: RowList) => set(list, [...form[list], row()]);
  const removeRow = (list: RowList, key: number) =>
    set(
      list,
      form[list].filter((x) => x.key !== key),
    );

  const unplaced = Object.entries(errors)
    .filter(([key]) => !isPlacedField(key, form.parties.length, form.writers.length))
    .map(([, message]) => message);

  const shares = form.writers.map((w) => toNumber(w.share));
  const total = writersShareTotal(shares.map((s) => (Number.isFinite(s) ? s : 0)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const terms: ContractTerms = {
      parties: form.parties.map((p) => ({ name: p.name, role: p.role, email: p.email })),
      artist_name: form.artist,
      term: form.term,
      territory: form.territory,
      royalty_rate: toNumber(form.royalty),
      advance_cents: Math.round(toNumber(form.advance) * 100),
      currency: form.currency,
      writers: form.writers.map((w) => ({ name: w.name, share: toNumber(w.share) })),
      effective_date: form.effectiveDate,
    };
    const checked = contractTermsSchema.safeParse(terms);
    const found = checked.success ? {} : issuesToErrors(checked.error.issues);
    if (!form.title.trim()) found.title = withoutFieldPath(CONTRACT_MESSAGES.title, 'title');
    if (!checked.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const body: GenerateContractBody = {
      template_id: form.templateId,
      title: form.title,
      terms: checked.data,
    };
    try {
      const saved = await save.mutateAsync({ id: contract?.id ?? null, body });
      onSaved(saved);
      onClose();
    } catch (e) {
      const message = e instanceof Error ? e.message : 'The contract could not be saved. Please try again.';
      // The server names each field at fault; its terms are this form's fields.
      const fields = serverFieldErrors(e, (path) => path.replace(/^terms\./, ''));
      setErrors(Object.keys(fields).length > 0 ? fields : { '': message });
    }
  };

  return {
    form,
    errors,
    unplaced,
    total,
    set,
    setRow,
    addRow,
    removeRow,
    submit,
    isSaving: save.isPending,
  };
}
