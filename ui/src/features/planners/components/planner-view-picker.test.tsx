import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import { PlannerViewPicker } from './planner-view-picker'

const view = setupTestRoot()
const radios = () => [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')]
const labelOf = (radio: HTMLInputElement) => radio.closest('label')!.textContent

describe('PlannerViewPicker', () => {
  it('offers every planner as one labelled radio group, the picked one checked', () => {
    view.render(<PlannerViewPicker value="10k" onChange={vi.fn()} />)
    expect(view.container.querySelector('legend')!.textContent).toBe('Planner')
    expect(radios()).toHaveLength(21)
    expect(new Set(radios().map((r) => r.name)).size).toBe(1)
    expect(labelOf(radios()[0]!)).toBe('0K')
    expect(radios().filter((r) => r.checked).map(labelOf)).toEqual(['10K'])
  })

  it('reports the planner picked', () => {
    const onChange = vi.fn()
    view.render(<PlannerViewPicker value="0k" onChange={onChange} />)
    const hpoc = radios().find((r) => labelOf(r) === 'HPOC — Honda service pass')!
    act(() => hpoc.click())
    expect(onChange).toHaveBeenCalledWith('hpoc')
  })

  it('offers the Toyota error alert like any planner, with no note', () => {
    const onChange = vi.fn()
    view.render(<PlannerViewPicker value="0k" onChange={onChange} />)
    const toyota = radios().find((r) => labelOf(r) === 'Toyota error alert')!
    expect(toyota.disabled).toBe(false)
    expect(toyota.hasAttribute('aria-describedby')).toBe(false)
    expect(view.container.querySelector('.planner-views__note')).toBeNull()
    act(() => toyota.click())
    expect(onChange).toHaveBeenCalledWith('toyota-error-alert')
  })
})
