import { useId } from 'react';
import { cn } from '../../../lib/cn';

/** "Enable branding": whether the label's members see the branding or the default look. */
export function BrandingEnabledSwitch({
  isEnabled,
  onChange,
}: {
  isEnabled: boolean;
  onChange: (isEnabled: boolean) => void;
}) {
  const labelId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col gap-1">
        <span id={labelId} className="text-sm font-medium text-foreground">
          Enable branding
        </span>
        <span className="text-sm text-muted-foreground">
          When on, everyone in your label sees these settings. When off, the default look is used.
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isEnabled}
        aria-labelledby={labelId}
        onClick={() => onChange(!isEnabled)}
        className={cn(
          'relative mt-0.5 h-6 w-11 shrink-0 rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
          isEnabled ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'absolute top-0.5 size-5 rounded-full bg-white shadow transition-[left]',
            isEnabled ? 'left-[1.375rem]' : 'left-0.5',
          )}
        />
      </button>
    </div>
  );
}
