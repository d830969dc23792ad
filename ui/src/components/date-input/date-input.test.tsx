import { act, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot, typeInto } from '../../test/render'
import { DateInput } from './date-input'

const view = setupTestRoot()

function Field({ initial, onDay, min, required }: { initial: string; onDay: (day: string) => void; min?: string; required?: boolean }) {
  const [value, setValue] = useState(initial)
  return (
    <label>
      Day
      <DateInput
        value={value}
        min={min}
        required={required}
        onChange={(day) => {
          onDay(day)
          setValue(day)
        }}
      />
    </label>
  )
}

const input = () => view.container.querySelector<HTMLInputElement>('input[type="text"]')!

describe('DateInput', () => {
  it('shows DD/MM/YYYY and hands on the day typed, as YYYY-MM-DD', () => {
    const onDay = vi.fn()
    view.render(<Field initial="2026-11-03" onDay={onDay} />)
    expect(input().value).toBe('03/11/2026')
    typeInto(input(), '4/12/2026')
    expect(onDay).toHaveBeenLastCalledWith('2026-12-04')
    expect(input().value).toBe('04/12/2026')
  })

  it('waits for a whole day, and a half-typed one goes back on leaving the field', () => {
    const onDay = vi.fn()
    view.render(<Field initial="2026-11-03" onDay={onDay} />)
    typeInto(input(), '04/12/20')
    expect(onDay).not.toHaveBeenCalled()
    expect(input().getAttribute('aria-invalid')).toBe('true')
    act(() => input().dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
    expect(input().value).toBe('03/11/2026')
  })

  it('refuses a day outside its bounds, and an empty required field', () => {
    const onDay = vi.fn()
    view.render(<Field initial="2026-11-03" min="2026-11-03" required onDay={onDay} />)
    typeInto(input(), '02/11/2026')
    expect(input().title).toBe('Choose 03/11/2026 or later')
    typeInto(input(), '')
    expect(onDay).not.toHaveBeenCalled()
  })

  it('takes a pasted YYYY-MM-DD, and clears when it may', () => {
    const onDay = vi.fn()
    view.render(<Field initial="" onDay={onDay} />)
    typeInto(input(), '2026-01-31')
    expect(onDay).toHaveBeenLastCalledWith('2026-01-31')
    typeInto(input(), '')
    expect(onDay).toHaveBeenLastCalledWith('')
  })
})
