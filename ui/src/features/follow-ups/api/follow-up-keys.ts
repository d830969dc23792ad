/** Query keys of the follow-up screens; everything under `['follow-ups']`. */
export const followUpKeys = {
  all: ['follow-ups'] as const,
  cadence: (storeId: number) => ['follow-ups', 'cadence', storeId] as const,
  zoneRuns: () => ['follow-ups', 'zone-runs'] as const,
}
