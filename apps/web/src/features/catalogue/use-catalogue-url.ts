import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CataloguePanel,
  type CatalogueView,
  PANEL_PARAM,
  PANELS,
  parseView,
  RECORD_PARAMS,
  type RecordKind,
  toSearchParams,
} from './catalogue-view';

/**
 * The catalogue page's state in the URL: the view (tab, search, filters, sort), the record whose
 * drawer is open and the open panel. Every change is a history entry, so Back undoes it.
 */
export function useCatalogueUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseView(searchParams), [searchParams]);

  const updateView = useCallback(
    (patch: Partial<CatalogueView>) =>
      setSearchParams((previous) => toSearchParams({ ...parseView(previous), ...patch }, previous)),
    [setSearchParams],
  );

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      }),
    [setSearchParams],
  );

  const open = {
    recording: searchParams.get(RECORD_PARAMS.recordings),
    release: searchParams.get(RECORD_PARAMS.releases),
    work: searchParams.get(RECORD_PARAMS.works),
  };
  const panelParam = searchParams.get(PANEL_PARAM);
  const panel = (PANELS as readonly string[]).includes(panelParam ?? '')
    ? (panelParam as CataloguePanel)
    : null;

  return {
    view,
    updateView,
    open,
    panel,
    /** Opens a record's drawer over the current view. */
    openRecord: (kind: RecordKind, id: string) => setParam(RECORD_PARAMS[kind], id),
    closeRecord: (kind: RecordKind) => setParam(RECORD_PARAMS[kind], null),
    openPanel: (name: CataloguePanel) => setParam(PANEL_PARAM, name),
    closePanel: () => setParam(PANEL_PARAM, null),
    /** The search string that opens a record's drawer over the current view (for links). */
    recordSearch: (kind: RecordKind, id: string) => {
      const next = new URLSearchParams(searchParams);
      next.set(RECORD_PARAMS[kind], id);
      return `?${next.toString()}`;
    },
  };
}
