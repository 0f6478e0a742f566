/** The profile feature's public surface: what other features and the app use. */
export { AccountSection } from './components/account-section';
export { MfaSection } from './components/mfa-section';
export { PasswordSection } from './components/password-section';
export { SessionsSection } from './components/sessions-section';
export { TeamAdmin } from './components/team-admin';
