import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { pressKey, setupTestRoot } from '../../test/render'
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

  it('sorts on the server: headers say the order and ask for the next one', () => {
    const onChange = vi.fn()
    const sortable = column.columns([
      column.accessor('id', { header: 'ID', enableSorting: false }),
      column.accessor('name', { header: 'Name', sortDescFirst: false }),
      column.accessor((p) => p.id * 2, { id: 'double', header: 'Double', sortDescFirst: true }),
    ])
    const rows = [{ id: 1, name: 'Ada' }]
    view.render(
      <DataTable label="People" columns={sortable} data={rows} getRowId={rowId} sorting={{ id: 'name', desc: false, onChange }} />,
    )
    const headers = [...view.container.querySelectorAll('th')]
    expect(headers.map((th) => th.getAttribute('aria-sort'))).toEqual([null, 'ascending', 'none'])
    expect(headers[0]!.querySelector('button')).toBeNull()
    act(() => headers[1]!.querySelector('button')!.click())
    expect(onChange).toHaveBeenLastCalledWith({ id: 'name', desc: true })
    act(() => headers[2]!.querySelector('button')!.click())
    expect(onChange).toHaveBeenLastCalledWith({ id: 'double', desc: true })
  })

  it('without sorting, headers are plain text', () => {
    render({ data: [{ id: 1, name: 'Ada' }] })
    expect(view.container.querySelectorAll('th button')).toHaveLength(0)
    expect(view.container.querySelector('th')!.hasAttribute('aria-sort')).toBe(false)
  })

  it('shows a footer row when a column defines one (a totals row)', () => {
    const withFooter = column.columns([
      column.accessor('id', { header: 'ID', footer: 'Total' }),
      column.accessor('name', { header: 'Name', footer: () => <strong>2 people</strong> }),
    ])
    view.render(<DataTable label="People" columns={withFooter} data={[{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }]} getRowId={rowId} />)
    const footer = view.container.querySelectorAll('tfoot tr')
    expect(footer).toHaveLength(1)
    expect([...footer[0]!.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Total', '2 people'])
  })

  it('has no footer when no column defines one', () => {
    render({ data: [{ id: 1, name: 'Ada' }] })
    expect(view.container.querySelector('tfoot')).toBeNull()
  })

  it('leaves clicks and keys on controls inside a row to the controls', () => {
    const onRowClick = vi.fn()
    const onButton = vi.fn()
    const withButton = column.columns([
      column.accessor('name', { header: 'Name' }),
      column.display({ id: 'act', header: 'Act', cell: () => <button onClick={onButton}>Act</button> }),
    ])
    view.render(<DataTable label="People" columns={withButton} data={[{ id: 1, name: 'Ada' }]} getRowId={rowId} onRowClick={onRowClick} />)
    const button = view.container.querySelector('tbody button') as HTMLButtonElement
    act(() => button.click())
    expect(onButton).toHaveBeenCalledTimes(1)
    expect(onRowClick).not.toHaveBeenCalled()
    pressKey(button, 'Enter')
    expect(onRowClick).not.toHaveBeenCalled()
    pressKey(bodyRows()[0]!, 'Enter')
    expect(onRowClick).toHaveBeenCalledTimes(1)
  })
})
