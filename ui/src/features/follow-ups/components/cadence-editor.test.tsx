import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissNotice, getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import type { Cadence, CadenceStep } from '../api/get-cadence'
import { CadenceEditor } from './cadence-editor'

const view = setupTestRoot()
afterEach(() => {
  for (const notice of getNotices()) dismissNotice(notice.id)
})

const DEFAULTS: [string, number, string, string?][] = [
  ['FU1', 24, 'SMS'],
  ['FU2', 72, 'SMS'],
  ['FU3', 168, 'SMS'],
  ['FUDT', 336, 'SMS'],
  ['E1', 24, 'EMAIL', 'Your service visit at {{office_name}}'],
  ['S1', 48, 'SMS'],
  ['E2', 96, 'EMAIL', 'A reminder from {{office_name}}'],
  ['S2', 168, 'SMS'],
  ['E3', 336, 'EMAIL', 'Last reminder: service due'],
]

function cadence(over: Record<string, Partial<CadenceStep>> = {}): Cadence {
  return {
    storeId: 3,
    steps: DEFAULTS.map(([step, delayHours, channel, subject]) => ({
      step,
      enabled: true,
      delayHours,
      channel,
      custom: false,
      subject,
      body: channel === 'EMAIL' ? `Hello {{customer_first_name}},<br><br>${step} text.` : `Hi {{customer_first_name}}, ${step} text.`,
      ...over[step],
    })),
  }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

interface Call {
  method: string
  url: string
  body: unknown
}

/** Answers GET with `current` and PUT with `onPut`'s answer; records every call. */
function fakeServer(onPut: (body: { steps: Partial<CadenceStep>[] }) => Response) {
  let current = cadence()
  const calls: Call[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    calls.push({ method, url, body })
    if (url === '/api/follow-up/cadence?storeId=3' && method === 'GET') return Promise.resolve(json(current))
    if (url === '/api/follow-up/cadence?storeId=3' && method === 'PUT') {
      const answer = onPut(body as { steps: Partial<CadenceStep>[] })
      if (answer.ok) {
        const changed = (body as { steps: Partial<CadenceStep>[] }).steps
        current = {
          ...current,
          steps: current.steps.map((s) => {
            const change = changed.find((c) => c.step === s.step)
            return change ? { ...s, ...change, body: (change.body ?? s.body).replace(/\n/g, '<br>'), custom: true } : s
          }),
        }
        return Promise.resolve(json(current))
      }
      return Promise.resolve(answer)
    }
    return Promise.resolve(json({ message: 'not found' }, 404))
  })
  return calls
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

async function render({ canEdit = true } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const onDirtyChange = vi.fn()
  view.render(
    <QueryClientProvider client={client}>
      <CadenceEditor storeId={3} canEdit={canEdit} onDirtyChange={onDirtyChange} />
    </QueryClientProvider>,
  )
  await settle()
  return { onDirtyChange }
}

const rowIds = () => [...view.container.querySelectorAll('tbody tr[data-row-id]')].map((r) => r.getAttribute('data-row-id'))
const row = (step: string) => view.container.querySelector<HTMLTableRowElement>(`tbody tr[data-row-id="${step}"]`)!
const field = <T extends Element>(label: string) => view.container.querySelector<T>(`[aria-label="${label}"]`)!
const button = (name: string) => [...view.container.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name)
const status = () => view.container.querySelector('[data-testid="cadence-status"]')?.textContent

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

describe('CadenceEditor', () => {
  it('shows the nine steps in track order with what stops a cadence, a subject only for e-mail steps, and nothing to save', async () => {
    fakeServer(() => json({}, 500))
    await render()
    expect(rowIds()).toEqual(['FU1', 'FU2', 'FU3', 'FUDT', 'E1', 'S1', 'E2', 'S2', 'E3'])
    expect(view.container.querySelector('[data-testid="cadence-stops"]')?.textContent).toContain(
      "A reply, an opt-out, a booked appointment, a closed conversation or a handoff to staff stops a lead's cadence.",
    )
    expect(row('FUDT').textContent).toContain('starts the date-time dialogue')
    expect(field<HTMLInputElement>('E1 subject').value).toBe('Your service visit at {{office_name}}')
    expect(view.container.querySelector('[aria-label="FU1 subject"]')).toBeNull()
    expect(row('FU1').textContent).toContain('No subject (text)')
    // Stored line breaks read as new lines.
    expect(field<HTMLTextAreaElement>('E1 text').value).toBe('Hello {{customer_first_name}},\n\nE1 text.')
    expect(field<HTMLInputElement>('FU3 wait in hours').value).toBe('168')
    expect(row('FU3').textContent).toContain('1 week')
    expect(status()).toBe('No unsaved changes.')
    expect(button('Save')!.disabled).toBe(true)
    expect(button('Reset')!.disabled).toBe(true)
  })

  it('tracks changes, and Reset puts the saved steps back', async () => {
    fakeServer(() => json({}, 500))
    const { onDirtyChange } = await render()
    typeInto(field<HTMLInputElement>('FU2 wait in hours'), '96')
    act(() => field<HTMLButtonElement>('Send S2').click())
    expect(status()).toBe('2 steps changed, not saved yet.')
    expect(row('FU2').textContent).toContain('Unsaved')
    expect(row('S2').querySelector('[role="switch"]')?.getAttribute('aria-checked')).toBe('false')
    expect(onDirtyChange).toHaveBeenLastCalledWith(true)
    expect(button('Save')!.disabled).toBe(false)

    // Typing the saved value back is no change.
    typeInto(field<HTMLInputElement>('FU2 wait in hours'), '72')
    expect(status()).toBe('1 step changed, not saved yet.')

    act(() => button('Reset')!.click())
    expect(status()).toBe('No unsaved changes.')
    expect(row('S2').querySelector('[role="switch"]')?.getAttribute('aria-checked')).toBe('true')
    expect(onDirtyChange).toHaveBeenLastCalledWith(false)
  })

  it('saves only the changed steps, shows the success notice and starts again from the saved cadence', async () => {
    const calls = fakeServer(() => json({}))
    const { onDirtyChange } = await render()
    typeInto(field<HTMLInputElement>('FU2 wait in hours'), '96')
    typeInto(field<HTMLInputElement>('E2 subject'), '  Still due  ')
    choose(field<HTMLSelectElement>('S1 channel'), 'EMAIL')
    // A text made an e-mail needs a subject first.
    expect(row('S1').textContent).toContain('Please Enter Subject')
    expect(button('Save')!.disabled).toBe(true)
    typeInto(field<HTMLInputElement>('S1 subject'), 'Book your visit')
    typeInto(field<HTMLTextAreaElement>('S1 text'), 'Hello\nthere')
    await act(async () => button('Save')!.click())
    await settle()

    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.body).toEqual({
      steps: [
        { step: 'FU2', enabled: true, delayHours: 96, channel: 'SMS', body: 'Hi {{customer_first_name}}, FU2 text.' },
        { step: 'S1', enabled: true, delayHours: 48, channel: 'EMAIL', body: 'Hello\nthere', subject: 'Book your visit' },
        { step: 'E2', enabled: true, delayHours: 96, channel: 'EMAIL', body: 'Hello {{customer_first_name}},\n\nE2 text.', subject: 'Still due' },
      ],
    })
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Successfully Updated' })
    expect(status()).toBe('No unsaved changes.')
    expect(field<HTMLInputElement>('FU2 wait in hours').value).toBe('96')
    expect(row('FU2').textContent).toContain('Store’s own')
    expect(onDirtyChange).toHaveBeenLastCalledWith(false)
  })

  it('lists every problem of a refused save, and marks each on its step until it is edited', async () => {
    fakeServer(() => json({ message: 'E1: Please Enter Subject', errors: ['FU1: unknown field {{nope}}', 'E1: subject must have at most 200 characters', 'Template 9 not found'] }, 400))
    await render()
    typeInto(field<HTMLTextAreaElement>('FU1 text'), 'Hi {{nope}}')
    typeInto(field<HTMLInputElement>('E1 subject'), 'Long subject')
    await act(async () => button('Save')!.click())
    await settle()

    const refusal = view.container.querySelector('[data-testid="cadence-refusal"]')!
    expect(refusal.getAttribute('role')).toBe('alert')
    expect(refusal.textContent).toContain('Not saved: the server found 3 problems.')
    expect([...refusal.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'FU1: unknown field {{nope}}',
      'E1: subject must have at most 200 characters',
      'Template 9 not found',
    ])
    expect(field('FU1 problems').textContent).toBe('unknown field {{nope}}')
    expect(field('E1 problems').textContent).toBe('subject must have at most 200 characters')
    expect(field('FU1 text').getAttribute('aria-invalid')).toBe('true')
    // Nothing was saved: the changes stay.
    expect(status()).toBe('2 steps changed, not saved yet.')
    expect(getNotices()).toHaveLength(0)

    typeInto(field<HTMLTextAreaElement>('FU1 text'), 'Hi {{customer_first_name}}')
    expect(view.container.querySelector('[aria-label="FU1 problems"]')).toBeNull()
    expect(field('E1 problems').textContent).toBe('subject must have at most 200 characters')
  })

  it('explains a refusal for the caller’s role', async () => {
    fakeServer(() => json({ message: 'Access denied', errors: ['Access denied'] }, 403))
    await render()
    typeInto(field<HTMLInputElement>('FU1 wait in hours'), '12')
    await act(async () => button('Save')!.click())
    await settle()
    expect(view.container.querySelector('[data-testid="cadence-refusal"]')?.textContent).toBe(
      'Only managers can change the follow-up cadence, and your role is not one of them. (Access denied)',
    )
    expect(status()).toBe('1 step changed, not saved yet.')
  })

  it('is read-only for users who may not change it', async () => {
    const calls = fakeServer(() => json({}))
    await render({ canEdit: false })
    expect(rowIds()).toHaveLength(9)
    expect(button('Save')).toBeUndefined()
    expect(button('Reset')).toBeUndefined()
    expect(field<HTMLInputElement>('FU1 wait in hours').disabled).toBe(true)
    expect(field<HTMLButtonElement>('Send FU1').disabled).toBe(true)
    expect(field<HTMLTextAreaElement>('FU1 text').readOnly).toBe(true)
    expect(calls.every((c) => c.method === 'GET')).toBe(true)
  })
})
