import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pressKey, setupTestRoot, typeInto } from '../../test/render'
import { SearchInput, type SearchInputProps } from './search-input'

const view = setupTestRoot()

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function render(props: Partial<SearchInputProps> = {}) {
  const onSearch = props.onSearch ?? vi.fn()
  view.render(<SearchInput value="" label="Search things" {...props} onSearch={onSearch} />)
  return onSearch
}

const input = () => view.container.querySelector('input')!
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('SearchInput', () => {
  it('is a labelled search box with the given placeholder and extra class', () => {
    render({ placeholder: 'Name or number', className: 'simulator__search' })
    expect(input().type).toBe('search')
    expect(input().getAttribute('aria-label')).toBe('Search things')
    expect(input().placeholder).toBe('Name or number')
    expect(input().className).toBe('search-input simulator__search')
  })

  it('searches with the trimmed text once typing pauses', () => {
    const onSearch = render({ delayMs: 300 })
    typeInto(input(), 'ma')
    wait(200)
    typeInto(input(), ' mary ')
    wait(299)
    expect(onSearch).not.toHaveBeenCalled()
    wait(1)
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('mary')
  })

  it('searches at once on Enter, and not again when the wait ends', () => {
    const onSearch = render()
    typeInto(input(), 'bay')
    pressKey(input(), 'Enter')
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('bay')
    wait(1000)
    expect(onSearch).toHaveBeenCalledTimes(1)
  })

  it('does not search for what is already shown', () => {
    const onSearch = render({ value: 'bay' })
    typeInto(input(), ' bay ')
    wait(1000)
    pressKey(input(), 'Enter')
    expect(onSearch).not.toHaveBeenCalled()
  })

  it('shows a value that changed from outside (back button, link)', () => {
    const onSearch = vi.fn()
    render({ value: 'old', onSearch })
    typeInto(input(), 'half-typed')
    render({ value: 'new', onSearch })
    expect(input().value).toBe('new')
  })
})
