import { describe, expect, it } from 'vitest'
import {
  applyBulkFilters,
  bulkInitiateBody,
  bulkSelection,
  canStartRun,
  dismissRun,
  previewStatus,
  selectAllTypesTemplate,
  selectBulkList,
  selectionKey,
  selectTypeTemplate,
  setNotTexted,
  showRun,
  templateOverrides,
  templateServiceTypes,
  textedCount,
  validateBulkSearch,
  type BulkSearch,
  type HeldPreview,
  type DryRunCounts,
} from './bulk-search'

describe('validateBulkSearch', () => {
  it('reads every part, numbers and lists from text too', () => {
    expect(
      validateBulkSearch({
        list: 'no-response',
        store: '3,8',
        serviceType: ['OIL_CHANGE', 'SVC_7500', 'OIL_CHANGE'],
        from: '2026-11-01',
        to: '2026-11-30',
        search: ' Adams ',
        template: '12',
        templateFor: ['SVC_7500:14', 'OIL_CHANGE:9'],
        run: 42,
        notTexted: 'true',
        page: '2',
        size: 50,
      }),
    ).toEqual({
      list: 'no-response',
      store: [3, 8],
      serviceType: ['OIL_CHANGE', 'SVC_7500'],
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'Adams',
      template: 12,
      templateFor: ['OIL_CHANGE:9', 'SVC_7500:14'],
      run: 42,
      notTexted: true,
      page: 2,
      size: 50,
    })
  })

  it('drops defaults and anything unreadable', () => {
    const search = validateBulkSearch({
      list: 'first-interaction',
      store: 'x',
      serviceType: ['oil change', 'ALL_GOOD'],
      from: '2026-02-30',
      search: '   ',
      template: -1,
      templateFor: ['ALL:3', 'OIL_CHANGE:0', 'nonsense', 7, 'CHECK_UP:4', 'CHECK_UP:5'],
      run: 'latest',
      notTexted: 'no',
      page: 0,
      size: 1000,
    })
    expect(search).toEqual({
      list: undefined,
      store: undefined,
      serviceType: ['ALL_GOOD'],
      from: undefined,
      to: undefined,
      search: undefined,
      template: undefined,
      // One per type, the last wins; ALL is the `template` parameter's.
      templateFor: ['CHECK_UP:5'],
      run: undefined,
      notTexted: undefined,
      page: undefined,
      size: undefined,
    })
    expect(validateBulkSearch({ list: 'archived' }).list).toBeUndefined()
  })

  it('keeps a well-formed service type whatever the list, and drops a malformed one', () => {
    expect(validateBulkSearch({ serviceType: 'PRE_CSI_LIST, oil change,FIRST_SERVICE_KIA' }).serviceType).toEqual(['PRE_CSI_LIST', 'FIRST_SERVICE_KIA'])
    expect(validateBulkSearch({ serviceType: ['Oil_Change', '_X', 7] }).serviceType).toBeUndefined()
  })
})

describe('bulkInitiateBody', () => {
  it('sends the list alone for the default selection: every store, standard texts', () => {
    expect(bulkInitiateBody({}, { dryRun: true })).toEqual({ list: 'first-interaction', dryRun: true })
    expect(bulkInitiateBody({}, { dryRun: false })).toEqual({ list: 'first-interaction' })
  })

  it('maps the filters to the lead lists’ search payload and the templates to choices, ALL first', () => {
    const search: BulkSearch = {
      list: 'planner-audit',
      store: [3],
      serviceType: ['OIL_CHANGE'],
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'Adams',
      template: 12,
      templateFor: ['OIL_CHANGE:9', 'SVC_7500:14'],
      run: 7,
      page: 3,
    }
    expect(bulkInitiateBody(bulkSelection(search), { dryRun: false })).toEqual({
      list: 'planner-audit',
      filter: { storeIds: [3], serviceTypes: ['OIL_CHANGE'], startDate: '2026-11-01', endDate: '2026-11-30', searchText: 'Adams' },
      templates: [
        { serviceType: 'ALL', templateId: 12, templateSource: 'CUSTOM' },
        { serviceType: 'OIL_CHANGE', templateId: 9, templateSource: 'CUSTOM' },
        { serviceType: 'SVC_7500', templateId: 14, templateSource: 'CUSTOM' },
      ],
    })
  })

  it('sends per-type templates without an ALL one', () => {
    expect(bulkInitiateBody({ templateFor: ['CHECK_UP:4'] }, { dryRun: true }).templates).toEqual([
      { serviceType: 'CHECK_UP', templateId: 4, templateSource: 'CUSTOM' },
    ])
  })
})

describe('selectionKey and the preview', () => {
  const counts: DryRunCounts = { total: 14, toSend: 10, deferred: 2, skipped: 2 }
  const held = (search: BulkSearch, result = counts): HeldPreview<DryRunCounts> => ({ key: selectionKey(search), result, at: 1 })

  it('is the same for the same selection, whatever the shown run and its table', () => {
    const search: BulkSearch = { store: [3], template: 12 }
    expect(selectionKey({ ...search, run: 9, notTexted: true, page: 2, size: 50 } as BulkSearch)).toBe(selectionKey(search))
    expect(selectionKey(bulkSelection({ ...search, run: 9, page: 2 }))).toBe(selectionKey(search))
    // The default list named or not is the same selection.
    expect(selectionKey({ list: 'first-interaction' })).toBe(selectionKey({}))
  })

  it('changes with the list, any filter or any template', () => {
    const base: BulkSearch = { store: [3] }
    const key = selectionKey(base)
    const changes: BulkSearch[] = [
      selectBulkList(base, 'all'),
      applyBulkFilters(base, { store: [3, 8] }),
      applyBulkFilters(base, { store: [3], serviceType: ['OIL_CHANGE'] }),
      applyBulkFilters(base, { store: [3], from: '2026-11-01' }),
      applyBulkFilters(base, { store: [3], to: '2026-11-30' }),
      applyBulkFilters(base, { store: [3], search: 'Adams' }),
      applyBulkFilters(base, {}),
      selectAllTypesTemplate(base, 12),
      selectTypeTemplate(base, 'OIL_CHANGE', 9),
    ]
    for (const changed of changes) expect(selectionKey(changed)).not.toBe(key)
  })

  it('makes a preview stale when the selection changes, and current again when it comes back', () => {
    const search: BulkSearch = { store: [3] }
    const preview = held(search)
    expect(previewStatus(null, selectionKey(search))).toBe('none')
    expect(previewStatus(preview, selectionKey(search))).toBe('current')
    const changed = applyBulkFilters(search, { store: [3], serviceType: ['OIL_CHANGE'] })
    expect(previewStatus(preview, selectionKey(changed))).toBe('stale')
    expect(previewStatus(preview, selectionKey(applyBulkFilters(changed, { store: [3] })))).toBe('current')
    // Following a run or paging its results does not touch the preview.
    expect(previewStatus(preview, selectionKey(setNotTexted(showRun(search, 5), true)))).toBe('current')
  })

  it('lets the run start only from a current preview that texts someone', () => {
    const search: BulkSearch = {}
    expect(textedCount(counts)).toBe(12)
    expect(canStartRun(null, selectionKey(search))).toBe(false)
    expect(canStartRun(held(search), selectionKey(search))).toBe(true)
    expect(canStartRun(held(search), selectionKey(selectBulkList(search, 'all')))).toBe(false)
    expect(canStartRun(held(search, { total: 3, toSend: 0, deferred: 0, skipped: 3 }), selectionKey(search))).toBe(false)
    expect(canStartRun(held(search, { total: 1, toSend: 0, deferred: 1, skipped: 0 }), selectionKey(search))).toBe(true)
  })
})

describe('URL changes', () => {
  it('keep the shown run when the selection changes, and drop defaults', () => {
    const search: BulkSearch = { list: 'all', store: [3], run: 5, page: 1 }
    expect(selectBulkList(search, 'first-interaction')).toEqual({ store: [3], run: 5, page: 1, list: undefined })
    expect(applyBulkFilters(search, { store: [], serviceType: [], search: '' })).toEqual({
      list: 'all',
      store: undefined,
      serviceType: undefined,
      from: undefined,
      to: undefined,
      search: undefined,
      run: 5,
      page: 1,
    })
  })

  it('set and clear per-type templates, one per type, sorted', () => {
    let search: BulkSearch = {}
    search = selectTypeTemplate(search, 'SVC_7500', 14)
    search = selectTypeTemplate(search, 'OIL_CHANGE', 9)
    search = selectTypeTemplate(search, 'SVC_7500', 15)
    expect(search.templateFor).toEqual(['OIL_CHANGE:9', 'SVC_7500:15'])
    expect(templateOverrides(search)).toEqual({ OIL_CHANGE: 9, SVC_7500: 15 })
    search = selectTypeTemplate(search, 'OIL_CHANGE', undefined)
    search = selectTypeTemplate(search, 'SVC_7500', undefined)
    expect(search.templateFor).toBeUndefined()
    expect(selectAllTypesTemplate({ template: 3 }, undefined).template).toBeUndefined()
  })

  it('show a run from its first page, and dismiss it', () => {
    const search: BulkSearch = { store: [3], run: 4, notTexted: true, page: 3, size: 50 }
    expect(showRun(search, 9)).toEqual({ store: [3], run: 9, notTexted: undefined, page: undefined, size: 50 })
    expect(dismissRun(search)).toEqual({ store: [3], run: undefined, notTexted: undefined, page: undefined, size: 50 })
    expect(setNotTexted(search, false)).toEqual({ store: [3], run: 4, notTexted: undefined, page: undefined, size: 50 })
  })
})

describe('templateServiceTypes', () => {
  const listed = ['SALES_THANKS', 'OIL_CHANGE', 'OIL_CHANGE_10K']

  it("offers the filtered types, else those the preview met (before one, the server's list), plus any with a template", () => {
    expect(templateServiceTypes({ serviceType: ['CHECK_UP'] }, listed, ['RECALL'])).toEqual(['CHECK_UP'])
    expect(templateServiceTypes({ serviceType: ['CHECK_UP'], templateFor: ['SVC_7500:1'] }, listed)).toEqual(['CHECK_UP', 'SVC_7500'])
    expect(templateServiceTypes({}, listed, ['RECALL', 'OIL_CHANGE'])).toEqual(['RECALL', 'OIL_CHANGE'])
    expect(templateServiceTypes({ templateFor: ['SVC_7500:1'] }, listed, ['RECALL'])).toEqual(['SVC_7500', 'RECALL'])
    expect(templateServiceTypes({ templateFor: ['SVC_7500:1'] }, listed)).toEqual([...listed, 'SVC_7500'])
  })

  it('offers only those the preview met and those with a template while the list loads', () => {
    expect(templateServiceTypes({}, undefined, ['RECALL'])).toEqual(['RECALL'])
    expect(templateServiceTypes({ templateFor: ['SVC_7500:1'] })).toEqual(['SVC_7500'])
    expect(templateServiceTypes({ template: 3 }, [])).toEqual([])
  })
})
