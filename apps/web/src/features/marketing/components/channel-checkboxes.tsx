import { MARKETING_CHANNELS } from '@music-review/core/marketing';

/** A checkbox for each standard marketing channel (for inside a fieldset with its legend). */
export function ChannelCheckboxes({
  selected,
  onToggle,
}: {
  selected: readonly string[];
  onToggle: (channel: string) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-x-3 gap-y-1.5 sm:grid-cols-2">
      {MARKETING_CHANNELS.map((channel) => (
        <label key={channel} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={selected.includes(channel)}
            onChange={() => onToggle(channel)}
          />
          {channel}
        </label>
      ))}
    </div>
  );
}
