/** How the Planners screen writes candidates and transfer results. */
import { personName, vehicleText } from '../../lib/record-format'
import { enumLabel } from '../../lib/text'

/** The parts of a candidate the helpers read. */
interface CandidateParts {
  firstName?: string | null
  lastName?: string | null
  custNo?: string | null
  year?: number | null
  make?: string | null
  model?: string | null
}

export function candidateName(candidate: CandidateParts): string {
  return [candidate.firstName, candidate.lastName].filter(Boolean).join(' ') || (candidate.custNo ? `Customer ${candidate.custNo}` : 'Unknown customer')
}

/** `2026 Toyota Camry`; '' when nothing is known. */
export function candidateVehicle(candidate: CandidateParts): string {
  return [candidate.year || undefined, candidate.make, candidate.model].filter(Boolean).join(' ')
}

const SERVICE_TYPE_LABELS: Record<string, string> = {
  SALES_THANKS: 'Sales thank-you',
  SALES_TITLE: 'Sales title (500 miles)',
  OIL_CHANGE: 'Oil change (5K)',
  SVC_7500: '7,500-mile service',
  CHECK_UP: 'Check-up (90 days)',
  CHECK_UP_30D: 'Check-up (30 days)',
  CHECK_UP_CPO: 'CPO check-up (90 days)',
  OIL_CHANGE_CPO: 'CPO oil change (5K)',
  OIL_CHANGE_POST_30_MONTHS: 'Oil change (30+ months)',
  STATE_INSPECTION: 'State inspection',
  HONDA_SERVICE_PASS: 'Honda service pass',
  HONDA_OLD_MODEL: 'Honda older model',
  SVC_CLOSED_RO: 'Service closed RO',
}

/** `OIL_CHANGE_10K` → `Oil change (10K)`, `FIRST_SERVICE_GMC` → `First service (GMC)`; other codes as words. */
export function serviceTypeLabel(code: string | null | undefined): string {
  if (!code) return ''
  const known = SERVICE_TYPE_LABELS[code]
  if (known) return known
  const milestone = /^OIL_CHANGE_(\d+K)$/.exec(code)
  if (milestone) return `Oil change (${milestone[1]})`
  const firstService = /^FIRST_SERVICE_([A-Z]+)$/.exec(code)
  if (firstService) {
    const make = firstService[1]!
    return `First service (${make.length <= 3 ? make : enumLabel(make)})`
  }
  return enumLabel(code)
}

const MILEAGE_BASES: Record<string, { label: string; hint: string }> = {
  HISTORY: { label: 'History', hint: 'From its repair orders and odometer readings' },
  SINCE_DELIVERY: { label: 'Since delivery', hint: 'One reading over the days since it was delivered new' },
  DEFAULT: { label: 'Default', hint: 'The US average, 37 miles a day (no trusted readings)' },
}

/** Which rule gave a candidate's miles a day, for people. */
export function mileageBasisLabel(basis: string | null | undefined): { label: string; hint: string } {
  if (!basis) return { label: '', hint: '' }
  return MILEAGE_BASES[basis] ?? { label: enumLabel(basis), hint: '' }
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** `10,018 mi`; '' for none. */
export function formatMiles(miles: number | null | undefined): string {
  return typeof miles === 'number' && Number.isFinite(miles) ? `${whole.format(miles)} mi` : ''
}

/** `37.2`; '' for none. */
export function formatMilesPerDay(milesPerDay: number | null | undefined): string {
  return typeof milesPerDay === 'number' && Number.isFinite(milesPerDay) ? oneDecimal.format(milesPerDay) : ''
}

/** What decided the due date. */
export function dueByLabel(dueByTime: boolean): string {
  return dueByTime ? 'By time' : 'By mileage'
}

/** The result of a finished transfer run (`planner.transfer`). */
export interface TransferOutcome {
  /** 'Successfully Transfered' or 'No Records.'. */
  message: string
  /** The planner found nobody. */
  noRecords: boolean
  candidates: number
  created: number
  replaced: number
  skipped: number
  /** Vehicles left out, by reason (NOT_DUE, LEAD_EXISTS, …). */
  excluded: Record<string, number>
}

export const NO_RECORDS_TEXT = 'No Records.'
export const TRANSFERRED_TEXT = 'Successfully Transfered'

/** `{reason: count}` with anything that is not a count dropped. */
function reasonCounts(value: unknown): Record<string, number> {
  const counts: Record<string, number> = {}
  if (value && typeof value === 'object') {
    for (const [reason, n] of Object.entries(value as Record<string, unknown>)) {
      if (typeof n === 'number' && Number.isFinite(n)) counts[reason] = n
    }
  }
  return counts
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

/** A run's result read as a transfer outcome; null when it is not one (not finished, or another kind of run). */
export function transferOutcome(result: unknown): TransferOutcome | null {
  if (!result || typeof result !== 'object') return null
  const r = result as Record<string, unknown>
  if (typeof r.message !== 'string') return null
  return {
    message: r.message,
    noRecords: r.message === NO_RECORDS_TEXT,
    candidates: count(r.candidates),
    created: count(r.created),
    replaced: count(r.replaced),
    skipped: count(r.skipped),
    excluded: reasonCounts(r.excluded),
  }
}

/** `ALREADY_SERVICED 37, NOT_DUE 3` written for people: `Already serviced: 37 · Not due: 3`; '' for none. */
export function excludedSummary(excluded: Record<string, number>): string {
  return Object.entries(excluded)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${enumLabel(reason)}: ${n}`)
    .join(' · ')
}

/** What an audit's `parameters` record: the request and the vehicles left out by reason (missing parts stay undefined). */
export interface AuditRequest {
  storeIds?: number[]
  minDays?: number
  maxDays?: number
  hardRun?: boolean
  customerNumber?: string
  excluded: Record<string, number>
}

export function auditRequest(parameters: unknown): AuditRequest {
  const p = parameters && typeof parameters === 'object' ? (parameters as Record<string, unknown>) : {}
  const r = p.request && typeof p.request === 'object' ? (p.request as Record<string, unknown>) : {}
  const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)
  return {
    storeIds: Array.isArray(r.storeIds) ? r.storeIds.filter((id): id is number => typeof id === 'number') : undefined,
    minDays: num(r.minDays),
    maxDays: num(r.maxDays),
    hardRun: typeof r.hardRun === 'boolean' ? r.hardRun : undefined,
    customerNumber: typeof r.customerNumber === 'string' && r.customerNumber !== '' ? r.customerNumber : undefined,
    excluded: reasonCounts(p.excluded),
  }
}

/** The parts of an error-alert lead the helpers read (the lead lists' lead shape). */
interface AlertLeadParts {
  customerMaster?: { firstName?: string | null; lastName?: string | null; custno?: string | null } | null
  serviceVehicle?: { year?: number | null; make?: string | null; model?: string | null; vin?: string | null } | null
  vin?: string | null
  status?: string | null
  conversationInitiated: boolean
}

/** The customer of an alert lead: `Grace Smith`, else `Customer C0000013`. */
export function alertLeadCustomer(lead: AlertLeadParts): string {
  const customer = lead.customerMaster
  return personName(customer, customer?.custno ? `Customer ${customer.custno}` : 'Unknown customer')
}

/** The vehicle of an alert lead (`2019 Toyota RAV4`) and its VIN ('' when unknown). */
export function alertLeadVehicle(lead: AlertLeadParts): { vehicle: string; vin: string } {
  return { vehicle: vehicleText(lead.serviceVehicle), vin: lead.vin || lead.serviceVehicle?.vin || '' }
}

/** A lead's stage for people: `NOT_STARTED` → `Not started`. */
export function leadStageLabel(status: string | null | undefined): string {
  return status ? enumLabel(status) : '—'
}

/** Whether anyone has reached out on the lead yet: `Yes` or `No`. */
export function contactedLabel(lead: Pick<AlertLeadParts, 'conversationInitiated'>): string {
  return lead.conversationInitiated ? 'Yes' : 'No'
}
