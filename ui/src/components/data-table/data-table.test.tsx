import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataTable, type DataTableProps } from './data-table'
import { createDataTableColumnHelper } from './data-table-features'

interface Person {
  id: number
  name: string
}

const column = createDataTableColumnHelper<Person>()
const columns = column.columns([column.accessor('id', { header: 'ID' }), column.accessor('name', { header: 'Name' })])
const rowId = (p: Person) => String(p.id)

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLDivElement
let root: Root

beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
})

function render(props: Partial<DataTableProps<Person>>) {
  act(() => root.render(<DataTable label="People" columns={columns} data={[]} getRowId={rowId} {...props} />))
}

const bodyRows = () => [...container.querySelectorAll('tbody tr')]

describe('DataTable', () => {
  it('renders the rows', () => {
    render({ data: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }] })
    expect(bodyRows().map((tr) => tr.textContent)).toEqual(['1Ada', '2Grace'])
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['ID', 'Name'])
  })

  it("shows 'No records available.' for an empty list", () => {
    render({ data: [] })
    expect(bodyRows()).toHaveLength(1)
    expect(bodyRows()[0]!.textContent).toBe('No records available.')
  })

  it('shows placeholder rows while the first load runs', () => {
    render({ data: undefined, isLoading: true, skeletonRows: 3 })
    expect(container.querySelectorAll('tbody tr.data-table__skeleton')).toHaveLength(3)
  })

  it('highlights the selected row and reports clicks', () => {
    const onRowClick = vi.fn()
    render({ data: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }], selectedRowId: '2', onRowClick })
    expect(bodyRows()[1]!.getAttribute('aria-selected')).toBe('true')
    act(() => (bodyRows()[0] as HTMLElement).click())
    expect(onRowClick).toHaveBeenCalledWith({ id: 1, name: 'Ada' })
  })

  it('pages on the server: shows the range and asks for the next page', () => {
    const onChange = vi.fn()
    render({
      data: [{ id: 21, name: 'U' }],
      paging: { pageIndex: 1, pageSize: 20, rowCount: 45, onChange },
    })
    expect(container.textContent).toContain('21–40 of 45')
    expect(container.textContent).toContain('Page 2 of 3')
    act(() => (container.querySelector('[aria-label="Next page"]') as HTMLButtonElement).click())
    expect(onChange).toHaveBeenCalledWith({ pageIndex: 2, pageSize: 20 })
  })
})
