import { describe, expect, it } from 'vitest'
import {
  applyReviewFilters,
  reportListQuery,
  reviewRowsParams,
  reviewRowsQuery,
  rowErrorsQuery,
  selectUploadStore,
  selectUploadType,
  uploadChoices,
  validateImportReportSearch,
  validateImportsSearch,
  validateImportUploadSearch,
  vinSearch,
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

  it("keeps the file's data source only while the store stays", () => {
    expect(validateImportUploadSearch({ store: 1, source: '7' }).source).toBe(7)
    expect(validateImportUploadSearch({ source: 'x' }).source).toBeUndefined()
    expect(selectUploadStore({ store: 1, source: 7, type: 'DMS_SALES' }, 1)).toEqual({ store: 1, source: 7, type: 'DMS_SALES' })
    expect(selectUploadStore({ store: 1, source: 7, type: 'DMS_SALES' }, 2)).toEqual({ store: 2, source: undefined, type: 'DMS_SALES' })
    expect(selectUploadType({ store: 1, source: 7 }, 'DMS_SALES')).toMatchObject({ source: 7 })
  })
})

describe('the report URL', () => {
  it('pages the row errors and the rows apart', () => {
    const search = validateImportReportSearch({ errorsPage: '1', rowsPage: 2, rowsSize: 50, errorsSize: 0 })
    expect(search).toEqual({ errorsPage: 1, errorsSize: undefined, rowsPage: 2, rowsSize: 50, status: undefined, vin: undefined })
    expect(rowErrorsQuery(7, search)).toEqual({ reportId: 7, page: 1, size: 10 })
    expect(reviewRowsQuery(7, search)).toEqual({ reportId: 7, statuses: [], vin: undefined, page: 2, size: 50 })
  })

  it("keeps the known review statuses once each, in the server's order, and the VIN as the server compares it", () => {
    const search = validateImportReportSearch({ status: ['REJECTED', 'NOT_MATCHED', 'NOPE', 'REJECTED'], vin: ' 5yf6-juvu5ta 000048 ' })
    expect(search.status).toEqual(['NOT_MATCHED', 'REJECTED'])
    expect(search.vin).toBe('5YF6JUVU5TA000048')
    // A hand-written link may list them with commas.
    expect(validateImportReportSearch({ status: 'LEAD_CREATED,ACCEPTED' }).status).toEqual(['LEAD_CREATED', 'ACCEPTED'])
    expect(validateImportReportSearch({ status: 'nope', vin: ' - ' })).toMatchObject({ status: undefined, vin: undefined })
  })

  it('writes a VIN search as the server compares VINs', () => {
    expect(vinSearch('1hgcm 82633-a004352')).toBe('1HGCM82633A004352')
    expect(vinSearch(12345)).toBe('12345')
    expect(vinSearch('   ')).toBeUndefined()
    expect(vinSearch(undefined)).toBeUndefined()
  })

  it('sends the statuses comma-separated, and none for every status', () => {
    const query = reviewRowsQuery(7, { status: ['NOT_MATCHED', 'NOT_TEXTABLE'], vin: '5YF6JUVU5TA000048' })
    expect(reviewRowsParams(query)).toEqual({
      file_report_id: 7,
      status: 'NOT_MATCHED,NOT_TEXTABLE',
      vin: '5YF6JUVU5TA000048',
      page: 0,
      size: 10,
    })
    expect(reviewRowsParams(reviewRowsQuery(7, {}))).toEqual({ file_report_id: 7, status: undefined, vin: undefined, page: 0, size: 10 })
  })

  it('goes back to the first page of the review when its filters change, and keeps the rest', () => {
    const search = { errorsPage: 2, rowsPage: 3, rowsSize: 50, status: ['REJECTED' as const], vin: 'X' }
    expect(applyReviewFilters(search, { status: ['ACCEPTED', 'NOT_MATCHED'] })).toEqual({
      errorsPage: 2,
      rowsPage: undefined,
      rowsSize: 50,
      status: ['NOT_MATCHED', 'ACCEPTED'],
      vin: 'X',
    })
    expect(applyReviewFilters(search, { status: [] }).status).toBeUndefined()
    expect(applyReviewFilters(search, { vin: ' 2t3z87kg8ta000070 ' })).toMatchObject({ status: ['REJECTED'], vin: '2T3Z87KG8TA000070', rowsPage: undefined })
    expect(applyReviewFilters(search, { vin: '' }).vin).toBeUndefined()
  })
})
