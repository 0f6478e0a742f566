/**
 * What the signed-in shell (app/shell) uses of the branding feature. Kept apart from index.ts, which
 * carries page components: without the bundler's tree-shaking (dev server, tests) importing the
 * index loads all of them, and the shell loads with every signed-in page and in every test's setup.
 */
export { BrandedLogo } from './components/branded-logo';
export { OrganizationBranding } from './components/organization-branding';
