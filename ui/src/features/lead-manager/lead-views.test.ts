import { describe, expect, it } from 'vitest'
import { buildLeadSearchBody, leadListQuery, shownSort } from './lead-search'
import { DEFAULT_LEAD_VIEW, LEAD_VIEW_IDS, LEAD_VIEWS, leadView } from './lead-views'

describe('the lead views', () => {
  it('are the four tabs of the spec plus GI 0, and the other lists in a menu', () => {
    expect(LEAD_VIEWS.filter((v) => v.tab).map((v) => v.label)).toEqual(['Lead Manager', 'GI', 'GI 0', 'Contact later', 'Follow up'])
    expect(LEAD_VIEWS.filter((v) => !v.tab).map((v) => v.label)).toEqual([
      'No response',
      'At risk',
      'First interaction',
      'TCPA / SMS opt-out',
      'GM handoff',
      'Archived',
      'E-mail follow up',
      'Smart follow up',
      'Open RO',
      'Appointment reminders',
      'Follow-up failure',
      'Tracker',
      'Automated',
    ])
    expect(new Set(LEAD_VIEW_IDS).size).toBe(LEAD_VIEWS.length)
    expect(new Set(LEAD_VIEWS.map((v) => v.path)).size).toBe(LEAD_VIEWS.length)
  })

  it('call the documented list paths', () => {
    const path = (id: string) => LEAD_VIEWS.find((v) => v.id === id)?.path
    expect(path('lead-manager')).toBe('/api/future-service-interaction/custom-search')
    expect(path('gi')).toBe('/api/lisa/custom-search/gi')
    expect(path('gi0')).toBe('/api/future-service-interaction/gi0')
    expect(path('contact-later')).toBe('/api/future-service-interaction/contact-later-lm2-search')
    expect(path('follow-up')).toBe('/api/future-service-interaction/followup')
    expect(path('follow-up-failure')).toBe('/api/lisa/followup-failure/v2')
    expect(path('smart-follow-up')).toBe('/api/lisa/custom-search/follow-up')
  })

  it('fall back to the Lead Manager view', () => {
    expect(DEFAULT_LEAD_VIEW).toBe('lead-manager')
    expect(leadView(undefined).id).toBe('lead-manager')
    expect(leadView('gi').label).toBe('GI')
  })
})

describe('a view and the URL make the request', () => {
  it('the default: the Lead Manager list, first page of 500, nothing narrowed', () => {
    expect(leadListQuery({})).toEqual({ view: 'lead-manager', page: 0, size: 500, body: {} })
  })

  it("each view adds what it always sends and drops the filters it does not take", () => {
    expect(leadListQuery({ view: 'contact-later', page: 2, size: 50 })).toEqual({
      view: 'contact-later',
      page: 2,
      size: 50,
      body: { contactLaterScreen: true },
    })
    const reminders = leadView('appointment-reminders')
    expect(buildLeadSearchBody({ serviceType: ['OIL_CHANGE'], search: 'Flores' }, reminders)).toEqual({ searchText: 'Flores' })
  })

  it("the server's own order shows on the headers until the user picks one", () => {
    expect(shownSort({})).toEqual({ id: 'lastMessage', desc: true })
    expect(shownSort({ view: 'gi' })).toEqual({ id: 'lastMessageReceivedDate', desc: true })
    expect(shownSort({ view: 'first-interaction' })).toEqual({ id: 'plannedDate', desc: false })
    expect(shownSort({ view: 'follow-up' })).toBeUndefined()
    expect(shownSort({ view: 'gi', sortBy: 'customerName', sortDirection: 'ASC' })).toEqual({ id: 'customerName', desc: false })
    expect(shownSort({ view: 'first-interaction', sortBy: 'plannedDate' })).toEqual({ id: 'plannedDate', desc: false })
    // The sort is sent only when picked: otherwise the list's own order applies.
    expect(leadListQuery({ view: 'gi' }).body.sortBy).toBeUndefined()
  })
})
