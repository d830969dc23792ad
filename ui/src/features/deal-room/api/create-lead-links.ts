import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { LeadLinks } from './deal-room-types'

/** POST /api/future-service-interaction/{id}/links — staff: fresh signed links to the lead's deal room and customer page. */
export function createLeadLinks(leadId: number): Promise<LeadLinks> {
  return apiRequest<LeadLinks>(`/api/future-service-interaction/${encodeURIComponent(leadId)}/links`, { method: 'POST' })
}

export function useCreateLeadLinks() {
  return useMutation({ mutationFn: createLeadLinks })
}
