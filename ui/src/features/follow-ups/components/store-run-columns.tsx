import { Link } from '@tanstack/react-router'
import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { StoreRun } from '../api/get-zone-runs'
import { allowedHours, clock12, firstDeferredText, windowText } from '../zone-runs-format'

const column = createDataTableColumnHelper<StoreRun>()

export interface StoreRunColumnOptions {
  /** The zone's IANA name: every time is on the stores' clock. */
  timeZone: string
  now: number
}

function count(n: number): string {
  return n.toLocaleString('en-US')
}

/** Store (with its cadence), allowed hours, local time, open or closed, texts held for the window, follow-ups. */
export function storeRunColumns({ timeZone, now }: StoreRunColumnOptions) {
  return column.columns([
    column.accessor('storeName', {
      id: 'store',
      header: 'Store',
      meta: { width: '14rem' },
      cell: (info) => (
        <CellStack
          main={<strong>{info.getValue()}</strong>}
          sub={
            <Link to="/follow-up-cadence" search={{ store: info.row.original.storeId }} aria-label={`Follow-up cadence of ${info.getValue()}`}>
              Follow-up cadence
            </Link>
          }
          title={info.getValue()}
        />
      ),
    }),
    column.accessor((run) => allowedHours(run), {
      id: 'hours',
      header: 'Allowed hours',
      meta: { width: '10.5rem' },
    }),
    column.accessor((run) => clock12(run.localTime), {
      id: 'localTime',
      header: 'Local time',
      meta: { width: '7rem' },
      cell: (info) => <span data-testid="store-local-time">{info.getValue()}</span>,
    }),
    column.accessor('openNow', {
      id: 'open',
      header: 'Window',
      meta: { width: '11rem' },
      cell: (info) => (
        <CellStack
          main={
            info.getValue() ? (
              <span className="badge badge--success" data-open="true">
                Open
              </span>
            ) : (
              <span className="badge" data-open="false">
                Closed
              </span>
            )
          }
          sub={windowText(info.row.original, timeZone, now)}
        />
      ),
    }),
    column.accessor('deferredTexts', {
      id: 'deferred',
      header: 'Texts waiting',
      meta: { width: '12rem' },
      cell: (info) => (
        <CellStack
          main={info.getValue() === 0 ? <span className="cadence-muted">None</span> : `${count(info.getValue())} ${info.getValue() === 1 ? 'text' : 'texts'}`}
          sub={firstDeferredText(info.row.original, timeZone, now)}
          title="Automated texts held until the window opens"
        />
      ),
    }),
    column.accessor('followUpsDue', {
      id: 'followUps',
      header: 'Follow-ups',
      meta: { width: '9rem' },
      cell: (info) => (
        <CellStack
          main={`${count(info.getValue())} due`}
          sub={`${count(info.row.original.followUpsWaiting)} waiting`}
          title="Due: the next sweep sends their step within the window. Waiting: on a later step."
        />
      ),
    }),
  ])
}

export function storeRunRowId(run: StoreRun): string {
  return String(run.storeId)
}
