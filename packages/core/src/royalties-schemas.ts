/**
 * Bodies of the finance API checked at the boundary (contracts/royalties.ts) and in the web's forms.
 */
import { columnMappingSchema } from './royalty-sources.ts';

/** core royalty-sources ColumnMapping, checked at the boundary. */
export const columnMapping = columnMappingSchema;
