import { getRouteApi, Link } from '@tanstack/react-router'
import { useReportCatalogue, type ReportKindView } from '../../../components/report-catalogue/api/get-report-catalogue'
import { carriedFilters } from '../report-search'

const route = getRouteApi('/_app/reports')

/** How the picker groups the reports: the summaries drawn as charts, then the lists. */
const GROUPS = [
  { id: 'summaries', title: 'Summaries', hint: 'Counts over the window, with a chart', paged: false },
  { id: 'lists', title: 'Lists', hint: 'The records themselves, page by page', paged: true },
] as const

/**
 * /reports — the reports the user may read (`GET /api/reports`), as cards with
 * their title and description, summaries first, then lists. The filters in the
 * URL go along to the report picked.
 */
export function ReportsScreen() {
  const search = route.useSearch()
  const catalogue = useReportCatalogue()
  const reports = catalogue.data ?? []

  return (
    <section className="page page--reports">
      <header className="page__header">
        <h1>Reports</h1>
        {reports.length > 0 ? (
          <div className="page__actions">
            <Link to="/reports/mailing-lists" className="btn">
              Mailing lists and schedules
            </Link>
          </div>
        ) : null}
      </header>

      {catalogue.isPending ? (
        <div className="report-cards" aria-busy="true" aria-label="Loading the reports">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="report-card report-card--skeleton">
              <span className="skeleton-bar" />
              <span className="skeleton-bar" />
            </div>
          ))}
        </div>
      ) : catalogue.isError ? (
        <div className="panel panel--error" role="alert">
          <p>The reports could not be loaded.</p>
          <button type="button" className="btn" onClick={() => void catalogue.refetch()}>
            Try again
          </button>
        </div>
      ) : reports.length === 0 ? (
        <p className="panel panel__note">No reports are available to you. Reports are for administrators and dealer and store managers.</p>
      ) : (
        GROUPS.map((group) => {
          const members = reports.filter((r) => r.paged === group.paged)
          if (members.length === 0) return null
          return (
            <section key={group.id} className="report-group" aria-labelledby={`report-group-${group.id}`}>
              <header className="report-group__header">
                <h2 id={`report-group-${group.id}`}>{group.title}</h2>
                <span className="panel__meta">{group.hint}</span>
              </header>
              <ul className="report-cards">
                {members.map((report) => (
                  <li key={report.key}>
                    <ReportCard report={report} search={carriedFilters(search)} />
                  </li>
                ))}
              </ul>
            </section>
          )
        })
      )}
    </section>
  )
}

function ReportCard({ report, search }: { report: ReportKindView; search: ReturnType<typeof carriedFilters> }) {
  return (
    <Link to="/reports/$kind" params={{ kind: report.key }} search={search} className="report-card" data-report={report.key}>
      <span className="report-card__title">{report.title}</span>
      <span className="report-card__description">{report.description}</span>
      {report.chart ? <span className="report-card__meta">{chartName(report.chart.type)}</span> : null}
    </Link>
  )
}

function chartName(type: string): string {
  switch (type) {
    case 'STACKED_BAR':
      return 'Stacked bars'
    case 'LINE':
      return 'Lines'
    case 'FUNNEL':
      return 'Funnel'
    default:
      return 'Bars'
  }
}
