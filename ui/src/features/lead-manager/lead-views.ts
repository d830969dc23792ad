/**
 * The lead manager's views: one entry per lead list of docs/lead-lists.md.
 * Every view is the same table over a different `POST <path>?page=&size=`;
 * the entry says what is different.
 */
import type { LeadSearchBody, LeadSortKey } from './lead-search'

export interface LeadSort {
  sortBy: LeadSortKey
  desc: boolean
}

export interface LeadView {
  /** In the URL (`?view=`). */
  id: string
  label: string
  /** What the list holds, for the tab's tooltip (the spec's short labels, GI and GI 0, say little). */
  description?: string
  /** The list call (POST). */
  path: string
  /** Tabs are always shown; the rest are under "More lists". */
  tab: boolean
  /**
   * The server's own order for the list, shown on the column headers while
   * the user has not picked one. Absent when that order is by a date no column
   * shows (contact-later date, follow-up time, appointment time).
   */
  defaultSort?: LeadSort
  /** The date the list's date range applies to (docs/lead-lists.md). */
  dateMeaning: string
  /** Sent with every search of this view. */
  extraBody?: Partial<LeadSearchBody>
  /** Filters the list does not take: they are not sent and their inputs are disabled. */
  omit?: readonly ('serviceTypes' | 'startDate')[]
  /** Each lead comes with its milestones (the tracker), shown in their own columns. */
  tracked?: boolean
}

const FSI = '/api/future-service-interaction'
const LISA = '/api/lisa'

const LAST_MESSAGE_FIRST: LeadSort = { sortBy: 'lastMessage', desc: true }
const LAST_REPLY_FIRST: LeadSort = { sortBy: 'lastMessageReceivedDate', desc: true }
const PLANNED_SOONEST: LeadSort = { sortBy: 'plannedDate', desc: false }

export const LEAD_VIEWS = [
  { id: 'lead-manager', label: 'Lead Manager', path: `${FSI}/custom-search`, tab: true, defaultSort: LAST_MESSAGE_FIRST, dateMeaning: 'last message' },
  { id: 'gi', label: 'GI', description: 'Global inbox: every lead whose customer has written', path: `${LISA}/custom-search/gi`, tab: true, defaultSort: LAST_REPLY_FIRST, dateMeaning: 'last customer message' },
  { id: 'gi0', label: 'GI 0', description: 'Global inbox zero: leads with customer messages nobody has read', path: `${FSI}/gi0`, tab: true, defaultSort: LAST_REPLY_FIRST, dateMeaning: 'last customer message' },
  {
    id: 'contact-later',
    label: 'Contact later',
    path: `${FSI}/contact-later-lm2-search`,
    tab: true,
    dateMeaning: 'contact-later date',
    extraBody: { contactLaterScreen: true },
  },
  { id: 'follow-up', label: 'Follow up', path: `${FSI}/followup`, tab: true, dateMeaning: 'follow-up time' },
  { id: 'no-response', label: 'No response', path: `${FSI}/nraa-search`, tab: false, defaultSort: LAST_MESSAGE_FIRST, dateMeaning: 'last message' },
  { id: 'at-risk', label: 'At risk', path: `${FSI}/lead-at-risk`, tab: false, defaultSort: LAST_REPLY_FIRST, dateMeaning: 'last customer message' },
  { id: 'first-interaction', label: 'First interaction', path: `${FSI}/first-interaction`, tab: false, defaultSort: PLANNED_SOONEST, dateMeaning: 'created' },
  { id: 'opt-out', label: 'TCPA / SMS opt-out', path: `${FSI}/tcpa-search`, tab: false, defaultSort: LAST_MESSAGE_FIRST, dateMeaning: 'last message' },
  { id: 'gm-handoff', label: 'GM handoff', path: `${FSI}/gmhandoff`, tab: false, defaultSort: LAST_MESSAGE_FIRST, dateMeaning: 'last message' },
  { id: 'archived', label: 'Archived', path: `${FSI}/archived-screen`, tab: false, defaultSort: LAST_MESSAGE_FIRST, dateMeaning: 'last message' },
  { id: 'email-follow-up', label: 'E-mail follow up', path: `${FSI}/email/follow-up`, tab: false, dateMeaning: 'follow-up time' },
  { id: 'smart-follow-up', label: 'Smart follow up', description: 'Customers who answered, then went quiet on our last message for a day or more: nothing booked', path: `${LISA}/custom-search/follow-up`, tab: false, defaultSort: LAST_REPLY_FIRST, dateMeaning: 'last customer message' },
  { id: 'open-ro', label: 'Open RO', path: `${FSI}/openro/v2/custom-search`, tab: false, defaultSort: LAST_MESSAGE_FIRST, dateMeaning: 'last message' },
  {
    id: 'appointment-reminders',
    label: 'Appointment reminders',
    path: `${FSI}/appt-reminder-list`,
    tab: false,
    dateMeaning: 'appointment time',
    // Spec section 7: the reminder list is called without service types.
    omit: ['serviceTypes'],
  },
  { id: 'follow-up-failure', label: 'Follow-up failure', path: `${LISA}/followup-failure/v2`, tab: false, defaultSort: LAST_MESSAGE_FIRST, dateMeaning: 'last message' },
  {
    id: 'tracker',
    label: 'Tracker',
    description: "Each conversation's outreach: first contact, follow-ups sent, replies and the visit booked",
    path: `${FSI}/leadManager/tracker`,
    tab: false,
    defaultSort: LAST_MESSAGE_FIRST,
    dateMeaning: 'last message',
    tracked: true,
  },
  { id: 'automated', label: 'Automated', path: `${LISA}/custom-search/automated/lead-manager`, tab: false, defaultSort: LAST_MESSAGE_FIRST, dateMeaning: 'last message' },
] as const satisfies readonly LeadView[]

export type LeadViewId = (typeof LEAD_VIEWS)[number]['id']

export const LEAD_VIEW_IDS: readonly LeadViewId[] = LEAD_VIEWS.map((v) => v.id)

/** The view shown when the URL names none. */
export const DEFAULT_LEAD_VIEW: LeadViewId = 'lead-manager'

export function leadView(id: LeadViewId | undefined): LeadView {
  return LEAD_VIEWS.find((v) => v.id === (id ?? DEFAULT_LEAD_VIEW)) ?? LEAD_VIEWS[0]
}

/** The element id of a view's tab. */
export function leadViewTabId(prefix: string, view: Pick<LeadView, 'id'>): string {
  return `${prefix}-${view.id}`
}
