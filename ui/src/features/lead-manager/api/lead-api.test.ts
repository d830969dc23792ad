import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { applyLeadCounts } from '../../../lib/message-events'
import { messageFixture } from '../../../test/message-fixture'
import { leadListQuery } from '../lead-search'
import { getLeads, type LeadPage, type LeadRow } from './get-leads'
import { patchLeadInPage, patchLeadRows } from './lead-cache'
import { leadKeys } from './lead-keys'
import { isNewMessageOffPage } from './live-leads'
import { forceStartWarning } from './start-conversation'

const row = (id: number, extra: Partial<LeadRow> = {}) =>
  ({ id, aiEnabled: true, totalUnreadCount: 0, totalInboundCount: 1, latestMessage: 'old', responseReqd: false, ...extra }) as LeadRow
const page = (...rows: LeadRow[]): LeadPage => ({ content: rows, page: 0, size: 500, totalElements: rows.length })

describe('patching cached lists', () => {
  it('changes only the row of the lead, and leaves pages without it as they are', () => {
    const shown = page(row(1), row(2))
    const patched = patchLeadInPage(shown, 2, (r) => ({ ...r, aiEnabled: false }))
    expect(patched?.content.map((r) => r.aiEnabled)).toEqual([true, false])
    expect(patched?.content[0]).toBe(shown.content[0])
    expect(patchLeadInPage(shown, 3, (r) => r)).toBe(shown)
    expect(patchLeadInPage(undefined, 3, (r) => r)).toBeUndefined()
  })

  it('lead counters from the live stream land in every cached list showing the lead', () => {
    const client = new QueryClient()
    const a = leadKeys.list(leadListQuery({}))
    const b = leadKeys.list(leadListQuery({ view: 'gi' }))
    client.setQueryData(a, page(row(1), row(2)))
    client.setQueryData(b, page(row(2)))
    const counts = { id: 2, totalUnreadCount: 3, latestMessage: 'new', lastMessageReceivedDate: '2026-11-22T15:00:00Z' }
    patchLeadRows(client, 2, (r) => applyLeadCounts(r, counts))
    for (const key of [a, b]) {
      expect(client.getQueryData<LeadPage>(key)?.content.find((r) => r.id === 2)).toMatchObject({
        totalUnreadCount: 3,
        latestMessage: 'new',
        lastMessageReceivedDate: '2026-11-22T15:00:00Z',
        totalInboundCount: 1,
      })
    }
  })
})

describe('isNewMessageOffPage', () => {
  const created = (leadId: number | undefined) => ({
    type: 'message.created' as const,
    message: messageFixture({ id: 1, direction: 'RECEIVED', jaguarFutureServiceInteractionId: leadId }),
  })

  it('is a new message of a lead the page does not show', () => {
    expect(isNewMessageOffPage(created(9), page(row(1)))).toBe(true)
    expect(isNewMessageOffPage(created(9), undefined)).toBe(true)
    expect(isNewMessageOffPage(created(1), page(row(1)))).toBe(false)
    expect(isNewMessageOffPage({ ...created(9), type: 'message.status' }, page(row(1)))).toBe(false)
    expect(isNewMessageOffPage(created(undefined), page(row(1)))).toBe(false)
  })
})

describe('forceStartWarning', () => {
  it("takes the server's text of the two answers that ask to confirm", () => {
    const text = 'An other interaction has been already initiated for this customer'
    expect(forceStartWarning(new ApiError(400, { message: text, errors: [text] }))).toBe(text)
    const contacted = 'The customer has already been contacted for OIL_CHANGE'
    expect(forceStartWarning(new ApiError(400, { message: contacted, errors: [contacted] }))).toBe(contacted)
    expect(forceStartWarning(new ApiError(400, { message: contacted }))).toBe(contacted)
  })

  it('is null for any other failure', () => {
    expect(forceStartWarning(new ApiError(400, { message: 'Invalid Number', errors: ['Invalid Number'] }))).toBeNull()
    expect(forceStartWarning(new ApiError(409, { message: 'The customer has already been contacted for X' }))).toBeNull()
    expect(forceStartWarning(new Error('boom'))).toBeNull()
  })
})

describe('the tracker', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("asks the tracker's path and gives each lead its milestones, like any list's rows", async () => {
    const milestones = { followUpsSent: 2, replies: 1, firstContactAt: '2026-11-20T15:00:00Z', minutesToFirstReply: 42 }
    const fetchMock = vi.fn(async () =>
      new Response(JSON.stringify({ content: [{ lead: row(7), milestones }], page: 0, size: 20, totalElements: 1 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const found = await getLeads(leadListQuery({ view: 'tracker' }))
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/future-service-interaction/leadManager/tracker')
    expect(found.content).toEqual([{ ...row(7), milestones }])
    expect(found.totalElements).toBe(1)
  })
})
