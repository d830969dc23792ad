/**
 * The service-lane board (spec section F, docs in the screen's comment): a
 * store's appointments, open repair orders by status and closed orders as
 * lanes; cards move by drag and drop or the keyboard and arrive live.
 */
export { ServiceLaneScreen } from './components/service-lane-screen'
export type { LaneConversationProps } from './components/lane-drawer'
