import { useMe } from '../../../../lib/me';
import { useCatalogueSettings } from '../../api/get-catalogue-settings';
import { DrawerSection } from '../shared/drawer-section';
import { Panel } from '../shared/panel';
import { RecordState } from '../shared/record-state';
import { SettingsForm } from './settings-form';
import { UpcRangeForm } from './upc-range-form';

function Detail({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium text-foreground">{value === null || value === '' ? 'Not set' : value}</dd>
    </div>
  );
}

/**
 * The catalogue's settings: the ISRC prefix and the next ISRC "Assign ISRC" gives, the label name,
 * default P- and C-line owners, the DDEX party id, and the UPC pool ("Add codes"). Admins change
 * them; members see them.
 */
export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const settings = useCatalogueSettings();
  const me = useMe();
  const isAdmin = me.data?.reviewer?.is_admin === true;
  const data = settings.data;
  return (
    <Panel
      open
      onClose={onClose}
      title="Catalogue settings"
      description={
        isAdmin ? 'The codes the label assigns and the names it prints.' : 'Only admins can change these.'
      }
    >
      {!data ? (
        <RecordState error={settings.error} onRetry={() => void settings.refetch()} noun="settings" />
      ) : (
        <div className="flex flex-col gap-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Detail label="Next ISRC" value={data.next_isrc} />
            {isAdmin ? null : (
              <>
                <Detail label="ISRC prefix" value={data.isrc_prefix} />
                <Detail label="Label name" value={data.label_name} />
                <Detail label="Default P-line owner" value={data.default_p_owner} />
                <Detail label="Default C-line owner" value={data.default_c_owner} />
                <Detail label="DDEX party id" value={data.ddex_dpid} />
              </>
            )}
          </dl>
          {isAdmin ? (
            <SettingsForm settings={data} reload={async () => (await settings.refetch()).data} />
          ) : null}
          <DrawerSection title="UPC pool">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <Detail label="Codes in the pool" value={data.upc_pool.total} />
              <Detail label="Free" value={data.upc_pool.free} />
              <Detail label="Next UPC" value={data.upc_pool.next} />
            </dl>
            {isAdmin ? <UpcRangeForm /> : null}
          </DrawerSection>
        </div>
      )}
    </Panel>
  );
}
