import { type FieldErrors, fieldErrorsFrom, withoutFieldPath } from '@music-review/core/api-errors';
import {
  CONTRACT_KIND_LABELS,
  CONTRACT_MESSAGES,
  type ContractDto,
  type ContractTerms,
  contractTermsSchema,
  type GenerateContractBody,
  writersShareTotal,
} from '@music-review/core/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useContractTemplates, useSaveContract } from '../api/contracts-api';

interface Row {
  key: number;
  name: string;
  role: string;
  email: string;
  share: string;
}

let nextKey = 1;
const row = (values: Partial<Row> = {}): Row => ({
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

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

/** The generator (and a draft's editor): template, title, terms and the writers' shares. */
/** "Master license (standard)", not "… (standard) (Master license)": the kind only when the name lacks it. */
function templateOptionLabel(t: { name: string; kind: keyof typeof CONTRACT_KIND_LABELS; builtin: boolean }) {
  const kind = CONTRACT_KIND_LABELS[t.kind];
  const withKind = t.name.toLowerCase().includes(kind.toLowerCase()) ? t.name : `${t.name} (${kind})`;
  return t.builtin ? withKind : `${withKind} · yours`;
}

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

export function GenerateContractDialog({
  open,
  onClose,
  songId,
  song,
  labelName,
  labelEmail,
  contract,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  songId: string;
  song: { title: string; artist: string };
  labelName: string;
  /** Prefilled as the label party's email. */
  labelEmail: string;
  /** A draft to edit; null to generate a new contract. */
  contract: ContractDto | null;
  onSaved: (contract: ContractDto) => void;
}) {
  const [form, setForm] = useState(() => initial(song, contract, labelName, labelEmail));
  // Problems by field path ('title', 'territory', 'parties.1.email', 'writers.0.share', 'writers'),
  // shown beside their fields; what names no field on screen goes in the alert at the bottom.
  const [errors, setErrors] = useState<FieldErrors>({});
  const templates = useContractTemplates();
  const save = useSaveContract(songId);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setRow = (list: 'parties' | 'writers', key: number, patch: Partial<Row>) =>
    setForm((f) => ({ ...f, [list]: f[list].map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  const unplaced = Object.entries(errors)
    .filter(([key]) => !isPlacedField(key, form.parties.length, form.writers.length))
    .map(([, message]) => message);

  const shares = form.writers.map((w) => toNumber(w.share));
  const total = writersShareTotal(shares.map((s) => (Number.isFinite(s) ? s : 0)));
  const totalOk = total === 100;

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

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={contract ? 'Edit draft contract' : 'Generate contract'}
      description={`For "${song.title}" by ${song.artist}. The text is filled in from the template; you can preview it before sending.`}
    >
      <form
        onSubmit={submit}
        noValidate
        className="-mx-1 flex max-h-[65vh] flex-col gap-4 overflow-y-auto px-1"
      >
        <SelectField
          label="Template"
          value={form.templateId}
          onChange={(e) => set('templateId', e.target.value)}
        >
          {(templates.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {templateOptionLabel(t)}
            </option>
          ))}
          {templates.data ? null : <option value={form.templateId}>Loading templates…</option>}
        </SelectField>
        <TextField
          label="Title"
          error={errors.title}
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
          maxLength={200}
        />
        <TextField
          label="Artist"
          error={errors.artist_name}
          value={form.artist}
          onChange={(e) => set('artist', e.target.value)}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Term"
            error={errors.term}
            value={form.term}
            onChange={(e) => set('term', e.target.value)}
            placeholder="3 years"
          />
          <TextField
            label="Territory"
            error={errors.territory}
            value={form.territory}
            onChange={(e) => set('territory', e.target.value)}
            placeholder="Worldwide"
          />
          <TextField
            label="Royalty rate (%)"
            error={errors.royalty_rate}
            inputMode="decimal"
            value={form.royalty}
            onChange={(e) => set('royalty', e.target.value)}
          />
          <TextField
            label="Effective date"
            error={errors.effective_date}
            type="date"
            value={form.effectiveDate}
            onChange={(e) => set('effectiveDate', e.target.value)}
          />
          <TextField
            label="Advance"
            error={errors.advance_cents}
            inputMode="decimal"
            value={form.advance}
            onChange={(e) => set('advance', e.target.value)}
          />
          <TextField
            label="Currency"
            error={errors.currency}
            value={form.currency}
            maxLength={3}
            onChange={(e) => set('currency', e.target.value.toUpperCase())}
          />
        </div>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">Parties</legend>
          {form.parties.map((p, i) => (
            <div key={p.key} className="grid grid-cols-2 gap-2 rounded-lg border border-border p-3">
              <TextField
                label={`Party ${i + 1} name`}
                error={errors[`parties.${i}.name`]}
                value={p.name}
                onChange={(e) => setRow('parties', p.key, { name: e.target.value })}
              />
              <TextField
                label={`Party ${i + 1} role`}
                error={errors[`parties.${i}.role`]}
                value={p.role}
                onChange={(e) => setRow('parties', p.key, { role: e.target.value })}
              />
              <TextField
                className="col-span-2"
                label={`Party ${i + 1} email`}
                error={errors[`parties.${i}.email`]}
                type="email"
                value={p.email}
                onChange={(e) => setRow('parties', p.key, { email: e.target.value })}
              />
              {form.parties.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="col-span-2 justify-self-start"
                  onClick={() =>
                    set(
                      'parties',
                      form.parties.filter((x) => x.key !== p.key),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" />
                  Remove party {i + 1}
                </Button>
              ) : null}
            </div>
          ))}
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => set('parties', [...form.parties, row()])}
          >
            <Plus aria-hidden="true" />
            Add party
          </Button>
        </fieldset>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold">Writers’ shares</legend>
          {form.writers.map((w, i) => (
            <div key={w.key} className="flex items-end gap-2">
              <TextField
                className="flex-1"
                label={`Writer ${i + 1} name`}
                error={errors[`writers.${i}.name`]}
                value={w.name}
                onChange={(e) => setRow('writers', w.key, { name: e.target.value })}
              />
              <TextField
                className="w-24"
                label={`Writer ${i + 1} share (%)`}
                error={errors[`writers.${i}.share`]}
                inputMode="decimal"
                value={w.share}
                onChange={(e) => setRow('writers', w.key, { share: e.target.value })}
              />
              {form.writers.length > 1 ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove writer ${i + 1}`}
                  onClick={() =>
                    set(
                      'writers',
                      form.writers.filter((x) => x.key !== w.key),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          ))}
          <div className="flex items-center justify-between gap-2">
            <Button variant="outline" size="sm" onClick={() => set('writers', [...form.writers, row()])}>
              <Plus aria-hidden="true" />
              Add writer
            </Button>
            <p
              aria-live="polite"
              className={cn('text-sm font-medium', totalOk ? 'text-success' : 'text-destructive')}
            >
              Total: {total}%{totalOk ? '' : ' (must be 100%)'}
            </p>
          </div>
          {errors.writers ? <p className="text-sm text-destructive">{errors.writers}</p> : null}
        </fieldset>

        {unplaced.length > 0 ? (
          <Alert>
            {unplaced.length === 1 ? (
              unplaced[0]
            ) : (
              <ul className="list-disc pl-4">
                {unplaced.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </Alert>
        ) : Object.keys(errors).length > 0 ? (
          <Alert>Some fields need fixing: see the messages above.</Alert>
        ) : null}
        <div className="sticky bottom-0 flex justify-end gap-2 bg-popover pt-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={save.isPending}>
            {contract ? 'Save draft' : 'Generate contract'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
