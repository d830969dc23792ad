import { Link } from '@tanstack/react-router'
import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDateTime } from '../../../lib/date-time'
import { enumLabel } from '../../../lib/text'
import type { FileReportSummary } from '../api/get-file-reports'
import { fileTypeLabel, makesLeads } from '../file-types'
import { ImportProgress } from './import-progress'
import { ReportStatusBadge } from './status-badge'
import { formatBytes, formatCount } from '../../../lib/format-number'

const column = createDataTableColumnHelper<FileReportSummary>()

/** The uploads table; `storeName` names a report's store. */
export function reportColumns(storeName: (id: number | undefined) => string) {
  return column.columns([
    column.accessor('fileName', {
      header: 'File',
      cell: (info) => {
        const report = info.row.original
        const type = fileTypeLabel(report.fileType) + (report.recallType ? ` (${enumLabel(report.recallType)})` : '')
        const sub = [`#${report.id}`, type, storeName(report.storeId)].filter(Boolean).join(' · ')
        return (
          <CellStack
            title={`${report.fileName}\n${sub}\n${[report.fileFormat, formatBytes(report.sizeBytes)].filter(Boolean).join(', ')}`}
            main={
              <Link to="/imports/$reportId" params={{ reportId: report.id }}>
                {report.fileName}
              </Link>
            }
            sub={sub}
          />
        )
      },
    }),
    column.accessor('status', {
      header: 'Status',
      meta: { width: '12.5rem' },
      cell: (info) => (
        <span className="import-status-cell">
          <ReportStatusBadge status={info.getValue()} />
          <ImportProgress report={info.row.original} label={`Progress of ${info.row.original.fileName} (#${info.row.original.id})`} />
        </span>
      ),
    }),
    column.accessor('totalRows', {
      header: 'Rows',
      meta: { width: '5rem', align: 'end' },
      cell: (info) => formatCount(info.getValue()),
    }),
    column.accessor('importedRows', {
      header: 'Loaded',
      meta: { width: '11rem', align: 'end', className: 'import-col--medium' },
      cell: (info) => {
        const r = info.row.original
        return (
          <CellStack
            main={formatCount(info.getValue())}
            sub={`${formatCount(r.insertedRows)} new · ${formatCount(r.updatedRows)} upd. · ${formatCount(r.unchangedRows)} same`}
            title={`${r.insertedRows} inserted, ${r.updatedRows} updated, ${r.unchangedRows} unchanged`}
          />
        )
      },
    }),
    column.accessor('failedRows', {
      header: 'Failed',
      meta: { width: '5rem', align: 'end' },
      cell: (info) => (info.getValue() > 0 ? <span className="text-danger">{formatCount(info.getValue())}</span> : '0'),
    }),
    column.accessor('leadsCreated', {
      header: 'Leads',
      meta: { width: '5rem', align: 'end', className: 'import-col--wide' },
      cell: (info) => (makesLeads(info.row.original.fileType) ? formatCount(info.getValue()) : '—'),
    }),
    column.accessor('createdOn', {
      header: 'Uploaded',
      meta: { width: '11.5rem', className: 'import-col--wide' },
      cell: (info) => <span className="nowrap">{formatDateTime(info.getValue())}</span>,
    }),
  ])
}

export function reportRowId(report: FileReportSummary): string {
  return String(report.id)
}
