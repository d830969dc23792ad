import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDateTime, formatDay } from '../../../lib/date-time'
import { mileageText } from '../../../lib/record-format'
import type { VehicleRecord } from '../api/get-vehicle-records'
import type { RecordKind } from '../vehicle-records'

const column = createDataTableColumnHelper<VehicleRecord>()

export interface VehicleRecordColumnOptions {
  kind: RecordKind
  /** The store's time zone, for when a record was added. */
  timeZone: string | undefined
  /** Offered to managers only; absent for everyone else. */
  onDelete?: (record: VehicleRecord) => void
}

/** What a row says of its record: the kind and day, for the Delete button's name and the confirmation. */
export function vehicleRecordName(kind: RecordKind, record: Pick<VehicleRecord, 'date' | 'vehicle' | 'vin'>): string {
  const what = kind === 'service' ? 'service' : 'reading'
  return `the ${what} of ${formatDay(record.date)} for ${record.vehicle || 'the vehicle'}${record.vin ? ` (VIN ${record.vin})` : ''}`
}

/** A store's services done elsewhere, or its odometer readings: day, vehicle and VIN, customer, miles, what was said, when added. */
export function vehicleRecordColumns({ kind, timeZone, onDelete }: VehicleRecordColumnOptions) {
  const columns = [
    column.accessor('date', {
      header: kind === 'service' ? 'Service day' : 'Reading day',
      meta: { width: '8.5rem' },
      cell: (info) => <span className="nowrap">{formatDay(info.getValue())}</span>,
    }),
    column.accessor('vehicle', {
      header: 'Vehicle',
      meta: { width: '14rem' },
      cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.vin ? `VIN ${info.row.original.vin}` : undefined} />,
    }),
    column.accessor('customerName', { header: 'Customer', meta: { width: '10rem' }, cell: (info) => info.getValue() || '—' }),
    column.accessor('mileage', {
      header: 'Mileage',
      meta: { width: '7.5rem', align: 'end' },
      cell: (info) => <span className="nowrap">{mileageText(info.getValue()) || '—'}</span>,
    }),
    column.accessor('description', {
      header: kind === 'service' ? 'What was done' : 'Note',
      // Long text is cut at the column's end; the whole of it is the cell's title.
      cell: (info) => <span title={info.getValue()}>{info.getValue() || '—'}</span>,
    }),
    column.accessor('createdAt', {
      header: 'Added on',
      meta: { width: '14rem' },
      cell: (info) => <span className="nowrap">{formatDateTime(info.getValue(), timeZone)}</span>,
    }),
  ]
  if (!onDelete) return column.columns(columns)
  return column.columns([
    ...columns,
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '6.5rem' },
      cell: (info) => (
        <button
          type="button"
          className="btn btn--small btn--danger"
          aria-label={`Delete ${vehicleRecordName(kind, info.row.original)}`}
          onClick={() => onDelete(info.row.original)}
        >
          Delete
        </button>
      ),
    }),
  ])
}

export function vehicleRecordRowId(record: VehicleRecord): string {
  return String(record.id)
}
