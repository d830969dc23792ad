import { describe, expect, it } from 'vitest'
import { DataTable } from '../../../components/data-table/data-table'
import { setupTestRoot } from '../../../test/render'
import { reportColumns, reportRowId, reportRows } from './report-columns'

const view = setupTestRoot()

const columns = [
  { key: 'storeId', label: 'Store id', type: 'INTEGER' },
  { key: 'storeName', label: 'Store', type: 'TEXT' },
  { key: 'texted', label: 'Texted', type: 'INTEGER' },
  { key: 'responseRate', label: 'Response %', type: 'PERCENT' },
  { key: 'amount', label: 'Amount', type: 'MONEY' },
]
const content = [
  { storeId: 3, storeName: 'Desert Sun Nissan', texted: 1200, responseRate: 80, amount: 1253.95 },
  { storeId: 2, storeName: 'Harbor Ford', texted: 16, responseRate: null, amount: 0 },
]

describe('report table', () => {
  it('shows the server’s headers and formats each cell by its type', () => {
    view.render(<DataTable label="Store-wise" columns={reportColumns(columns)} data={reportRows(content)} getRowId={reportRowId} />)
    expect([...view.container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Store id', 'Store', 'Texted', 'Response %', 'Amount'])
    expect([...view.container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['3', 'Desert Sun Nissan', '1,200', '80.0%', '$1,253.95'],
      ['2', 'Harbor Ford', '16', '—', '$0.00'],
    ])
    expect(view.container.querySelector('td.align-end')).not.toBeNull()
    expect(view.container.querySelector('tfoot')).toBeNull()
  })

  it('adds the totals as a bold last row, without sums of ids', () => {
    const totals = { storeId: 5, storeName: null, texted: 1216, responseRate: null, amount: 1253.95 }
    view.render(<DataTable label="Store-wise" columns={reportColumns(columns, totals)} data={reportRows(content)} getRowId={reportRowId} />)
    const cells = [...view.container.querySelectorAll('tfoot td')]
    expect(cells.map((td) => td.textContent)).toEqual(['', 'Total', '1,216', '', '$1,253.95'])
    expect(cells.every((td) => td.querySelector('strong') !== null)).toBe(true)
  })

  it('numbers rows from the page’s first, so ids stay unique across pages', () => {
    expect(reportRows([{ a: 1 }, { a: 2 }], 50).map(reportRowId)).toEqual(['50', '51'])
  })
})
