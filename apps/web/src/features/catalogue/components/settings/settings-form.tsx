import { catalogueSettingsBody } from '@music-review/core/catalogue-schemas';
import type { CatalogueSettingsDto } from '@music-review/core/contracts/catalogue';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { useUpdateCatalogueSettings } from '../../api/update-catalogue-settings';
import { issuesByField, isVersionConflict, serverFields, textOrNull } from '../../form-values';
import { ConflictAlert } from '../shared/conflict-alert';

interface SettingsValues {
  isrc_prefix: string;
  label_name: string;
  default_p_owner: string;
  default_c_owner: string;
  ddex_dpid: string;
}

const valuesOf = (settings: CatalogueSettingsDto): SettingsValues => ({
  isrc_prefix: settings.isrc_prefix ?? '',
  label_name: settings.label_name ?? '',
  default_p_owner: settings.default_p_owner ?? '',
  default_c_owner: settings.default_c_owner ?? '',
  ddex_dpid: settings.ddex_dpid ?? '',
});

/** The label's codes and names (admins), checked as typed: the ISRC prefix, default owners, DDEX id. */
export function SettingsForm({
  settings,
  reload,
}: {
  settings: CatalogueSettingsDto;
  /** The newest settings from the server. */
  reload: () => Promise<CatalogueSettingsDto | undefined>;
}) {
  const update = useUpdateCatalogueSettings();
  const [base, setBase] = useState(() => valuesOf(settings));
  const [values, setValues] = useState(base);
  const [version, setVersion] = useState(settings.row_version);
  const [isReloading, setIsReloading] = useState(false);

  // After a 409: the newest settings, keeping what the admin changed.
  const onReload = async () => {
    setIsReloading(true);
    const newest = await reload();
    setIsReloading(false);
    if (!newest) return;
    const next = valuesOf(newest);
    setValues((current) => {
      const merged = { ...next };
      for (const key of Object.keys(next) as (keyof SettingsValues)[])
        if (current[key] !== base[key]) merged[key] = current[key];
      return merged;
    });
    setBase(next);
    setVersion(newest.row_version);
    update.reset();
  };
  const checked = catalogueSettingsBody.safeParse({
    isrc_prefix: values.isrc_prefix.trim(),
    label_name: textOrNull(values.label_name),
    default_p_owner: textOrNull(values.default_p_owner),
    default_c_owner: textOrNull(values.default_c_owner),
    ddex_dpid: textOrNull(values.ddex_dpid.toUpperCase()),
    row_version: version,
  });
  const errors = { ...(checked.success ? {} : issuesByField(checked.error)), ...serverFields(update.error) };
  const change = (patch: Partial<SettingsValues>) => {
    if (update.isError) update.reset();
    setValues((previous) => ({ ...previous, ...patch }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.success) return;
    update.mutate(checked.data, {
      onSuccess: (saved) => {
        setBase(valuesOf(saved));
        setValues(valuesOf(saved));
        setVersion(saved.row_version);
        toast.success('Catalogue settings saved');
      },
    });
  };
  const field = (name: keyof SettingsValues, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => change({ [name]: event.target.value })}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('isrc_prefix', 'ISRC prefix', {
          placeholder: 'GB-ABC',
          hint: 'Country code and registrant code',
        })}
        {field('label_name', 'Label name')}
        {field('default_p_owner', 'Default P-line owner')}
        {field('default_c_owner', 'Default C-line owner')}
        {field('ddex_dpid', 'DDEX party id', { placeholder: 'PADPIDA2014120301U' })}
      </div>
      {update.isError && isVersionConflict(update.error) ? (
        <ConflictAlert onReload={() => void onReload()} isReloading={isReloading} />
      ) : update.isError && Object.keys(serverFields(update.error)).length === 0 ? (
        <Alert>{update.error.message}</Alert>
      ) : null}
      <Button type="submit" className="self-end" isLoading={update.isPending}>
        Save settings
      </Button>
    </form>
  );
}
