import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDay } from '../../../lib/date-time'
import { formatPhone } from '../../../lib/format-phone'
import type { DealerRepairOrder, DealerRepairOrderLine } from '../api/search-closed-repair-orders'
import type { DealerSale } from '../api/search-sales'
import type { DealerVehicle } from '../api/search-vehicles'
import { mileageText, moneyText, personName, quantityText, vehicleText } from '../../../lib/record-format'

const none = <span className="panel__meta">—</span>

function day(key: string | null | undefined) {
  return key ? <span className="nowrap">{formatDay(key)}</span> : none
}

const sale = createDataTableColumnHelper<DealerSale>()

/** A store's sales: when, the deal, its customer and vehicle, the price, and the vehicle's latest service since. */
export function saleColumns() {
  return sale.columns([
    sale.accessor('salesDate', { header: 'Sold', meta: { width: '7rem' }, cell: (info) => day(info.getValue()) }),
    sale.accessor('dealNumber', { header: 'Deal #', meta: { width: '8.5rem' }, cell: (info) => <span className="nowrap">{info.getValue()}</span> }),
    sale.accessor('dealType', { header: 'Type', meta: { width: '5rem' } }),
    sale.accessor((row) => personName(row), {
      id: 'customer',
      header: 'Customer',
      meta: { width: '13rem' },
      cell: (info) => <CellStack main={<strong>{info.getValue()}</strong>} sub={info.row.original.customerNumber} />,
    }),
    sale.accessor((row) => vehicleText(row), {
      id: 'vehicle',
      header: 'Vehicle',
      meta: { width: '15rem' },
      cell: (info) => <CellStack main={info.getValue()} sub={<span className="dms-vin">{info.row.original.vin}</span>} />,
    }),
    sale.accessor('salePrice', { header: 'Price', meta: { width: '7.5rem', align: 'end' }, cell: (info) => moneyText(info.getValue()) }),
    sale.accessor('lastClosedServiceDate', {
      header: 'Last closed service',
      meta: { width: '11rem' },
      cell: (info) => day(info.getValue()),
    }),
  ])
}

const order = createDataTableColumnHelper<DealerRepairOrder>()

const customerColumn = order.accessor((row) => personName(row), {
  id: 'customer',
  header: 'Customer',
  meta: { width: '12rem' },
  cell: (info) => <CellStack main={<strong>{info.getValue()}</strong>} sub={info.row.original.customerNumber} />,
})

const vehicleColumn = order.accessor((row) => vehicleText(row), {
  id: 'vehicle',
  header: 'Vehicle',
  meta: { width: '15rem' },
  cell: (info) => <CellStack main={info.getValue()} sub={<span className="dms-vin">{info.row.original.vin}</span>} />,
})

const advisorColumn = order.accessor((row) => personName({ firstName: row.advisorFirstName, lastName: row.advisorLastName }, ''), {
  id: 'advisor',
  header: 'Advisor',
  meta: { width: '10rem' },
  cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.advisorNumber} />,
})

/** Closed repair orders: number, when closed and opened, customer, vehicle, advisor and total. */
export function closedRepairOrderColumns() {
  return order.columns([
    order.accessor('roNumber', { header: 'RO #', meta: { width: '9.5rem' }, cell: (info) => <strong>{info.getValue()}</strong> }),
    order.accessor('closedDate', { header: 'Closed', meta: { width: '7rem' }, cell: (info) => day(info.getValue()) }),
    order.accessor('openDate', { header: 'Opened', meta: { width: '7rem' }, cell: (info) => day(info.getValue()) }),
    customerColumn,
    vehicleColumn,
    advisorColumn,
    order.accessor('totalAmount', { header: 'Total', meta: { width: '7.5rem', align: 'end' }, cell: (info) => moneyText(info.getValue()) }),
  ])
}

/** Open repair orders: number, when opened and how long ago, the dealer system's status, customer, vehicle and advisor. */
export function openRepairOrderColumns() {
  return order.columns([
    order.accessor('roNumber', { header: 'RO #', meta: { width: '9.5rem' }, cell: (info) => <strong>{info.getValue()}</strong> }),
    order.accessor('openDate', { header: 'Opened', meta: { width: '7rem' }, cell: (info) => day(info.getValue()) }),
    order.accessor('daysDiff', { header: 'Days open', meta: { width: '6rem', align: 'end' } }),
    order.accessor('statusCode', { header: 'Status', meta: { width: '8rem' }, cell: (info) => <span className="nowrap">{info.getValue()}</span> }),
    customerColumn,
    vehicleColumn,
    advisorColumn,
  ])
}

/** A line with its place in the order (lines have no id of their own). */
export interface NumberedLine extends DealerRepairOrderLine {
  rowId: string
}

const line = createDataTableColumnHelper<NumberedLine>()

/** A repair order's lines: op code, what was done, how much, and whether the customer declined it. */
export function repairOrderLineColumns() {
  return line.columns([
    line.accessor('opCode', { header: 'Op code', meta: { width: '6.5rem' } }),
    line.accessor('description', { header: 'Description', cell: (info) => info.getValue() || none }),
    line.accessor('quantity', { header: 'Quantity', meta: { width: '6.5rem', align: 'end' }, cell: (info) => quantityText(info.getValue()) }),
    line.accessor('amount', { header: 'Amount', meta: { width: '7rem', align: 'end' }, cell: (info) => moneyText(info.getValue()) }),
    line.accessor('declined', {
      header: 'Declined',
      meta: { width: '7rem' },
      cell: (info) => (info.getValue() ? <span className="badge badge--danger">Declined</span> : 'No'),
    }),
  ])
}

const vehicle = createDataTableColumnHelper<DealerVehicle>()

/** Vehicles found: the dealer system's id for each, VIN, vehicle, owner, latest service and whether the owner still has it. */
export function vehicleColumns() {
  return vehicle.columns([
    vehicle.accessor('W2kCustomerVehicleID', {
      header: 'Dealer system vehicle ID',
      meta: { width: '15rem' },
      cell: (info) => <span className="dms-id">{info.getValue()}</span>,
    }),
    vehicle.accessor('vin', { header: 'VIN', meta: { width: '11.5rem' }, cell: (info) => (info.getValue() ? <span className="dms-vin">{info.getValue()}</span> : none) }),
    vehicle.accessor((row) => vehicleText(row), {
      id: 'vehicle',
      header: 'Vehicle',
      meta: { width: '13rem' },
      cell: (info) => <CellStack main={info.getValue()} sub={mileageText(info.row.original.mileage)} />,
    }),
    vehicle.accessor((row) => personName(row), {
      id: 'customer',
      header: 'Customer',
      meta: { width: '13rem' },
      cell: (info) => (
        <CellStack
          main={<strong>{info.getValue()}</strong>}
          sub={[info.row.original.customerNumber, formatPhone(info.row.original.cellular)].filter(Boolean).join(' · ')}
        />
      ),
    }),
    vehicle.accessor('lastServiceDate', {
      header: 'Last service',
      meta: { width: '9rem' },
      cell: (info) => (
        <CellStack main={info.getValue() ? formatDay(info.getValue()) : '—'} sub={info.row.original.lastRoNumber ? `RO ${info.row.original.lastRoNumber}` : undefined} />
      ),
    }),
    vehicle.accessor('noLongerOwned', {
      header: 'Owned',
      meta: { width: '8rem' },
      cell: (info) => (info.getValue() ? <span className="badge badge--warning">No longer owned</span> : 'Yes'),
    }),
  ])
}
