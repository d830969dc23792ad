import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import { ReviewStatusFilter } from './review-status-filter'

const view = setupTestRoot()
const boxes = () => [...view.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
const labelOf = (box: HTMLInputElement) => box.closest('label')!.textContent
const allButton = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'All statuses')!

describe('ReviewStatusFilter', () => {
  it('is a labelled group of status chips, each a checkbox with its meaning on hover', () => {
    view.render(<ReviewStatusFilter value={['NOT_MATCHED', 'REJECTED']} onChange={vi.fn()} />)
    expect(view.container.querySelector('legend')!.textContent).toBe('Status')
    expect(boxes().map(labelOf)).toEqual([
      'Not matched',
      'Not textable',
      'Not eligible',
      'Lead created',
      'Lead exists',
      'Pending',
      'Accepted',
      'Rejected',
    ])
    expect(boxes().filter((b) => b.checked).map(labelOf)).toEqual(['Not matched', 'Rejected'])
    expect(boxes()[1]!.closest('label')!.title).toContain('no mobile number')
    expect(allButton().disabled).toBe(false)
  })

  it('adds and removes statuses, and clears them all', () => {
    const onChange = vi.fn()
    view.render(<ReviewStatusFilter value={['REJECTED']} onChange={onChange} />)
    act(() => boxes()[0]!.click())
    expect(onChange).toHaveBeenLastCalledWith(['NOT_MATCHED', 'REJECTED'])
    act(() => boxes()[7]!.click())
    expect(onChange).toHaveBeenLastCalledWith([])
    act(() => allButton().click())
    expect(onChange).toHaveBeenLastCalledWith([])
  })

  it('has nothing to clear when every status is shown', () => {
    view.render(<ReviewStatusFilter value={[]} onChange={vi.fn()} />)
    expect(boxes().some((b) => b.checked)).toBe(false)
    expect(allButton().disabled).toBe(true)
  })
})
