import { describe, expect, it } from 'vitest'
import {
  importedRowsQuery,
  reportListQuery,
  rowErrorsQuery,
  selectUploadType,
  uploadChoices,
  validateImportReportSearch,
  validateImportsSearch,
  validateImportUploadSearch,
} from './import-search'

describe('the report list URL', () => {
  it('keeps a known file type, a store and paging', () => {
    expect(validateImportsSearch({ type: 'FEA_ALERT', store: '2', page: 3, size: 50 })).toEqual({ type: 'FEA_ALERT', store: 2, page: 3, size: 50 })
  })

  it('drops what it cannot read, and the first page', () => {
    expect(validateImportsSearch({ type: 'NOPE', store: -1, page: 0, size: 5000 })).toEqual({
      type: undefined,
      store: undefined,
      page: undefined,
      size: undefined,
    })
  })

  it('is one call', () => {
    expect(reportListQuery(1, { type: 'RECALL', page: 2 })).toEqual({ enterpriseId: 1, fileType: 'RECALL', storeId: undefined, page: 2, size: 20 })
  })
})

describe('the upload URL', () => {
  it('leaves the default file type out and checks the recall type', () => {
    expect(validateImportUploadSearch({ store: 1, type: 'RECALL', recallType: 'EMISSIONS' })).toEqual({
      store: 1,
      type: undefined,
      recallType: 'EMISSIONS',
    })
    expect(validateImportUploadSearch({ type: 'DMS_SALES', recallType: 'x y' })).toEqual({ store: undefined, type: 'DMS_SALES', recallType: undefined })
  })

  it('fills in the defaults, the only store among them', () => {
    expect(uploadChoices({}, 4)).toEqual({ store: 4, type: 'RECALL', recallType: undefined })
    expect(uploadChoices({ store: 2, recallType: 'WARRANTY_EXTENSION' }, 4)).toEqual({ store: 2, type: 'RECALL', recallType: 'WARRANTY_EXTENSION' })
    expect(uploadChoices({ type: 'FEA_ALERT', recallType: 'SAFETY' })).toEqual({ store: undefined, type: 'FEA_ALERT', recallType: undefined })
  })

  it('keeps a recall type only for recall files', () => {
    expect(selectUploadType({ store: 1, recallType: 'EMISSIONS' }, 'PREPAID_MAINTENANCE')).toEqual({
      store: 1,
      type: 'PREPAID_MAINTENANCE',
      recallType: undefined,
    })
    expect(selectUploadType({ type: 'FEA_ALERT', recallType: 'EMISSIONS' }, 'RECALL')).toEqual({ type: undefined, recallType: 'EMISSIONS' })
  })
})

describe('the report URL', () => {
  it('pages the row errors and the rows apart', () => {
    const search = validateImportReportSearch({ errorsPage: '1', rowsPage: 2, rowsSize: 50, errorsSize: 0 })
    expect(search).toEqual({ errorsPage: 1, errorsSize: undefined, rowsPage: 2, rowsSize: 50 })
    expect(rowErrorsQuery(7, search)).toEqual({ reportId: 7, page: 1, size: 10 })
    expect(importedRowsQuery(7, search)).toEqual({ reportId: 7, page: 2, size: 50 })
  })
})
