import type { PhoneQuery } from './get-phones'

/** Query keys of the SMS simulator; everything under `['simulator']`. */
export const simulatorKeys = {
  all: ['simulator'] as const,
  phoneLists: () => ['simulator', 'phones'] as const,
  phones: (query: PhoneQuery) => ['simulator', 'phones', query] as const,
  threads: () => ['simulator', 'thread'] as const,
  thread: (customerId: number) => ['simulator', 'thread', customerId] as const,
  testTexts: () => ['simulator', 'test-texts'] as const,
}
