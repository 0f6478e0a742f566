import { formatDateTime, formatShare } from './format';

export interface SplitVersion {
  version: number;
  changed_at: string;
  changed_by: string | null;
  shares: { id: string; name: string; share: number; role?: string }[];
}

/** Every version of a split, newest first: who changed it, when, and the shares it held. */
export function SplitHistory({
  versions,
  roleLabel,
}: {
  versions: SplitVersion[];
  roleLabel?: (role: string) => string;
}) {
  if (versions.length === 0) return <p className="text-sm text-muted-foreground">No earlier versions.</p>;
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <ol className="flex flex-col gap-2" aria-label="Split history">
      {newestFirst.map((version) => (
        <li key={version.version} className="rounded-lg border border-border p-3 text-sm">
          <p className="font-medium text-foreground">
            Version {version.version}
            <span className="font-normal text-muted-foreground">
              {' '}
              · {version.changed_by ?? 'System'} ·{' '}
              <time dateTime={version.changed_at}>{formatDateTime(version.changed_at)}</time>
            </span>
          </p>
          <ul className="mt-1 text-muted-foreground">
            {version.shares.map((share) => (
              <li key={`${share.id}-${share.role ?? ''}`}>
                {share.name}
                {share.role ? ` (${roleLabel ? roleLabel(share.role) : share.role})` : ''}:{' '}
                {formatShare(share.share)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
