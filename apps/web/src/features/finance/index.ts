/** The finance feature's public surface: what other features use. */
export { isPlanRequired, PlanRequired } from './components/plan-required';
