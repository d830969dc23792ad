import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDateTime } from '../../../lib/date-time'
import type { CodeMapping, UnmappedCode } from '../api/admin-types'

const waiting = createDataTableColumnHelper<UnmappedCode>()

function when(iso: string) {
  return <span className="nowrap">{formatDateTime(iso)}</span>
}

/** The codes rows wait for: how many rows, from how many files, and since when. */
export function waitingColumns({ onMap, onDiscard }: { onMap: (code: UnmappedCode) => void; onDiscard: (code: UnmappedCode) => void }) {
  return waiting.columns([
    waiting.accessor('code', { header: 'Code', meta: { width: '12rem' } }),
    waiting.accessor('rows', { header: 'Rows waiting', meta: { width: '8rem', align: 'end' } }),
    waiting.accessor('files', { header: 'Files', meta: { width: '6rem', align: 'end' } }),
    waiting.accessor('firstSeen', { header: 'First seen', meta: { width: '11rem' }, cell: (info) => when(info.getValue()) }),
    waiting.accessor('lastSeen', { header: 'Last seen', meta: { width: '11rem' }, cell: (info) => when(info.getValue()) }),
    waiting.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '16rem' },
      cell: (info) => (
        <span className="nowrap">
          <button type="button" className="btn btn--small" aria-label={`Map ${info.row.original.code} to store`} onClick={() => onMap(info.row.original)}>
            Map to store…
          </button>{' '}
          <button type="button" className="btn btn--small" aria-label={`Discard rows of ${info.row.original.code}`} onClick={() => onDiscard(info.row.original)}>
            Discard rows
          </button>
        </span>
      ),
    }),
  ])
}

const mapping = createDataTableColumnHelper<CodeMapping>()

/** The saved mappings: the store each code loads into, who mapped it and when. */
export function mappingColumns({ onRemove }: { onRemove: (mapping: CodeMapping) => void }) {
  return mapping.columns([
    mapping.accessor('code', { header: 'Code', meta: { width: '12rem' } }),
    mapping.accessor('storeName', { header: 'Store', cell: (info) => `${info.getValue()} (${info.row.original.storeCode})` }),
    mapping.accessor('mappedBy', { header: 'Mapped by', meta: { width: '10rem' }, cell: (info) => info.getValue() ?? '—' }),
    mapping.accessor('mappedAt', { header: 'Mapped at', meta: { width: '11rem' }, cell: (info) => when(info.getValue()) }),
    mapping.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '10rem' },
      cell: (info) => (
        <button type="button" className="btn btn--small" aria-label={`Remove mapping of ${info.row.original.code}`} onClick={() => onRemove(info.row.original)}>
          Remove mapping
        </button>
      ),
    }),
  ])
}

export function unmappedCodeRowId(code: UnmappedCode): string {
  return code.code
}

export function codeMappingRowId(mapping: CodeMapping): string {
  return mapping.code
}
