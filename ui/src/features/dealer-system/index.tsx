/**
 * The Dealer system view (spec D-S4): one store's sales, closed and open
 * repair orders (with their lines) and the vehicle lookup, as the dealer
 * system sent them.
 */
export { DealerSystemScreen } from './components/dealer-system-screen'
