import { describe, expect, it } from 'vitest'
import { tableMinWidth } from './data-table-features'

describe('tableMinWidth', () => {
  it('adds the fixed widths and room for each flexible column', () => {
    expect(tableMinWidth([{ width: '13rem' }, undefined, { width: '80px' }, {}])).toBe('38rem')
  })

  it('leaves out columns that may hide on narrow screens', () => {
    expect(tableMinWidth([{ width: '8rem' }, { width: '12rem', className: 'import-col--medium' }])).toBe('8rem')
  })
})
