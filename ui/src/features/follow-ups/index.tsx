/**
 * The follow-up screens (docs/follow-ups.md): a store's cadence editor, and the
 * automated runs by time zone (allowed hours, texts held for them, follow-ups due).
 */
export { AutomatedRunsScreen } from './components/automated-runs-screen'
export { FollowUpCadenceScreen } from './components/follow-up-cadence-screen'
