/**
 * Query keys of the Administration screens. Everything of one enterprise sits
 * under `['admin', enterpriseId]`, so a change invalidates its lists and its
 * audit log at once.
 */
export const adminKeys = {
  all: ['admin'] as const,
  enterprise: (enterpriseId: number) => ['admin', enterpriseId] as const,
  bocs: (enterpriseId: number) => ['admin', enterpriseId, 'bocs'] as const,
  stores: (enterpriseId: number) => ['admin', enterpriseId, 'stores'] as const,
  users: (enterpriseId: number) => ['admin', enterpriseId, 'users'] as const,
  unmapped: (enterpriseId: number) => ['admin', enterpriseId, 'unmapped'] as const,
  leadForms: (enterpriseId: number) => ['admin', enterpriseId, 'lead-forms'] as const,
  userPage: (enterpriseId: number, query: { page: number; size: number; search: string }) =>
    ['admin', enterpriseId, 'users', query] as const,
  audit: (enterpriseId: number) => ['admin', enterpriseId, 'audit'] as const,
  auditPage: (enterpriseId: number, query: { page: number; size: number; entity: string }) =>
    ['admin', enterpriseId, 'audit', query] as const,
  gateway: (enterpriseId: number, storeId: number) => ['admin', enterpriseId, 'telephony', storeId, 'gateway'] as const,
  ownedNumbers: (enterpriseId: number, storeId: number) => ['admin', enterpriseId, 'telephony', storeId, 'numbers'] as const,
  assistants: (enterpriseId: number) => ['admin', enterpriseId, 'assistants'] as const,
  developerFiles: (enterpriseId: number, kind: 'aiva' | 'tpl') => ['admin', enterpriseId, 'developer', kind] as const,
  developerLog: (enterpriseId: number, storeId: number) => ['admin', enterpriseId, 'developer', 'log', storeId] as const,
  settings: (enterpriseId: number) => ['admin', enterpriseId, 'settings'] as const,
  chatConfiguration: (enterpriseId: number) => ['admin', enterpriseId, 'chat'] as const,
  vehicleRecords: (enterpriseId: number) => ['admin', enterpriseId, 'vehicle-records'] as const,
  vehicleRecordPage: (enterpriseId: number, query: { kind: string; storeId: number; page: number; size: number }) =>
    ['admin', enterpriseId, 'vehicle-records', query] as const,
  vehicleLookup: (enterpriseId: number, query: { bocId: number; storeId: number; text: string; page: number; size: number }) =>
    ['admin', enterpriseId, 'vehicle-lookup', query] as const,
  brands: () => ['admin', 'brands'] as const,
  timeZones: () => ['admin', 'time-zones'] as const,
}
