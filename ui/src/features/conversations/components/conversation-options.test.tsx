import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../../lib/config'
import { getNotices } from '../../../lib/notices'
import * as saving from '../../../lib/save-file'
import { accessWith } from '../../../test/access'
import { setupTestRoot } from '../../../test/render'
import { ConversationOptions } from './conversation-options'

const view = setupTestRoot()

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

/** Signs in a store user whose `access` says whether the server gives them the inbound-appointment view. */
function signIn(inboundView: boolean) {
  localStorage.setItem(
    STORAGE_KEYS.userData,
    JSON.stringify({
      authToken: 'tok',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      roles: ['OFFICE_USER'],
      empLevel: 'STORE',
      callingFeature: false,
      access: accessWith({ inboundView }),
    }),
  )
}

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function render(leadTools: boolean) {
  view.render(
    <QueryClientProvider client={new QueryClient()}>
      <ConversationOptions leadId={7} lead={{ aiEnabled: false, dtDialogEnabled: false, conversationClosed: false }} leadTools={leadTools} compact />
    </QueryClientProvider>,
  )
  const button = view.container.querySelector<HTMLButtonElement>('[data-testid="conversation-options"]')!
  act(() => button.click())
  return button
}

const menu = () => document.querySelector('[role="menu"][aria-label="Conversation options"]')
const labels = () => [...(menu()?.querySelectorAll('button') ?? [])].map((b) => b.textContent)

describe('ConversationOptions', () => {
  it("offers the handoffs, the AI switch and, on staff screens, the lead's tools", () => {
    const button = render(true)
    expect(button.getAttribute('aria-label')).toBe('Conversation options')
    expect(labels()).toEqual([
      'GM Handoff',
      'Manual Handoff',
      'AI off',
      'Conversation open',
      'No-show',
      'E-mail follow-up',
      'Download transcript',
    ])
  })

  it('closes the conversation, and posts the no-show and e-mail follow-up tracks', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ id: 7 }), { headers: { 'Content-Type': 'application/json' } }))
    const item = (name: string) => [...menu()!.querySelectorAll('button')].find((b) => b.textContent === name)!
    for (const name of ['Conversation open', 'No-show', 'E-mail follow-up']) {
      view.render(<></>)
      render(true)
      act(() => item(name).click())
      await settle()
    }
    expect(fetch.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`)).toEqual([
      'PUT /api/future-service-interaction/conversationClosed?id=7&conversationClosed=true',
      'POST /api/future-service-interaction/workflow/track?id=7&track=CUSTOMER_NO_SHOW',
      'POST /api/future-service-interaction/workflow/track?id=7&track=FOLLOW_UP_EMAIL',
    ])
  })

  it("leaves the lead's tools out where they are not asked for", () => {
    render(false)
    expect(labels()).toEqual(['GM Handoff', 'Manual Handoff', 'AI off'])
  })

  it("downloads the conversation's transcript under the server's name", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('Dana: hi', { headers: { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename="transcript-7.txt"' } }),
    )
    const save = vi.spyOn(saving, 'saveFile').mockImplementation(() => undefined)
    render(true)
    const item = [...menu()!.querySelectorAll('button')].find((b) => b.textContent === 'Download transcript')!
    act(() => item.click())
    await settle()
    expect((fetch.mock.calls[0] as [string])[0]).toBe('/api/svc-message-instance/download/transcript/7')
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'transcript-7.txt')
    expect(menu()).toBeNull()
  })

  describe('the inbound-appointment view', () => {
    const dialog = () => document.querySelector<HTMLDialogElement>('[data-testid="inbound-appointment-dialog"]')
    const radio = (value: string) => dialog()!.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`)!
    const submit = () => act(() => dialog()!.querySelector('form')!.requestSubmit())
    const openDialog = () => {
      const item = [...menu()!.querySelectorAll('button')].find((b) => b.textContent === 'Inbound appointment…')!
      act(() => item.click())
    }

    it('is offered only to a user whose access has the inbound view', () => {
      signIn(false)
      render(false)
      expect(labels()).not.toContain('Inbound appointment…')

      view.render(<></>)
      signIn(true)
      render(false)
      expect(labels()).toEqual(['GM Handoff', 'Manual Handoff', 'AI off', 'Inbound appointment…'])
    })

    it("lists the server's nine values in the specification's order, with labels for people", () => {
      signIn(true)
      render(true)
      openDialog()
      expect(menu()).toBeNull()
      expect(dialog()!.getAttribute('aria-labelledby')).toBeTruthy()
      const choices = [...dialog()!.querySelectorAll<HTMLInputElement>('input[type="radio"]')]
      expect(choices.map((c) => c.value)).toEqual([
        'DETECTED_AUTO',
        'CUSTOMER_SAY_NO',
        'CUSTOMER_SAY_NO_AND_DETECTED_AUTO',
        'CUSTOMER_SAY_YES',
        'CUSTOMER_SAY_YES_AND_DETECTED_AUTO',
        'CUSTOMER_SAY_YES_AND_DETECTED_AUTO_AND_DETECTED_SVC',
        'SERVICE_AND_MILEAGE_DETECTED',
        'SERVICE_DETECTED',
        'DT_DETECTED',
      ])
      expect(radio('CUSTOMER_SAY_YES').closest('label')!.querySelector('span span')!.textContent).toBe('Customer said yes')
    })

    it("posts the value picked, says 'Successfully Updated' and closes", async () => {
      const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ id: 90 }), { headers: { 'Content-Type': 'application/json' } }))
      signIn(true)
      render(true)
      openDialog()
      // Nothing picked yet: nothing is sent.
      submit()
      expect(dialog()!.querySelector('[role="alert"]')!.textContent).toBe('Pick what the assistant found')
      act(() => radio('CUSTOMER_SAY_YES').click())
      submit()
      await settle()
      expect(fetch.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`)).toEqual([
        'POST /api/future-service-interaction/workflow/inbound-appointment?future-service-interaction-id=7&parameter=CUSTOMER_SAY_YES',
      ])
      expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Successfully Updated' })
      expect(dialog()).toBeNull()
    })

    it("shows the server's refusal in the dialog, in its words", async () => {
      const refusal = 'Your enterprise has the inbound-appointment view off for enterprise users'
      vi.spyOn(globalThis, 'fetch').mockImplementation(
        async () => new Response(JSON.stringify({ message: refusal, errors: [refusal] }), { status: 403, headers: { 'Content-Type': 'application/json' } }),
      )
      signIn(true)
      render(true)
      openDialog()
      act(() => radio('DT_DETECTED').click())
      submit()
      await settle()
      expect(dialog()!.querySelector('[role="alert"]')!.textContent).toBe(refusal)
    })
  })
})
