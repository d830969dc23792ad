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

  it('shows the Toyota error alert disabled, saying why', () => {
    const onChange = vi.fn()
    view.render(<PlannerViewPicker value="0k" onChange={onChange} />)
    const toyota = radios().find((r) => labelOf(r) === 'Toyota error alert')!
    expect(toyota.disabled).toBe(true)
    expect(toyota.closest('label')!.title).toBe('Needs alert files (imports)')
    const note = document.getElementById(toyota.getAttribute('aria-describedby')!)
    expect(note?.textContent).toBe('Toyota error alert: Needs alert files (imports)')
    act(() => toyota.click())
    expect(onChange).not.toHaveBeenCalled()
  })
})
