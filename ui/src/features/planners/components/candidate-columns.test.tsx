import { describe, expect, it } from 'vitest'
import { DataTable } from '../../../components/data-table/data-table'
import { setupTestRoot } from '../../../test/render'
import type { Candidate } from '../api/get-candidates'
import { candidateColumns, candidateRowId } from './candidate-columns'

const view = setupTestRoot()

const candidate: Candidate = {
  storeId: 1,
  bocId: 1,
  customerId: 13,
  vehicleId: 14,
  custNo: 'C0000013',
  firstName: 'Grace',
  lastName: 'Smith',
  cellular: '+14107030986',
  optedOut: true,
  vin: '4T1WJL086TA000013',
  make: 'Toyota',
  model: 'Camry',
  year: 2026,
  serviceType: 'OIL_CHANGE_10K',
  dueDate: '2022-05-10',
  dueByTime: false,
  estimatedMiles: 10018,
  milesPerDay: 37,
  mileageBasis: 'DEFAULT',
}

describe('candidate columns', () => {
  it('show the customer, phone, vehicle, service, due date and mileage estimate', () => {
    view.render(<DataTable label="Candidates" columns={candidateColumns()} data={[candidate]} getRowId={candidateRowId} />)
    expect([...view.container.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Customer',
      'Phone',
      'Vehicle',
      'Service',
      'Due',
      'Est. miles',
      'Miles/day',
    ])
    const cells = [...view.container.querySelectorAll('tbody td')].map((td) => td.textContent)
    expect(cells).toEqual([
      'Grace Smith#C0000013',
      '(410)-703-0986Opted out',
      '2026 Toyota CamryVIN 4T1WJL086TA000013',
      'Oil change (10K)OIL_CHANGE_10K',
      '10/05/2022By mileage',
      '10,018 mi',
      '37.0Default',
    ])
    expect(view.container.querySelector('tbody tr')!.getAttribute('data-row-id')).toBe('1-14')
  })

  it('say when a hard run replaces a lead, and leave the opted-out badge off otherwise', () => {
    view.render(
      <DataTable
        label="Candidates"
        columns={candidateColumns()}
        data={[{ ...candidate, optedOut: false, replacesLeadId: 77, dueByTime: true }]}
        getRowId={candidateRowId}
      />,
    )
    const text = view.container.querySelector('tbody tr')!.textContent
    expect(text).toContain('Replaces lead #77')
    expect(text).toContain('By time')
    expect(text).not.toContain('Opted out')
  })
})
