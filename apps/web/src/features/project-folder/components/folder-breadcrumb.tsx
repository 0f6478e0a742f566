import type { ProjectFolderDto } from '@music-review/core/project-folder';
import { ChevronRight } from 'lucide-react';

const crumbClasses =
  'rounded-sm font-medium text-link hover:underline focus-visible:ring-2 focus-visible:ring-ring';

/** The path from the top level to the open folder (`here`, null at the top), each step a way back. */
export function FolderBreadcrumb({
  trail,
  here,
  onOpen,
}: {
  trail: ProjectFolderDto[];
  here: string | null;
  onOpen: (folderId: string | null) => void;
}) {
  return (
    <nav aria-label="Folder path" className="flex flex-wrap items-center gap-1 text-sm">
      <button
        type="button"
        className={crumbClasses}
        onClick={() => onOpen(null)}
        aria-current={here === null ? 'page' : undefined}
      >
        Project folder
      </button>
      {trail.map((f) => (
        <span key={f.id} className="flex items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
          <button
            type="button"
            className={crumbClasses}
            onClick={() => onOpen(f.id)}
            aria-current={here === f.id ? 'page' : undefined}
          >
            {f.name}
          </button>
        </span>
      ))}
    </nav>
  );
}
