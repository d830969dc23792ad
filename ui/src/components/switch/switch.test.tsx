import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../test/render'
import { Switch } from './switch'

const view = setupTestRoot()

describe('Switch', () => {
  it('is a named switch that asks for the other state', () => {
    const onChange = vi.fn()
    view.render(<Switch checked label="AI for Ada" onChange={onChange} />)
    const button = view.container.querySelector('[role="switch"]') as HTMLButtonElement
    expect(button.getAttribute('aria-checked')).toBe('true')
    expect(button.getAttribute('aria-label')).toBe('AI for Ada')
    act(() => button.click())
    expect(onChange).toHaveBeenCalledWith(false)
  })

  it('waits while a change is saved', () => {
    view.render(<Switch checked={false} label="AI" pending onChange={() => undefined} />)
    const button = view.container.querySelector('[role="switch"]') as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')
  })
})
