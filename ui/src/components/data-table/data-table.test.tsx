import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../test/render'
import { DataTable, type DataTableProps } from './data-table'
import { createDataTableColumnHelper } from './data-table-features'

interface Person {
  id: number
  name: string
}

const column = createDataTableColumnHelper<Person>()
const columns = column.columns([column.accessor('id', { header: 'ID' }), column.accessor('name', { header: 'Name' })])
const rowId = (p: Person) => String(p.id)

const view = setupTestRoot()

function render(props: Partial<DataTableProps<Person>>) {
  view.render(<DataTable label="People" columns={columns} data={[]} getRowId={rowId} {...props} />)
}

const bodyRows = () => [...view.container.querySelectorAll('tbody tr')]

describe('DataTable', () => {
  it('renders the rows', () => {
    render({ data: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }] })
    expect(bodyRows().map((tr) => tr.textContent)).toEqual(['1Ada', '2Grace'])
    expect([...view.container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['ID', 'Name'])
  })

  it("shows 'No records available.' for an empty list", () => {
    render({ data: [] })
    expect(bodyRows()).toHaveLength(1)
    expect(bodyRows()[0]!.textContent).toBe('No records available.')
  })

  it('shows placeholder rows while the first load runs', () => {
    render({ data: undefined, isLoading: true, skeletonRows: 3 })
    expect(view.container.querySelectorAll('tbody tr.data-table__skeleton')).toHaveLength(3)
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
    expect(view.container.textContent).toContain('21–40 of 45')
    expect(view.container.textContent).toContain('Page 2 of 3')
    act(() => (view.container.querySelector('[aria-label="Next page"]') as HTMLButtonElement).click())
    expect(onChange).toHaveBeenCalledWith({ pageIndex: 2, pageSize: 20 })
  })
})
