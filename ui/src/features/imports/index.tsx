/** The Imports screens (docs/imports.md): the uploads by file type, a new upload with its mapping step, one upload's report. */
export { ImportsScreen } from './components/imports-screen'
export { ImportReportScreen } from './components/report-screen'
export { ImportUploadScreen } from './components/upload-screen'
