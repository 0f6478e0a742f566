// Lints the API's OpenAPI document with Redocly's rules (redocly.yaml at the root: the recommended
// set, and a written reason beside each rule it changes). Part of `npm run lint`: an error fails it.
// Usage: npm run lint:openapi [-- --write <file>] (also writes the document, to read it or diff it)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BaseResolver, lintDocument, loadConfig, makeDocumentFromString } from '@redocly/openapi-core';
import { buildOpenApiDocument } from '../src/openapi-document.ts';

const ROOT = join(import.meta.dirname, '../../..');
const started = performance.now();
const document = await buildOpenApiDocument();
const source = JSON.stringify(document, null, 2);
const writeAt = process.argv.indexOf('--write');
if (writeAt !== -1 && process.argv[writeAt + 1]) writeFileSync(process.argv[writeAt + 1]!, `${source}\n`);

const config = await loadConfig({ configPath: join(ROOT, 'redocly.yaml') });
const problems = await lintDocument({
  document: makeDocumentFromString(source, '/api/v1/openapi.json'),
  config,
  externalRefResolver: new BaseResolver(),
});
const errors = problems.filter((p) => p.severity === 'error');
const warnings = problems.filter((p) => p.severity === 'warn');
const where = (p: (typeof problems)[number]) => p.location[0]?.pointer ?? '';
for (const p of [...errors, ...warnings]) {
  console.info(`${p.severity === 'error' ? 'error' : 'warning'} ${p.ruleId}: ${p.message} at ${where(p)}`);
}
const operations = Object.values((document.paths ?? {}) as Record<string, object>).reduce(
  (n, item) => n + Object.keys(item).length,
  0,
);
console.info(
  `OpenAPI (${operations} operations): ${errors.length} error(s), ${warnings.length} warning(s) from Redocly's rules in ${Math.round(performance.now() - started)} ms`,
);
if (errors.length > 0) process.exitCode = 1;
