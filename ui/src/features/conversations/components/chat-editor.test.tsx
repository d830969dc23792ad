import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot, typeInto } from '../../../test/render'
import { ChatEditor, type ChatEditorHandle } from './chat-editor'
import { missingFieldWarning, missingFieldsLeft, type AppliedTemplate } from './conversation-model'

const view = setupTestRoot()

const EMAIL_FIELD = { key: 'customer_email', group: 'Customer', label: 'Email', placeholder: '{{customer_email}}' }

const applied: AppliedTemplate = {
  title: 'Oil change reminder',
  text: 'Hi Dana, your oil change is due. Reply to {{customer_email}}',
  editorBody: 'Hi Dana,\nyour oil change is due.\nReply to {{customer_email}}',
  missingFields: [EMAIL_FIELD],
}

function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const handle = createRef<ChatEditorHandle>()
  view.render(
    <QueryClientProvider client={client}>
      <ChatEditor leadId={3} customerId={11} canWriteNotes={false} handleRef={handle} />
    </QueryClientProvider>,
  )
  return handle
}

const input = () => view.container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!
const warning = () => view.container.querySelector<HTMLElement>('[data-testid="missing-fields"]')
const chooseMode = (label: string) =>
  act(() => Array.from(view.container.querySelectorAll('label')).find((l) => l.textContent === label)!.click())

describe('ChatEditor with an applied template', () => {
  it('takes the SMS text, and warns while a field the lead has no value for is still in it', () => {
    const handle = render()
    act(() => handle.current!.fill(applied))
    expect(input().value).toBe(applied.text)
    expect(warning()?.getAttribute('role')).toBe('alert')
    expect(warning()?.textContent).toBe(
      'This lead has no Customer › Email: type it in or remove {{customer_email}} before sending',
    )
    expect(input().getAttribute('aria-describedby')).toContain(warning()!.id)

    // Typing the value in instead clears the warning.
    typeInto(input(), 'Hi Dana, your oil change is due. Reply to dana@example.com')
    expect(warning()).toBeNull()
  })

  it('takes the body with its newlines for an e-mail, and its title as an empty subject', () => {
    const handle = render()
    chooseMode('Email')
    act(() => handle.current!.fill({ ...applied, missingFields: [] }))
    expect(input().value).toBe(applied.editorBody)
    expect(view.container.querySelector<HTMLInputElement>('input[aria-label="Subject"]')!.value).toBe('Oil change reminder')
    expect(warning()).toBeNull()
  })

  it('sends what is in the editor', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ id: 1 }), { headers: { 'Content-Type': 'application/json' } }))
    const handle = render()
    act(() => handle.current!.fill({ ...applied, text: 'Hi Dana, your oil change is due.', missingFields: [] }))
    await act(async () => {
      view.container.querySelector('form')!.requestSubmit()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/svc-message-instance/svc-send-message')
    expect(JSON.parse(init.body as string)).toMatchObject({ content: 'Hi Dana, your oil change is due.', messageType: 'SMS' })
  })
})

describe('missingFieldsLeft', () => {
  it('finds a placeholder written with or without spaces inside', () => {
    expect(missingFieldsLeft('mail {{customer_email}}', [EMAIL_FIELD])).toEqual([EMAIL_FIELD])
    expect(missingFieldsLeft('mail {{ customer_email }}', [EMAIL_FIELD])).toEqual([EMAIL_FIELD])
    expect(missingFieldsLeft('mail dana@example.com', [EMAIL_FIELD])).toEqual([])
    expect(missingFieldsLeft('{customer_email}', [EMAIL_FIELD])).toEqual([])
  })

  it('words the warning with the menu and label', () => {
    expect(missingFieldWarning(EMAIL_FIELD)).toBe(
      'This lead has no Customer › Email: type it in or remove {{customer_email}} before sending',
    )
  })
})
