import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, createRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissNotice, getNotices } from '../../../lib/notices'
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

function render({ canWriteNotes = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const handle = createRef<ChatEditorHandle>()
  view.render(
    <QueryClientProvider client={client}>
      <ChatEditor leadId={3} customerId={11} canWriteNotes={canWriteNotes} handleRef={handle} />
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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })

/** What the server answers an upload of each file name (a Response, or a promise of one). */
type UploadAnswers = Record<string, () => Response | Promise<Response>>

/** A fetch that answers uploads by the file's name and the send call with its message; every call is kept. */
function fakeServer(uploads: UploadAnswers) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input)
    if (url.startsWith('/api/uploadFile')) {
      const file = (init?.body as FormData).get('file') as File
      const answer = uploads[file.name]
      if (!answer) throw new Error(`no answer for ${file.name}`)
      return answer()
    }
    if (url === '/api/svc-message-instance/svc-send-message') return json({ id: 1 })
    throw new Error(`unexpected call ${url}`)
  })
}

const uploaded = (fileName: string, contentType: string, size: number) =>
  json({ url: `http://127.0.0.1:8080/media/tok-${fileName}/${fileName}`, fileName, contentType, size })

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const photo = () => new File([PNG], 'photo.png', { type: 'image/png' })
const brochure = () => new File(['%PDF-1.7 brochure'], 'brochure.pdf', { type: 'application/pdf' })

const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
  })

/** Chooses files in the editor's file input, as the browser's picker does. */
async function choose(...files: File[]) {
  const input = view.container.querySelector<HTMLInputElement>('[data-testid="attachment-input"]')!
  Object.defineProperty(input, 'files', { configurable: true, value: files })
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }))
  })
  await flush()
}

const attachButton = () => view.container.querySelector<HTMLButtonElement>('button[aria-label="Attach file"]')
const chips = () => Array.from(view.container.querySelectorAll<HTMLElement>('[data-testid="attachment"]'))
const refusal = () => view.container.querySelector<HTMLElement>('[data-testid="attachment-refusal"]')
const button = (name: string) => view.container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!
const uploadCalls = (fetch: ReturnType<typeof fakeServer>) =>
  fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/uploadFile')) as [string, RequestInit][]
const sentBody = (fetch: ReturnType<typeof fakeServer>) => {
  const call = fetch.mock.calls.find(([url]) => url === '/api/svc-message-instance/svc-send-message') as [string, RequestInit]
  return JSON.parse(call[1].body as string) as Record<string, unknown>
}

async function sendText(text: string) {
  typeInto(input(), text)
  await act(async () => {
    view.container.querySelector('form')!.requestSubmit()
  })
  await flush()
}

describe('ChatEditor attachments', () => {
  afterEach(() => {
    for (const notice of getNotices()) dismissNotice(notice.id)
  })

  it("uploads a chosen file for the lead at once, and shows it as a chip: a picture's thumbnail, another file's name and size", async () => {
    const fetch = fakeServer({
      'photo.png': () => uploaded('photo.png', 'image/png', 8),
      'brochure.pdf': () => uploaded('brochure.pdf', 'application/pdf', 2048),
    })
    render()
    // A real button, reachable with the keyboard, that opens the picker.
    expect(attachButton()?.type).toBe('button')
    expect(attachButton()?.disabled).toBe(false)
    const picker = view.container.querySelector<HTMLInputElement>('[data-testid="attachment-input"]')!
    const opened = vi.spyOn(picker, 'click').mockImplementation(() => undefined)
    act(() => attachButton()!.click())
    expect(opened).toHaveBeenCalled()

    await choose(photo(), brochure())
    const [first, second] = uploadCalls(fetch)
    expect(first![0]).toBe('/api/uploadFile?fsiId=3')
    expect(first![1].method).toBe('POST')
    expect(((first![1].body as FormData).get('file') as File).name).toBe('photo.png')
    expect(((second![1].body as FormData).get('file') as File).name).toBe('brochure.pdf')

    const [picture, file] = chips()
    const thumb = picture!.querySelector('img')!
    expect(thumb.getAttribute('src')).toBe('http://127.0.0.1:8080/media/tok-photo.png/photo.png')
    expect(thumb.getAttribute('alt')).toBe('photo.png')
    expect(file!.querySelector('img')).toBeNull()
    expect(file!.textContent).toContain('brochure.pdf')
    expect(file!.textContent).toContain('2.0 KB')
    expect(refusal()).toBeNull()
  })

  it('shows a file on its way up with a bar, and waits for it before sending', async () => {
    let finish: (response: Response) => void = () => undefined
    const fetch = fakeServer({ 'photo.png': () => new Promise<Response>((resolve) => (finish = resolve)) })
    render()
    await choose(photo())
    const [chip] = chips()
    expect(chip!.getAttribute('data-status')).toBe('uploading')
    expect(chip!.getAttribute('aria-busy')).toBe('true')
    expect(chip!.querySelector('progress')?.getAttribute('aria-label')).toBe('Uploading photo.png')

    await sendText('Here is the photo')
    expect(getNotices().map((n) => n.message)).toContain('Please wait until the attachments have uploaded')
    expect(fetch.mock.calls.some(([url]) => url === '/api/svc-message-instance/svc-send-message')).toBe(false)

    finish(uploaded('photo.png', 'image/png', 8))
    await flush()
    expect(chips()[0]!.getAttribute('data-status')).toBe('ready')
  })

  it('sends the text with the attachments as mediaUrl, and clears the chips', async () => {
    const fetch = fakeServer({
      'photo.png': () => uploaded('photo.png', 'image/png', 8),
      'brochure.pdf': () => uploaded('brochure.pdf', 'application/pdf', 2048),
    })
    render()
    await choose(photo(), brochure())
    await sendText('Here is the photo')
    expect(sentBody(fetch)).toMatchObject({
      jaguarFutureServiceInteractionId: 3,
      content: 'Here is the photo',
      messageType: 'SMS',
      mediaUrl: [
        'http://127.0.0.1:8080/media/tok-photo.png/photo.png',
        'http://127.0.0.1:8080/media/tok-brochure.pdf/brochure.pdf',
      ],
    })
    expect(chips()).toHaveLength(0)
  })

  it('takes a removed attachment off the draft', async () => {
    const fetch = fakeServer({
      'photo.png': () => uploaded('photo.png', 'image/png', 8),
      'brochure.pdf': () => uploaded('brochure.pdf', 'application/pdf', 2048),
    })
    render()
    await choose(photo(), brochure())
    act(() => button('Remove photo.png').click())
    expect(chips()).toHaveLength(1)
    expect(chips()[0]!.textContent).toContain('brochure.pdf')
    await sendText('The brochure')
    expect(sentBody(fetch).mediaUrl).toEqual(['http://127.0.0.1:8080/media/tok-brochure.pdf/brochure.pdf'])
  })

  it('cancels an upload whose chip is removed while it runs', async () => {
    let signal: AbortSignal | undefined
    const fetch = fakeServer({ 'photo.png': () => new Promise<Response>(() => undefined) })
    fetch.mockImplementationOnce((_url, init) => {
      signal = init?.signal ?? undefined
      return new Promise<Response>(() => undefined)
    })
    render()
    await choose(photo())
    act(() => button('Cancel uploading photo.png').click())
    expect(signal?.aborted).toBe(true)
    expect(chips()).toHaveLength(0)
    await sendText('No photo after all')
    expect(sentBody(fetch).mediaUrl).toBeUndefined()
  })

  it("shows the server's refusal beside the editor and adds no chip", async () => {
    const wrongType = 'Only JPEG, PNG and GIF images, PDF files and WAV, MP3 or Ogg recordings can be attached'
    const tooLarge = 'The file is larger than 5 MB'
    fakeServer({
      'notes.png': () => json({ message: wrongType, errors: [wrongType] }, 400),
      'huge.png': () => json({ message: tooLarge, errors: [tooLarge] }, 400),
      'photo.png': () => uploaded('photo.png', 'image/png', 8),
    })
    render()
    await choose(new File(['just text'], 'notes.png', { type: 'image/png' }), new File([PNG], 'huge.png'), photo())
    expect(chips()).toHaveLength(1)
    expect(chips()[0]!.querySelector('img')?.getAttribute('alt')).toBe('photo.png')
    expect(refusal()?.getAttribute('role')).toBe('alert')
    expect(refusal()?.textContent).toContain(`notes.png was not attached: ${wrongType}`)
    expect(refusal()?.textContent).toContain(`huge.png was not attached: ${tooLarge}`)
    // Beside the editor only: no notice as well.
    expect(getNotices()).toHaveLength(0)

    // The next file chosen starts afresh.
    await choose(photo())
    expect(refusal()).toBeNull()
    expect(chips()).toHaveLength(2)
  })

  it('takes a file dropped on the editor of a text', async () => {
    const fetch = fakeServer({ 'photo.png': () => uploaded('photo.png', 'image/png', 8) })
    render()
    const form = view.container.querySelector('form')!
    const dataTransfer = { types: ['Files'], files: [photo()], dropEffect: 'none' }
    const drag = (type: string) => {
      const event = new Event(type, { bubbles: true, cancelable: true })
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer })
      act(() => {
        form.dispatchEvent(event)
      })
      return event
    }
    expect(drag('dragover').defaultPrevented).toBe(true)
    expect(form.className).toContain('is-drop-target')
    expect(drag('drop').defaultPrevented).toBe(true)
    await flush()
    expect(form.className).not.toContain('is-drop-target')
    expect(uploadCalls(fetch)).toHaveLength(1)
    expect(chips()).toHaveLength(1)
  })

  it('attaches nothing to an e-mail or a note: no button, and the chips wait for the next text', async () => {
    const fetch = fakeServer({ 'photo.png': () => uploaded('photo.png', 'image/png', 8) })
    render({ canWriteNotes: true })
    await choose(photo())
    chooseMode('Note')
    expect(attachButton()).toBeNull()
    expect(view.container.querySelector('.chat-editor__attachments')?.textContent).toContain(
      'Attachments go with a text (SMS) only',
    )
    await sendText('Customer sent a photo')
    expect(sentBody(fetch)).toMatchObject({ messageType: 'INTERNAL_NOTES' })
    expect(sentBody(fetch).mediaUrl).toBeUndefined()
    expect(chips()).toHaveLength(1)
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
