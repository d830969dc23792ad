import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { enterpriseStoresKeys, type EnterpriseStores } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { pressKey, setupTestRoot, typeInto } from '../../../test/render'
import type { PlannerFilterValues } from '../planner-search'
import { PlannerFilters, type PlannerFiltersProps } from './planner-filters'

const view = setupTestRoot()
const stores = [
  { id: 1, storeName: 'Harbor Toyota' },
  { id: 2, storeName: 'Harbor Ford' },
] as EnterpriseStores

function render(value: PlannerFilterValues, props: Partial<PlannerFiltersProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  client.setQueryData(enterpriseStoresKeys.list(1), stores)
  const onChange = vi.fn()
  const onReset = vi.fn()
  view.render(
    <QueryClientProvider client={client}>
      <PlannerFilters enterpriseId={1} value={value} today="2026-11-22" onChange={onChange} onReset={onReset} resetDisabled={false} {...props} />
    </QueryClientProvider>,
  )
  return { onChange, onReset }
}

/** The control inside the filter labelled `text`. */
function field<T extends HTMLElement>(text: string): T {
  const label = [...view.container.querySelectorAll('label')].find((l) => l.querySelector('span')?.textContent === text)
  if (!label) throw new Error(`no field ${text}`)
  return label.querySelector('input, select') as T
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

describe('PlannerFilters', () => {
  it('shows the defaults: every store, today, 0 to 30 days', () => {
    render({})
    const store = field<HTMLSelectElement>('Store')
    expect([...store.options].map((o) => o.text)).toEqual(['All stores', 'Harbor Toyota', 'Harbor Ford'])
    expect(store.value).toBe('')
    expect(field<HTMLInputElement>('Planner date').value).toBe('22/11/2026')
    expect(field<HTMLInputElement>('Min days').value).toBe('0')
    expect(field<HTMLInputElement>('Max days').value).toBe('30')
    expect(view.container.textContent).not.toContain('Mileage')
  })

  it('applies a store, a date and hard run at once', () => {
    const { onChange } = render({ maxDays: 60 })
    choose(field('Store'), '2')
    expect(onChange).toHaveBeenLastCalledWith({ maxDays: 60, store: 2 })
    typeInto(field('Planner date'), '2026-12-01')
    expect(onChange).toHaveBeenLastCalledWith({ maxDays: 60, date: '2026-12-01' })
    const hardRun = [...view.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')][0]!
    act(() => hardRun.click())
    expect(onChange).toHaveBeenLastCalledWith({ maxDays: 60, hardRun: true })
  })

  it('applies a day count on Enter or when left, and puts back anything that is not a whole number', () => {
    const { onChange } = render({})
    const min = field<HTMLInputElement>('Min days')
    typeInto(min, '-3650')
    expect(onChange).not.toHaveBeenCalled()
    pressKey(min, 'Enter')
    expect(onChange).toHaveBeenLastCalledWith({ minDays: -3650 })

    const max = field<HTMLInputElement>('Max days')
    typeInto(max, '')
    act(() => {
      max.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    })
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(max.value).toBe('30')
  })

  it('shows a day count the URL changed', () => {
    render({ minDays: -5 })
    expect(field<HTMLInputElement>('Min days').value).toBe('-5')
    render({})
    expect(field<HTMLInputElement>('Min days').value).toBe('0')
  })

  it('offers the milestones of "Any mileage" when asked, and Reset', () => {
    const onMileage = vi.fn()
    const { onReset } = render({}, { mileage: { value: 30_000, onChange: onMileage } })
    const mileage = field<HTMLSelectElement>('Mileage')
    expect(mileage.options[0]!.text).toBe('30K')
    expect(mileage.options[mileage.options.length - 1]!.text).toBe('130K')
    choose(mileage, '45000')
    expect(onMileage).toHaveBeenCalledWith(45_000)
    const reset = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Reset')!
    act(() => reset.click())
    expect(onReset).toHaveBeenCalled()
  })

  it('offers the error-alert list store, customer and Lexus, without the planner date, window or hard run', () => {
    const { onChange } = render({ store: 1 }, { variant: 'error-alert' })
    const text = view.container.textContent
    expect(text).not.toContain('Planner date')
    expect(text).not.toContain('Min days')
    expect(text).not.toContain('Hard run')
    expect(field<HTMLSelectElement>('Store').value).toBe('1')
    const checks = [...view.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
    expect(checks.map((c) => c.closest('label')!.textContent)).toEqual(['Include Lexus'])
    act(() => checks[0]!.click())
    expect(onChange).toHaveBeenLastCalledWith({ store: 1, lexus: true })
  })
})
