/**
 * The Reports area (docs/reports.md): the picker of the reports the user may
 * read, and one report over the filter in the URL — chart, table and export.
 */
export { ReportScreen } from './components/report-screen'
export { ReportsScreen } from './components/reports-screen'
