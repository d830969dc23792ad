/**
 * The Reports area (docs/reports.md): the picker of the reports the user may
 * read, one report over the filter in the URL — chart, table, export and
 * "Schedule e-mail" —, and the mailing lists the scheduled reports go to.
 */
export { MailingListsScreen } from './components/mailing-lists-screen'
export { ReportScreen } from './components/report-screen'
export { ReportsScreen } from './components/reports-screen'
