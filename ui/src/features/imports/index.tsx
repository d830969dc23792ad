/**
 * The Imports screens (docs/imports.md): the uploads by file type, a new upload with its mapping
 * step, one upload's report, the stores' data sources (mapping, sync now, schedules) and the sync history.
 */
export { DataSourcesScreen } from './components/data-sources-screen'
export { ImportsScreen } from './components/imports-screen'
export { ImportReportScreen } from './components/report-screen'
export { SyncHistoryScreen } from './components/sync-history-screen'
export { ImportUploadScreen } from './components/upload-screen'
