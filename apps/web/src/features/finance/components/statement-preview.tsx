import type { StatementAnalysisDto } from '../finance-types';

/** Rows shown from the file's start: enough to recognise it, few enough for a phone. */
const PREVIEW_ROWS = 5;

const DELIMITER_NAMES: Record<string, string> = {
  '\t': 'tabs',
  ',': 'commas',
  ';': 'semicolons',
  '|': 'vertical bars',
};

/** What the server found: the format, how the text was read (or which sheet), and the file inside a ZIP. */
export function StatementFacts({ analysis, fileName }: { analysis: StatementAnalysisDto; fileName: string }) {
  const facts: { term: string; value: string }[] = [{ term: 'File', value: fileName }];
  if (analysis.inner_name) facts.push({ term: 'Inside the ZIP', value: analysis.inner_name });
  facts.push({ term: 'Format', value: analysis.format === 'xlsx' ? 'Excel workbook' : 'Text (CSV)' });
  if (analysis.sheet_name) facts.push({ term: 'Sheet', value: analysis.sheet_name });
  if (analysis.encoding) facts.push({ term: 'Encoding', value: analysis.encoding });
  if (analysis.delimiter)
    facts.push({
      term: 'Columns separated by',
      value: DELIMITER_NAMES[analysis.delimiter] ?? `“${analysis.delimiter}”`,
    });
  facts.push({ term: 'Columns', value: analysis.headers.length.toLocaleString('en-US') });
  return (
    <dl aria-label="What was found" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map((fact) => (
        <div key={fact.term} className="contents">
          <dt className="text-muted-foreground">{fact.term}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The file's header row and first rows in a small box that scrolls both ways. */
export function StatementPreview({ analysis }: { analysis: StatementAnalysisDto }) {
  const rows = analysis.sample_rows.slice(0, PREVIEW_ROWS);
  const th = 'border-b border-border bg-muted px-2 py-1 text-left font-medium whitespace-nowrap';
  const td = 'border-b border-border px-2 py-1 whitespace-nowrap';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label="First rows, scrollable"
      className="max-h-48 shrink-0 overflow-auto rounded-lg border border-border outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="border-separate border-spacing-0 text-xs">
        <caption className="sr-only">The first rows of the file</caption>
        <thead className="sticky top-0 text-muted-foreground">
          <tr>
            {analysis.headers.map((header, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a header row may repeat a name
              <th key={index} scope="col" className={th}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the file's rows in order, never reordered
            <tr key={rowIndex}>
              {analysis.headers.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells in column order
                <td key={index} className={td}>
                  {row[index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
