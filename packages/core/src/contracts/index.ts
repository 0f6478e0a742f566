/**
 * Every contract module, by its file name in camelCase (`label-copy.ts` -> `labelCopy`): the web
 * build reads the declarations from here to replace each module with its method, path and
 * operationId (apps/web/vite.config.ts), and the OpenAPI checks list them. A new module is added
 * here; a test fails when one is missing.
 */

export * as analytics from './analytics.ts';
export * as analyticsAr from './analytics-ar.ts';
export * as analyticsIncome from './analytics-income.ts';
export * as assets from './assets.ts';
export * as auth from './auth.ts';
export * as branding from './branding.ts';
export * as calls from './calls.ts';
export * as catalogue from './catalogue.ts';
export * as catalogueCsv from './catalogue-csv.ts';
export * as contracts from './contracts.ts';
export * as devMailbox from './dev-mailbox.ts';
export * as distribution from './distribution.ts';
export * as feedback from './feedback.ts';
export * as hub from './hub.ts';
export * as jobs from './jobs.ts';
export * as labelCopy from './label-copy.ts';
export * as marketing from './marketing.ts';
export * as messages from './messages.ts';
export * as metadataForms from './metadata-forms.ts';
export * as notifications from './notifications.ts';
export * as organizations from './organizations.ts';
export * as overview from './overview.ts';
export * as parties from './parties.ts';
export * as presence from './presence.ts';
export * as profile from './profile.ts';
export * as projectFolder from './project-folder.ts';
export * as reviews from './reviews.ts';
export * as revisions from './revisions.ts';
export * as royalties from './royalties.ts';
export * as royaltyStatements from './royalty-statements.ts';
export * as search from './search.ts';
export * as signedSongs from './signed-songs.ts';
export * as songs from './songs.ts';
export * as storage from './storage.ts';
export * as team from './team.ts';
export * as trackViewers from './track-viewers.ts';
