/** The e-mail outbox: what was mailed from the user's stores (issue 38). */
export { OutboxScreen, type OutboxScreenProps } from './components/outbox-screen'
