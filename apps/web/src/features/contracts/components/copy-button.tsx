import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** Copies a link; says so for a moment. `label` names the button for screen readers and tests. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setFailed(false);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={copy} aria-label={label}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : failed ? 'Select and copy' : 'Copy link'}
    </Button>
  );
}

/** A link the label passes on: the address itself (selectable) and a copy button. */
export function LinkRow({ who, url, label }: { who: string; url: string; label: string }) {
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border border-border p-3">
      <p className="text-sm font-medium">{who}</p>
      <div className="flex items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label={`${label} address`}
          onFocus={(e) => e.currentTarget.select()}
          className="h-8 min-w-0 flex-1 rounded-md border border-input bg-muted px-2 text-xs text-muted-foreground"
        />
        <CopyButton value={url} label={label} />
      </div>
    </div>
  );
}
