import { Link } from 'react-router';

/** A row's title, opening its drawer (a link: it can be opened in a new tab or bookmarked). */
export function TitleLink({ to, title, version }: { to: string; title: string; version?: string | null }) {
  return (
    <Link
      to={to}
      className="block max-w-72 truncate font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
    >
      {title}
      {version ? <span className="font-normal text-muted-foreground"> ({version})</span> : null}
    </Link>
  );
}

/** A code, or a quiet "Missing" where there is none. */
export function CodeCell({ code }: { code: string | null }) {
  return code ? (
    <span className="font-mono text-xs">{code}</span>
  ) : (
    <span className="text-xs font-medium text-warning">Missing</span>
  );
}
