import type { CatalogueTab } from '@music-review/core/catalogue';
import { type CatalogueView, viewKey } from '../catalogue-view';

/**
 * The catalogue's cache keys, all under 'catalogue', so a change announced over realtime refreshes
 * whatever of it is on screen with one invalidation.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  lists: (tab: CatalogueTab) => ['catalogue', 'list', tab] as const,
  page: (view: CatalogueView, pageIndex: number) =>
    ['catalogue', 'list', view.tab, viewKey(view), pageIndex] as const,
  recording: (id: string) => ['catalogue', 'recording', id] as const,
  lineage: (id: string) => ['catalogue', 'recording', id, 'lineage'] as const,
  release: (id: string) => ['catalogue', 'release', id] as const,
  work: (id: string) => ['catalogue', 'work', id] as const,
  attention: ['catalogue', 'attention'] as const,
  settings: ['catalogue', 'settings'] as const,
  views: ['catalogue', 'views'] as const,
  picker: (kind: string, q: string) => ['catalogue', 'picker', kind, q] as const,
  party: (id: string) => ['catalogue', 'party', id] as const,
};
