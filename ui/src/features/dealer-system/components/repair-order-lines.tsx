import { useEffect, useMemo, useRef } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import type { DealerRepairOrder } from '../api/search-closed-repair-orders'
import { countText, moneyText } from '../../../lib/record-format'
import { repairOrderLineColumns, type NumberedLine } from './dealer-system-columns'

export interface RepairOrderLinesProps {
  order: DealerRepairOrder
  onClose: () => void
}

const lineRowId = (line: NumberedLine) => line.rowId

/** The lines of the repair order picked in the table, under it. */
export function RepairOrderLines({ order, onClose }: RepairOrderLinesProps) {
  const columns = useMemo(() => repairOrderLineColumns(), [])
  const lines = useMemo<NumberedLine[]>(() => order.lines.map((line, index) => ({ ...line, rowId: String(index) })), [order.lines])
  const title = `Lines of repair order ${order.roNumber}`
  const panel = useRef<HTMLElement>(null)
  // The lines open under the table and its pager: bring them into view.
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest' })
  }, [order.id])
  return (
    <section ref={panel} className="dms-lines" aria-label={title}>
      <div className="dms-lines__header">
        <h2 className="dms-lines__title">
          {title}
          <span className="panel__meta">
            {' · '}
            {countText(order.lines.length, 'line', 'lines')}
            {order.totalAmount !== undefined ? ` · ${moneyText(order.totalAmount)}` : ''}
          </span>
        </h2>
        <button type="button" className="btn btn--small" onClick={onClose}>
          Close
        </button>
      </div>
      <DataTable
        label={title}
        className="dms-table"
        columns={columns}
        data={lines}
        getRowId={lineRowId}
        emptyText="This repair order has no lines."
      />
    </section>
  )
}
