import { PRESENCE_STATUS_LABELS, PRESENCE_STATUSES, type PresenceStatus } from '@music-review/core/presence';
import { Check } from 'lucide-react';
import { StatusDot } from './status-dot';

/** The user menu's status choice (Online, Away, Offline) as menu radio items. */
export function StatusChoice({
  value,
  onChange,
  itemClassName,
}: {
  value: PresenceStatus;
  onChange: (status: PresenceStatus) => void;
  itemClassName: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a menu's sections are ARIA groups; a fieldset is not allowed in a menu
    <div role="group" aria-label="Status" className="flex flex-col gap-0.5">
      <p aria-hidden="true" className="px-2.5 pt-1 pb-0.5 text-xs font-medium text-muted-foreground">
        Status
      </p>
      {PRESENCE_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          role="menuitemradio"
          aria-checked={value === status}
          tabIndex={-1}
          onClick={() => onChange(status)}
          className={itemClassName}
        >
          <StatusDot status={status} className="mx-1" />
          <span className="flex-1">{PRESENCE_STATUS_LABELS[status]}</span>
          {value === status ? <Check aria-hidden="true" /> : null}
        </button>
      ))}
    </div>
  );
}
