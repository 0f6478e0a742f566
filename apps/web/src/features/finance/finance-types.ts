/** The finance API's answers as the web uses them, inferred from the contracts (never retyped). */
import type {
  analyseStatement,
  getFinanceSummary,
  listStatementImports,
  listStatementLines,
  listUnmatched,
  resolveUnmatched,
  startStatementImport,
} from '@music-review/core/contracts/royalties';
import type { BodyOf, ResponseOf } from '@music-review/core/endpoint';

export type FinanceSummaryDto = ResponseOf<typeof getFinanceSummary>;
/** An amount in one currency: `net` is an exact decimal string. */
export type MoneyDto = FinanceSummaryDto['income'][number];

export type ImportDto = ResponseOf<typeof listStatementImports>['rows'][number];
export type BadLineDto = ImportDto['bad_lines'][number];

export type StatementAnalysisDto = ResponseOf<typeof analyseStatement>;
export type ColumnMappingDto = StatementAnalysisDto['mapping'];
export type StartImportBody = BodyOf<typeof startStatementImport>;

export type UnmatchedListDto = ResponseOf<typeof listUnmatched>;
export type UnmatchedGroupDto = UnmatchedListDto['rows'][number];
export type CatalogueTargetDto = NonNullable<UnmatchedGroupDto['suggestion']>;
export type ResolutionDto = BodyOf<typeof resolveUnmatched>['items'][number];

export type StatementLineDto = ResponseOf<typeof listStatementLines>['rows'][number];
