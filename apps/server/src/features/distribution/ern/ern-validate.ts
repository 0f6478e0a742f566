// Validation of an ERN 4.3 message against DDEX's XSD (release-notification.xsd, which imports
// allowed-value-sets.xsd beside it), with libxml2 compiled to WebAssembly. Compiling the 3.5 MB of
// schema takes a few hundred milliseconds, so a validator compiles it once and is kept; each
// validation parses the message, checks it and frees the parsed document.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ErrorDetail, XmlDocument, XmlLibError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

export const ERN_SCHEMA_FILE = 'release-notification.xsd';

export interface ErnValidationError {
  /** 1-based line in the message; 0 when the parser gave none. */
  line: number;
  message: string;
  /** Where in the document, when libxml2 names the node (/ern:NewReleaseMessage/ResourceList/...). */
  path?: string;
}

export type ErnValidationResult = { valid: true } | { valid: false; errors: ErnValidationError[] };

export interface ErnValidator {
  /** Never throws: malformed XML comes back as invalid with the parser's errors. */
  validate(xml: string): ErnValidationResult;
  /** Frees the compiled schema; validate() may not be called afterwards. */
  dispose(): void;
}

let fsProvidersRegistered = false;

/** Compiles the schema in `schemaDir`; throws when it is missing or does not compile. */
export function createErnValidator(schemaDir: string): ErnValidator {
  if (!fsProvidersRegistered) {
    // Lets libxml2 read the imported allowed-value-sets.xsd from the disk.
    xmlRegisterFsInputProviders();
    fsProvidersRegistered = true;
  }
  const schemaPath = resolve(schemaDir, ERN_SCHEMA_FILE);
  if (!existsSync(schemaPath)) throw new Error(`DDEX ERN 4.3 schema not found at ${schemaPath}`);
  const schemaDoc = XmlDocument.fromString(readFileSync(schemaPath, 'utf8'), { url: schemaPath });
  let validator: XsdValidator;
  try {
    validator = XsdValidator.fromDoc(schemaDoc);
  } catch (error) {
    schemaDoc.dispose();
    throw error;
  }
  let disposed = false;

  return {
    validate(xml) {
      if (disposed) throw new Error('This ERN validator was disposed.');
      let doc: XmlDocument;
      try {
        doc = XmlDocument.fromString(xml);
      } catch (error) {
        return { valid: false, errors: toErrors(error) };
      }
      try {
        validator.validate(doc);
        return { valid: true };
      } catch (error) {
        return { valid: false, errors: toErrors(error) };
      } finally {
        doc.dispose();
      }
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      validator.dispose();
      schemaDoc.dispose();
    },
  };
}

function toErrors(error: unknown): ErnValidationError[] {
  if (error instanceof XmlLibError && error.details.length > 0) return error.details.map(toError);
  return [{ line: 0, message: error instanceof Error ? error.message : String(error) }];
}

function toError(detail: ErrorDetail): ErnValidationError {
  const error: ErnValidationError = { line: detail.line, message: detail.message.trim() };
  if (detail.xpath) error.path = detail.xpath;
  return error;
}

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../..');

/**
 * The first folder holding release-notification.xsd among DDEX_ERN43_SCHEMA_DIR, the shared folder
 * beside the repository and /work/shared/ddex/ern43; null when none does.
 */
export function locateErnSchemaDir(env: Record<string, string | undefined> = process.env): string | null {
  const candidates = [
    env.DDEX_ERN43_SCHEMA_DIR,
    join(REPOSITORY_ROOT, '../shared/ddex/ern43'),
    '/work/shared/ddex/ern43',
  ];
  for (const dir of candidates) {
    if (dir && existsSync(join(dir, ERN_SCHEMA_FILE))) return resolve(dir);
  }
  return null;
}
