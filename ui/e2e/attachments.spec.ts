import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { deflateSync } from 'node:zlib'
import { expectAccessible, tabTo } from './journey'
import { apiToken, logIn } from './log-in'

/**
 * Attachments in a conversation, against the real server: a store user attaches
 * a picture to a text (uploaded at once, shown as a chip), sends it, and the
 * thread shows the text with the picture; files the server refuses (too large,
 * not the type their name claims) show its refusal beside the editor and add no chip.
 */

/** A store-level user of store 1. */
const STORE_USER = 'office-manager'

interface Lead {
  id: number
  customerMaster: { cellular?: string; blockSms: boolean }
  storeMaster: { id: number }
}

/** A lead of store 1 the token's user can see, whose customer has a mobile number and has not opted out. */
async function textableLead(request: APIRequestContext, token: string): Promise<Lead> {
  for (let id = 1; id <= 200; id++) {
    const response = await request.get('/api/future-service-interaction', {
      params: { 'future-service-interaction-id': id },
      headers: { Authorization: token },
    })
    if (!response.ok()) continue
    const lead = (await response.json()) as Lead
    if (lead.storeMaster.id === 1 && !lead.customerMaster.blockSms && lead.customerMaster.cellular) return lead
  }
  throw new Error('no textable demo lead found')
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real `size`×`size` PNG of one colour (8-bit RGB), so the browser can draw it. */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  // Each row: filter byte 0, then the pixels.
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())])
  const pixels = Buffer.concat(Array.from({ length: size }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

interface PickedFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/** Chooses a file as a person does: "Attach file", then the browser's file picker. */
async function attach(page: Page, box: Locator, file: PickedFile) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), box.getByRole('button', { name: 'Attach file' }).click()])
  expect(chooser.isMultiple()).toBe(true)
  await chooser.setFiles(file)
}

/** What the server answers an upload of `file` for the lead: its status and first problem. */
async function serverAnswer(request: APIRequestContext, token: string, leadId: number, file: PickedFile) {
  const response = await request.post('/api/uploadFile', {
    params: { fsiId: leadId },
    headers: { Authorization: token },
    multipart: { file },
  })
  const body = (await response.json()) as { message: string; errors: string[] }
  return { status: response.status(), problem: body.errors[0] ?? body.message }
}

test('a store user sends a photo in a text, and files the server refuses are not attached', async ({ page, request }) => {
  test.setTimeout(60_000)
  const token = await apiToken(request, STORE_USER)
  const lead = await textableLead(request, token)
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
  const photo: PickedFile = { name: `photo-${stamp}.png`, mimeType: 'image/png', buffer: png(16, [200, 30, 30]) }

  await logIn(page, STORE_USER)
  // The lead manager's deep link opens the lead's chat box (spec section 2).
  await page.goto(`/leadmanager?future_service_interaction_id=${lead.id}`)
  await expect(page).toHaveURL(/\/leadmanager$/)
  const box = page.locator(`[data-testid="chat-box"][data-lead-id="${lead.id}"]`)
  const log = box.getByRole('log', { name: 'Messages' })
  await expect(log).not.toHaveAttribute('aria-busy', 'true')
  const chips = box.getByTestId('attachment')
  const refusal = box.getByTestId('attachment-refusal')

  // "Attach file" is reached with the keyboard from the message box; Enter opens the picker.
  // The picture uploads at once and shows as a chip with its thumbnail.
  const attachButton = box.getByRole('button', { name: 'Attach file' })
  await box.getByRole('textbox', { name: 'Message' }).focus()
  await tabTo(page, attachButton, { back: true, limit: 5 })
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')])
  await chooser.setFiles(photo)
  await expect(chips).toHaveCount(1)
  await expect(chips.first()).toHaveAttribute('data-status', 'ready')
  const thumb = chips.first().getByRole('img', { name: photo.name })
  await expect(thumb).toBeVisible()
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16)
  await expect(box.getByRole('button', { name: `Remove ${photo.name}` })).toBeVisible()
  await expectAccessible(page, 'a conversation with an attachment chip')

  // Sent with the text: the chip goes, and the thread shows the text with the picture.
  const text = `Here is the photo ${stamp}`
  const input = box.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await box.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Sent' })).toBeVisible()
  await expect(chips).toHaveCount(0)
  const card = log.getByTestId('chat-message').filter({ hasText: text })
  await expect(card).toBeVisible()
  await expect(card).toHaveClass(/chat-msg--sent/)
  const picture = card.getByTestId('message-media').getByRole('img', { name: photo.name })
  await expect(picture).toBeVisible()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16)
  // The MMS goes out through the simulator and is delivered, the status arriving live.
  await expect(card.getByTestId('delivery-status')).toHaveAttribute('data-icon', 'double-check', { timeout: 15_000 })
  await expect(input).toHaveValue('')

  // A 6 MB file: the server's refusal shows beside the editor, and no chip is added.
  const huge: PickedFile = {
    name: `huge-${stamp}.png`,
    mimeType: 'image/png',
    buffer: Buffer.concat([photo.buffer, Buffer.alloc(6 * 1024 * 1024 - photo.buffer.length)]),
  }
  await attach(page, box, huge)
  await expect(refusal).toBeVisible()
  await expect(refusal).toHaveAttribute('role', 'alert')
  // The server's words: its body-size guard answers 413 "The request is too large (at most … KB)"
  // before the upload's own 400 "The file is larger than 5 MB" is reached. (It cannot be asked
  // here first as for the next file: it answers before reading the body, and Node's client then
  // fails to write the rest.)
  await expect(refusal).toHaveText(new RegExp(`^${escapeRegExp(huge.name)} was not attached: (The request is too large|The file is larger than)`))
  await expect(chips).toHaveCount(0)

  // Text named as a picture: recognised by its content, refused.
  const notes: PickedFile = { name: `notes-${stamp}.png`, mimeType: 'image/png', buffer: Buffer.from('Just some notes, not a picture.\n') }
  const wrongType = await serverAnswer(request, token, lead.id, notes)
  expect(wrongType.status).toBe(400)
  await attach(page, box, notes)
  await expect(refusal).toHaveText(`${notes.name} was not attached: ${wrongType.problem}`)
  await expect(chips).toHaveCount(0)

  // A picture alone, no words: it goes as an MMS of its own.
  const second: PickedFile = { name: `second-${stamp}.png`, mimeType: 'image/png', buffer: png(16, [30, 30, 200]) }
  await attach(page, box, second)
  await expect(chips).toHaveCount(1)
  await expect(chips.first()).toHaveAttribute('data-status', 'ready')
  await expect(input).toHaveValue('')
  await box.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Sent' }).last()).toBeVisible()
  await expect(chips).toHaveCount(0)
  const alone = log.getByTestId('message-media').getByRole('img', { name: second.name })
  await expect(alone).toBeVisible()
})
