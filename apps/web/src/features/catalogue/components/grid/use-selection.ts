import { useState } from 'react';

export interface GridSelection<Row> {
  isSelected(id: string): boolean;
  toggle(row: Row, selected: boolean): void;
  /** Of the rows in view: 'all', 'some' or 'none' selected. */
  pageState: 'all' | 'some' | 'none';
  togglePage(selected: boolean): void;
}

const NONE = new Map<string, never>();

/**
 * The rows ticked in one view of the grid. A new search, filter or sort starts empty, so a bulk edit
 * never reaches rows the member can no longer see. The rows are kept (not just their ids) for the
 * dialogs that show them: "New release" lists their titles.
 */
export function useSelection<Row extends { id: string }>(scope: string, rowsInView: Row[]) {
  const [state, setState] = useState<{ scope: string; rows: ReadonlyMap<string, Row> }>({
    scope,
    rows: NONE,
  });
  const rows: ReadonlyMap<string, Row> = state.scope === scope ? state.rows : NONE;

  const change = (pick: (rows: Map<string, Row>) => void) =>
    setState((previous) => {
      const next = new Map(previous.scope === scope ? previous.rows : NONE);
      pick(next);
      return { scope, rows: next };
    });

  const selectedInView = rowsInView.filter((row) => rows.has(row.id)).length;
  const selection: GridSelection<Row> = {
    isSelected: (id) => rows.has(id),
    toggle: (row, selected) => change((next) => (selected ? next.set(row.id, row) : next.delete(row.id))),
    pageState: selectedInView === 0 ? 'none' : selectedInView === rowsInView.length ? 'all' : 'some',
    togglePage: (selected) =>
      change((next) => {
        for (const row of rowsInView) {
          if (selected) next.set(row.id, row);
          else next.delete(row.id);
        }
      }),
  };
  return {
    selection,
    selected: [...rows.values()],
    clear: () => setState({ scope, rows: NONE }),
  };
}
