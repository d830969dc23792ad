import { describe, expect, it } from 'vitest'
import { DataTable } from '../../../components/data-table/data-table'
import { setupTestRoot } from '../../../test/render'
import type { AlertLead } from '../api/get-error-alert-leads'
import { errorAlertColumns, errorAlertRowId } from './error-alert-columns'

const view = setupTestRoot()

/** The parts of a lead the columns read. */
const lead = {
  id: 501,
  customerMaster: { id: 13, custno: 'C0000013', firstName: 'Grace', lastName: 'Smith' },
  serviceVehicle: { id: 14, year: 2019, make: 'Toyota', model: 'RAV4', vin: '2T30DPDN7KA000205' },
  vin: '2T30DPDN7KA000205',
  storeMaster: { id: 1, store_id: 'S1', store_name: 'Harbor Toyota' },
  serviceType: 'TOYOTA_ERROR_ALERT',
  plannedDate: '2026-11-24',
  createdOn: '2026-11-24T15:04:05Z',
  status: 'NOT_STARTED',
  conversationInitiated: false,
} as unknown as AlertLead

describe('error-alert columns', () => {
  it('show the customer, vehicle and VIN, store, service, planned and created dates, stage and whether contacted', () => {
    view.render(<DataTable label="Error alerts" columns={errorAlertColumns()} data={[lead]} getRowId={errorAlertRowId} />)
    expect([...view.container.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Customer',
      'Vehicle',
      'Store',
      'Service',
      'Planned',
      'Stage',
      'Contacted',
    ])
    expect([...view.container.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual([
      'Grace Smith#C0000013',
      '2019 Toyota RAV4VIN 2T30DPDN7KA000205',
      'Harbor Toyota',
      'Toyota error alertTOYOTA_ERROR_ALERT',
      '24/11/2026Created 24/11/2026',
      'Not startedNOT_STARTED',
      'No',
    ])
    expect(view.container.querySelector('tbody tr')!.getAttribute('data-row-id')).toBe('501')
  })

  it('write a Lexus alert, a contacted lead, and an unknown vehicle', () => {
    const lexus = {
      ...lead,
      serviceType: 'LEXUS_ERROR_ALERT',
      serviceVehicle: undefined,
      vin: undefined,
      conversationInitiated: true,
      status: 'IN_PROGRESS',
    } as unknown as AlertLead
    view.render(<DataTable label="Error alerts" columns={errorAlertColumns()} data={[lexus]} getRowId={errorAlertRowId} />)
    const cells = [...view.container.querySelectorAll('tbody td')].map((td) => td.textContent)
    expect(cells[1]!.trim()).toBe('—')
    expect(cells[3]).toBe('Lexus error alertLEXUS_ERROR_ALERT')
    expect(cells[5]).toBe('In progressIN_PROGRESS')
    expect(cells[6]).toBe('Yes')
  })
})
