import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expectAccessible, openFromMenu } from './journey'
import { apiToken, logIn } from './log-in'

/**
 * The service-lane board end to end, against the real server with fresh demo
 * data: the demo enterprise admin opens the board for a store with open repair
 * orders, drags a card to a lane its lane allows and sees it land (and stay);
 * moves one with the keyboard while a second signed-in browser sees it move
 * live, without a reload; a move the server refuses (the order moved since the
 * board was loaded) shows the server's message and is undone; and the board is
 * usable at 1280×800 and at 390 px wide.
 */

const ADMIN = 'enterprise-admin'

interface Lane {
  title: string
  code: string
  stateKey: string
  movesTo: string[]
}

interface Card {
  id: number
  storeId: number
  roNumber: string
  statusCode: string
  lane: string
}

interface Store {
  id: number
  storeName: string
}

/** The lanes as the server defines them. */
async function getLanes(request: APIRequestContext, token: string): Promise<Lane[]> {
  const response = await request.get('/api/service-lane/lanes', { headers: { Authorization: `Bearer ${token}` } })
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { lanes: Lane[] }).lanes
}

/** A store of the admin's with open repair orders, and its orders (as the board loads them). */
async function storeWithOpenOrders(request: APIRequestContext, token: string, lanes: Lane[]): Promise<{ store: Store; cards: Card[] }> {
  const headers = { Authorization: `Bearer ${token}` }
  const stores = (await (await request.get('/api/getAllStores', { headers })).json()) as Store[]
  const statusCode = lanes.filter((l) => l.code !== 'Appt' && l.code !== 'CLOSED').map((l) => l.code)
  for (const store of stores) {
    const response = await request.post('/api/getOpenRoBtStoreId', { headers, data: { statusCode, storeId: store.id, advisorNo: 'ALL' } })
    expect(response.ok(), await response.text()).toBe(true)
    const cards = (await response.json()) as Card[]
    if (cards.length > 0) return { store, cards }
  }
  throw new Error('no store with open repair orders in the demo data')
}

/** A lane a card of `from` may move to (not Closed, so that the card stays among the open ones). */
function allowedTarget(lanes: Lane[], from: string, not?: string): Lane {
  const codes = lanes.find((l) => l.code === from)?.movesTo ?? []
  const code = codes.find((c) => c !== 'CLOSED' && c !== not)
  const lane = lanes.find((l) => l.code === code)
  if (!lane) throw new Error(`no lane to move ${from} to`)
  return lane
}

async function moveByApi(request: APIRequestContext, token: string, card: Card, to: string, from = card.statusCode) {
  return request.put(`/api/service-lane/repair-orders/${card.id}/status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { statusCode: to, fromStatusCode: from },
  })
}

function laneOf(page: Page, code: string): Locator {
  return page.locator(`[data-testid="lane"][data-lane-code="${code}"]`)
}

function cardOf(scope: Page | Locator, id: number): Locator {
  return scope.locator(`[data-testid="lane-card"][data-card-id="${id}"]`)
}

/** Signs in and opens the board for `storeId` from the navigation and the store picker. */
async function openBoard(page: Page, storeId: number) {
  await logIn(page, ADMIN)
  await openFromMenu(page, 'Service Lane')
  await expect(page).toHaveURL(/\/service-lane/)
  await expect(page.getByRole('heading', { name: 'Service Lane', level: 1 })).toBeVisible()
  await page.getByLabel('Store').selectOption(String(storeId))
  await expect(page).toHaveURL(new RegExp(`store=${storeId}`))
  await expect(page.getByRole('region', { name: 'Service lanes' })).toBeVisible()
}

test('journey 5 @journey @desktop: the enterprise admin drags a card to a lane its lane allows; it lands there, stays there, and its drawer tells the move', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ADMIN)
  const lanes = await getLanes(request, token)
  const { store, cards } = await storeWithOpenOrders(request, token, lanes)
  const card = cards[0]!
  const from = lanes.find((l) => l.code === card.statusCode)!
  const to = allowedTarget(lanes, card.statusCode)

  await openBoard(page, store.id)
  // The spec's eight lanes, in its order.
  await expect(page.locator('[data-testid="lane"] h2')).toHaveText([
    'Appointments',
    'Checked In',
    'Technician Assigned',
    'Working',
    'Vehicle on Hold',
    'Pre Invoiced',
    'Ready To Post',
    'Closed ROs',
  ])
  await expect(cardOf(laneOf(page, from.code), card.id)).toBeVisible()
  const countBefore = Number(await laneOf(page, to.code).getByTestId('lane-count').textContent())

  // Drag with the mouse: while the card is held, the lanes it may go to are highlighted, the others not.
  // The pointer goes where the target lane is on screen: the board scrolls sideways at this
  // width, so the lane is brought into view (the card held need not stay in view) before the
  // pointer moves there.
  const source = cardOf(page, card.id).locator('.lane-card__head')
  const target = laneOf(page, to.code)
  await target.locator('.lane__header').evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'center' }))
  await source.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }))
  const held = (await source.boundingBox())!
  const header = (await target.locator('.lane__header').boundingBox())!
  await page.mouse.move(held.x + 10, held.y + 5)
  await page.mouse.down()
  await page.mouse.move(held.x + 20, held.y + 10, { steps: 2 })
  await page.mouse.move(header.x + 20, header.y + 10, { steps: 8 })
  await expect(target).toHaveAttribute('data-drop-target', 'true')
  for (const code of lanes.map((l) => l.code)) {
    await expect(laneOf(page, code)).toHaveAttribute('data-drop-target', String(from.movesTo.includes(code)))
  }
  await page.mouse.move(header.x + 24, header.y + 12, { steps: 2 })
  await page.mouse.up()

  await expect(cardOf(laneOf(page, to.code), card.id)).toBeVisible()
  await expect(cardOf(laneOf(page, from.code), card.id)).toHaveCount(0)
  await expect(laneOf(page, to.code).getByTestId('lane-count')).toHaveText(String(countBefore + 1))

  // The server has it there: a reload shows it in its new lane.
  await page.reload()
  await expect(cardOf(laneOf(page, to.code), card.id)).toBeVisible()

  // Its drawer: the lane, the lines and the move with its push to the dealer system.
  await cardOf(page, card.id).locator('.lane-card__open').click()
  const drawer = page.getByRole('dialog', { name: new RegExp(card.roNumber) })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByTestId('drawer-lane')).toHaveText(to.title)
  await expect(drawer.getByRole('heading', { name: 'Lines' })).toBeVisible()
  const history = drawer.getByTestId('move-history')
  await expect(history.locator('li').first()).toContainText(`${from.title} → ${to.title}`)
  await expect(history.locator('li').first()).toContainText(ADMIN)
  await expect(history.locator('li').first()).toContainText(/DMS: (Pending|Pushed|Not connected|Failed)/)
  await expectAccessible(page, "a repair order's drawer")
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
})

test('journey 5 @journey: a card moved with the keyboard in one browser moves live in another signed-in browser, without a reload', async ({
  page,
  browser,
  request,
}) => {
  const token = await apiToken(request, ADMIN)
  const lanes = await getLanes(request, token)
  const { store, cards } = await storeWithOpenOrders(request, token, lanes)
  const card = cards[0]!
  const from = lanes.find((l) => l.code === card.statusCode)!

  // The second browser: its own context, signed in on its own.
  const other = await browser.newContext()
  const watcher = await other.newPage()
  await openBoard(watcher, store.id)
  await expect(cardOf(laneOf(watcher, from.code), card.id)).toBeVisible()
  await expect(watcher.getByTestId('realtime-status')).toHaveText('Live')
  await watcher.evaluate(() => {
    ;(window as unknown as { __sameDocument?: boolean }).__sameDocument = true
  })

  await openBoard(page, store.id)
  await expect(page.getByTestId('realtime-status')).toHaveText('Live')
  await expectAccessible(page, 'the service-lane board')

  // Keyboard: the card's Move button opens a menu of only the lanes its lane may move to.
  const moveButton = cardOf(page, card.id).getByRole('button', { name: `Move ${card.roNumber} to…` })
  await moveButton.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu', { name: `Move ${card.roNumber} to` })
  const offered = lanes.filter((l) => from.movesTo.includes(l.code) && l.code !== from.code)
  await expect(menu.getByRole('menuitem')).toHaveText(offered.map((l) => l.title))
  // Arrow keys choose (a lane the card can come back from, the later one offered when there
  // are two, never Closed); Enter moves.
  const returnable = offered.filter((l) => l.code !== 'CLOSED' && l.movesTo.includes(from.code))
  const to = returnable.at(-1) ?? (offered.length > 1 && offered[1]!.code !== 'CLOSED' ? offered[1]! : offered[0]!)
  for (let i = 0; i < offered.indexOf(to); i++) await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: to.title })).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(cardOf(laneOf(page, to.code), card.id)).toBeVisible()
  // Focus followed the card into its lane.
  await expect(cardOf(laneOf(page, to.code), card.id).locator('.lane-card__open')).toBeFocused()

  // The other browser sees it move, live, in the same document.
  await expect(cardOf(laneOf(watcher, to.code), card.id)).toBeVisible()
  await expect(cardOf(laneOf(watcher, from.code), card.id)).toHaveCount(0)
  expect(await watcher.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)

  // And on (back, where its lane allows), this time from the other browser, by the drawer's
  // move buttons.
  const next = to.movesTo.includes(from.code)
    ? from
    : lanes.find((l) => l.code !== to.code && l.code !== 'CLOSED' && to.movesTo.includes(l.code))!
  await cardOf(watcher, card.id).locator('.lane-card__open').click()
  const drawer = watcher.getByRole('dialog', { name: new RegExp(card.roNumber) })
  await drawer.getByRole('group', { name: 'Move to' }).getByRole('button', { name: next.title }).click()
  await expect(drawer.getByTestId('drawer-lane')).toHaveText(next.title)
  await expect(cardOf(laneOf(page, next.code), card.id)).toBeVisible()
  await other.close()
})

test('a move the server refuses shows its message and is undone', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN)
  const lanes = await getLanes(request, token)
  const { store, cards } = await storeWithOpenOrders(request, token, lanes)
  const card = cards[0]!
  const from = lanes.find((l) => l.code === card.statusCode)!

  // The API refuses a lane the card's lane does not move to, with the spec's error shape.
  const disallowed = lanes.find((l) => l.code !== from.code && l.code !== 'Appt' && !from.movesTo.includes(l.code))!
  const refused = await moveByApi(request, token, card, disallowed.code)
  expect(refused.status()).toBe(400)
  const body = (await refused.json()) as { message: string; errors: string[] }
  expect(body.errors[0]).toContain(`cannot move to ${disallowed.title}`)

  // This browser misses the live updates (its stream is cut), so its board goes stale…
  await page.route('**/api/events', (route) => route.abort())
  await openBoard(page, store.id)
  await expect(cardOf(laneOf(page, from.code), card.id)).toBeVisible()

  // …while someone else moves the card.
  const elsewhere = allowedTarget(lanes, from.code)
  expect((await moveByApi(request, token, card, elsewhere.code)).ok()).toBe(true)

  // Moving it from the stale board: the server refuses (it moved since), the message shows, the move is undone
  // and the board shows where the card really is.
  const to = allowedTarget(lanes, from.code, elsewhere.code)
  await cardOf(page, card.id).getByRole('button', { name: `Move ${card.roNumber} to…` }).click()
  await page.getByRole('menu').getByRole('menuitem', { name: to.title }).click()
  const notice = page.getByRole('alert').filter({ hasText: 'since you loaded the board' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText(`The repair order has moved to ${elsewhere.title}`)
  await expect(cardOf(laneOf(page, elsewhere.code), card.id)).toBeVisible()
  await expect(cardOf(laneOf(page, to.code), card.id)).toHaveCount(0)

  // Put it back for the other tests.
  expect((await moveByApi(request, token, { ...card, statusCode: elsewhere.code }, from.code)).ok()).toBe(true)
})

test('the board fits 1280×800 with its lanes scrolling sideways, and a 390 px window with a lane picker', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN)
  const lanes = await getLanes(request, token)
  const { store } = await storeWithOpenOrders(request, token, lanes)
  const board = page.getByRole('region', { name: 'Service lanes' })
  const pageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

  await page.setViewportSize({ width: 1280, height: 800 })
  await openBoard(page, store.id)
  await expect(page.locator('[data-testid="lane"]')).toHaveCount(8)
  await expect(laneOf(page, 'Appt')).toBeInViewport()
  expect(await pageOverflow()).toBe(0)
  // Lanes that do not fit are reached by scrolling the board, not the page.
  expect(await board.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await expect(page.getByRole('tablist', { name: 'Lists' })).toBeVisible()

  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(page.locator('[data-testid="lane"]')).toHaveCount(8)
  expect(await pageOverflow()).toBe(0)
  // One lane at a time; the picker goes to another.
  await expect(laneOf(page, 'BOOKED')).not.toBeInViewport()
  await page.getByLabel('Go to lane').selectOption({ label: 'Ready To Post' })
  await expect(laneOf(page, 'BOOKED')).toBeInViewport({ ratio: 0.9 })
  await expect(laneOf(page, 'Appt')).not.toBeInViewport()
})
