import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { ImportUploadScreen } from '../../features/imports'
import { importFieldsQueryOptions } from '../../features/imports/api/get-import-fields'
import { DEFAULT_FILE_TYPE } from '../../features/imports/file-types'
import { importAccess } from '../../features/imports/import-access'
import { validateImportUploadSearch } from '../../features/imports/import-search'
import { appRoute } from '../app'

/** `/imports/upload` — a new upload; the store, file type and recall type live in the URL (the file does not). */
export const importUploadRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'imports/upload',
  validateSearch: validateImportUploadSearch,
  loaderDeps: ({ search: { type } }) => ({ type }),
  loader: ({ context: { queryClient, user }, deps }) => {
    if (!user.enterprise || importAccess(user) !== 'ok') return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
    void queryClient.ensureQueryData(importFieldsQueryOptions(deps.type ?? DEFAULT_FILE_TYPE)).catch(noop)
  },
  component: ImportUploadScreen,
})
