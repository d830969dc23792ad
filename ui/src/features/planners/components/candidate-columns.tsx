import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatPhone } from '../../../lib/format-phone'
import type { Candidate } from '../api/get-candidates'
import {
  candidateName,
  candidateVehicle,
  dueByLabel,
  formatMiles,
  formatMilesPerDay,
  mileageBasisLabel,
  serviceTypeLabel,
} from '../planner-format'
import { formatDay } from '../../../lib/date-time'

const column = createDataTableColumnHelper<Candidate>()

/**
 * The preview table (no sorting: the server answers in its own order).
 * `planner-col--wide` columns give way first on narrow screens, then
 * `planner-col--medium`; customer, vehicle and due date stay.
 */
export function candidateColumns() {
  return column.columns([
    column.accessor((c) => candidateName(c), {
      id: 'customer',
      header: 'Customer',
      meta: { width: '10rem' },
      cell: (info) => (
        <CellStack main={<strong>{info.getValue()}</strong>} sub={`#${info.row.original.custNo}`} title={`${info.getValue()} · ${info.row.original.custNo}`} />
      ),
    }),
    column.accessor((c) => formatPhone(c.cellular), {
      id: 'phone',
      header: 'Phone',
      meta: { width: '8.75rem', className: 'planner-col--medium' },
      cell: (info) => (
        <CellStack
          main={info.getValue() || '—'}
          sub={
            info.row.original.optedOut ? (
              <span className="badge badge--warning planner-opted-out" title="Opted out of texts: the lead is made, but nobody will text it">
                Opted out
              </span>
            ) : (
              ''
            )
          }
        />
      ),
    }),
    column.accessor((c) => candidateVehicle(c), {
      id: 'vehicle',
      header: 'Vehicle',
      // No width: the vehicle (always shown) takes what the others leave.
      meta: {},
      cell: (info) => {
        const vin = info.row.original.vin
        return (
          <CellStack
            main={info.getValue()}
            sub={vin ? <span className="planner-vin">VIN {vin}</span> : ''}
            title={[info.getValue(), vin ? `VIN ${vin}` : ''].filter(Boolean).join(' · ')}
          />
        )
      },
    }),
    column.accessor('serviceType', {
      id: 'serviceType',
      header: 'Service',
      meta: { width: '12rem', className: 'planner-col--medium' },
      cell: (info) => {
        const replaces = info.row.original.replacesLeadId
        return (
          <CellStack
            main={serviceTypeLabel(info.getValue())}
            sub={replaces ? `Replaces lead #${replaces}` : info.getValue()}
            title={info.getValue()}
          />
        )
      },
    }),
    column.accessor('dueDate', {
      id: 'dueDate',
      header: 'Due',
      meta: { width: '6.75rem' },
      cell: (info) => <CellStack main={formatDay(info.getValue())} sub={dueByLabel(info.row.original.dueByTime)} />,
    }),
    column.accessor('estimatedMiles', {
      id: 'estimatedMiles',
      header: 'Est. miles',
      meta: { width: '6.5rem', align: 'end', className: 'planner-col--wide' },
      cell: (info) => formatMiles(info.getValue()) || '—',
    }),
    column.accessor('milesPerDay', {
      id: 'milesPerDay',
      header: 'Miles/day',
      meta: { width: '6.75rem', align: 'end', className: 'planner-col--wide' },
      cell: (info) => {
        const basis = mileageBasisLabel(info.row.original.mileageBasis)
        return <CellStack main={formatMilesPerDay(info.getValue())} sub={basis.label} title={basis.hint || undefined} />
      },
    }),
  ])
}

export function candidateRowId(candidate: Candidate): string {
  return `${candidate.storeId}-${candidate.vehicleId}`
}
