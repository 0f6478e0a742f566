/**
 * Every contract module, by its file name in camelCase (`label-copy.ts` -> `labelCopy`): the web
 * build reads the declarations from here to replace each module with its method, path and
 * operationId (apps/web/vite.config.ts), and the OpenAPI checks list them. A new module is added
 * here; a test fails when one is missing.
 */
export * as reviews from './reviews.ts';
