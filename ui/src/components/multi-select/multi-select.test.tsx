import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../test/render'
import { MultiSelect } from './multi-select'

const view = setupTestRoot()
const options = [
  { value: 1, label: 'Harbor Toyota' },
  { value: 2, label: 'Harbor Ford' },
  { value: 3, label: 'Pacific BMW' },
]

function render(value: number[], onChange = vi.fn()) {
  view.render(<MultiSelect label="Store" allText="All stores" options={options} value={value} onChange={onChange} />)
  return onChange
}

const button = () => view.container.querySelector('.multi-select__button') as HTMLButtonElement
const boxes = () => [...document.querySelectorAll<HTMLInputElement>('.multi-select__popover input[type="checkbox"]')]

describe('MultiSelect', () => {
  it('says what is picked: all, the one, or how many', () => {
    render([])
    expect(button().textContent).toContain('All stores')
    render([2])
    expect(button().textContent).toContain('Harbor Ford')
    render([3, 1])
    expect(button().textContent).toContain('2 selected')
  })

  it('ticks apply at once, in the order of the options', () => {
    const onChange = render([3])
    act(() => button().click())
    expect(button().getAttribute('aria-expanded')).toBe('true')
    expect(boxes().map((b) => b.checked)).toEqual([false, false, true])
    act(() => boxes()[0]!.click())
    expect(onChange).toHaveBeenLastCalledWith([1, 3])
    act(() => boxes()[2]!.click())
    expect(onChange).toHaveBeenLastCalledWith([])
  })

  it('offers to go back to all', () => {
    const onChange = render([1, 2])
    act(() => button().click())
    const clear = document.querySelector('.multi-select__clear') as HTMLButtonElement
    expect(clear.textContent).toBe('All stores')
    act(() => clear.click())
    expect(onChange).toHaveBeenLastCalledWith([])
  })
})
