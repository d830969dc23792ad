import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDay, utcDay } from '../../../lib/date-time'
import type { AlertLead } from '../api/get-error-alert-leads'
import { alertLeadCustomer, alertLeadVehicle, contactedLabel, leadStageLabel, serviceTypeLabel } from '../planner-format'

const column = createDataTableColumnHelper<AlertLead>()

/**
 * The error-alert leads (no sorting: the server answers newest first).
 * `planner-col--wide` columns give way first on narrow screens, then
 * `planner-col--medium`; customer, vehicle and the alert's date stay.
 */
export function errorAlertColumns() {
  return column.columns([
    column.accessor((lead) => alertLeadCustomer(lead), {
      id: 'customer',
      header: 'Customer',
      meta: { width: '10rem' },
      cell: (info) => {
        const custNo = info.row.original.customerMaster?.custno
        return (
          <CellStack
            main={<strong>{info.getValue()}</strong>}
            sub={custNo ? `#${custNo}` : ''}
            title={[info.getValue(), custNo].filter(Boolean).join(' · ')}
          />
        )
      },
    }),
    column.accessor((lead) => alertLeadVehicle(lead).vehicle, {
      id: 'vehicle',
      header: 'Vehicle',
      // No width: the vehicle (always shown) takes what the others leave.
      meta: {},
      cell: (info) => {
        const { vehicle, vin } = alertLeadVehicle(info.row.original)
        return (
          <CellStack
            main={vehicle || '—'}
            sub={vin ? <span className="planner-vin">VIN {vin}</span> : ''}
            title={[vehicle, vin ? `VIN ${vin}` : ''].filter(Boolean).join(' · ')}
          />
        )
      },
    }),
    column.accessor((lead) => lead.storeMaster?.store_name ?? '', {
      id: 'store',
      header: 'Store',
      meta: { width: '9rem', className: 'planner-col--wide' },
      cell: (info) => info.getValue() || '—',
    }),
    column.accessor('serviceType', {
      id: 'serviceType',
      header: 'Service',
      meta: { width: '10rem', className: 'planner-col--medium' },
      cell: (info) => <CellStack main={serviceTypeLabel(info.getValue())} sub={info.getValue()} title={info.getValue()} />,
    }),
    column.accessor((lead) => lead.plannedDate ?? '', {
      id: 'plannedDate',
      header: 'Planned',
      meta: { width: '7.5rem' },
      cell: (info) => (
        <CellStack main={formatDay(info.getValue()) || '—'} sub={`Created ${formatDay(utcDay(info.row.original.createdOn))}`} />
      ),
    }),
    column.accessor((lead) => leadStageLabel(lead.status), {
      id: 'stage',
      header: 'Stage',
      meta: { width: '8rem', className: 'planner-col--medium' },
      cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.status} title={info.row.original.status} />,
    }),
    column.accessor((lead) => contactedLabel(lead), {
      id: 'contacted',
      header: 'Contacted',
      meta: { width: '6.5rem' },
    }),
  ])
}

export function errorAlertRowId(lead: AlertLead): string {
  return String(lead.id)
}
