import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetChatDock } from '../../../lib/chat-dock'
import { setupTestRoot } from '../../../test/render'
import { ChatBox, type ChatTemplatePanelProps } from './chat-box'

const view = setupTestRoot()
afterEach(() => resetChatDock())

const LEAD = {
  id: 3,
  companyId: 7,
  serviceType: 'OIL_CHANGE',
  totalUnreadCount: 0,
  customerMaster: { id: 11, firstName: 'Dana', lastName: 'Reyes', cellular: '+15552013344', blockSms: false },
  storeMaster: { id: 1, store_name: 'Bayline Toyota', officeMasterVO: { timezoneDisplay: 'America/New_York' } },
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
}

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

/** Stands in for the templates feature's panel: says what it was given, and applies a template with a missing field. */
function FakePanel({ leadId, enterpriseId, serviceType, onApply }: ChatTemplatePanelProps) {
  return (
    <section aria-label="Templates" data-given={`${leadId} ${enterpriseId} ${serviceType}`}>
      <button
        type="button"
        onClick={() =>
          onApply({
            text: 'Hi Dana, reply to {{customer_email}}',
            editorBody: 'Hi Dana,\nreply to {{customer_email}}',
            missingFields: [{ key: 'customer_email', group: 'Customer', label: 'Email', placeholder: '{{customer_email}}' }],
          })
        }
      >
        Apply
      </button>
    </section>
  )
}

async function render(withPanel = true) {
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
    Promise.resolve(json(String(input).startsWith('/api/future-service-interaction/3') ? LEAD : [])),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <ChatBox
        box={{ leadId: 3, minimised: false }}
        focused
        focusSeq={undefined}
        now={Date.parse('2026-03-01T12:00:00Z')}
        poll={false}
        privileged={false}
        enterpriseStyle={false}
        currentUsername="office-manager"
        templatePanel={withPanel ? FakePanel : undefined}
      />
    </QueryClientProvider>,
  )
  await settle()
}

const toggle = () => view.container.querySelector<HTMLButtonElement>('button[aria-label="Templates"]')!
const log = () => view.container.querySelector('[role="log"][aria-label="Messages"]')
const panel = () => view.container.querySelector<HTMLElement>('section[aria-label="Templates"]')

describe('ChatBox templates', () => {
  it('toggles between the conversation and the template list, which gets the lead, its enterprise and service type', async () => {
    await render()
    expect(toggle().getAttribute('aria-pressed')).toBe('false')
    expect(log()).not.toBeNull()
    expect(panel()).toBeNull()

    act(() => toggle().click())
    expect(toggle().getAttribute('aria-pressed')).toBe('true')
    expect(log()).toBeNull()
    expect(panel()?.dataset.given).toBe('3 7 OIL_CHANGE')
    // The editor stays.
    expect(view.container.querySelector('textarea[aria-label="Message"]')).not.toBeNull()

    act(() => toggle().click())
    expect(panel()).toBeNull()
    expect(log()).not.toBeNull()
  })

  it('Apply fills the editor, warns of the missing field and shows the conversation again', async () => {
    await render()
    act(() => toggle().click())
    act(() => panel()!.querySelector('button')!.click())
    const input = view.container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!
    expect(input.value).toBe('Hi Dana, reply to {{customer_email}}')
    expect(document.activeElement).toBe(input)
    expect(view.container.querySelector('[data-testid="missing-fields"]')?.textContent).toBe(
      'This lead has no Customer › Email: type it in or remove {{customer_email}} before sending',
    )
    expect(panel()).toBeNull()
    expect(log()).not.toBeNull()
  })

  it('has no Templates toggle without a template panel', async () => {
    await render(false)
    expect(toggle()).toBeNull()
    expect(log()).not.toBeNull()
  })
})
