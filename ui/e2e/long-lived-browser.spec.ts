import { expect, test, type Page } from '@playwright/test'
import { chromiumLaunch } from './chromium'
import { logIn } from './log-in'

/*
 * A browser left open all day, as at a service desk: screen after screen in one tab, with the
 * back/forward cache on (Playwright turns it off by default). Pages used to stall 13–40 s: every
 * page left behind kept its live-event connection, and the browser's six connections per host
 * ran out. Each page now closes its stream when it is hidden and reopens it when it is shown,
 * and the server lets a stream go when its client does, so the server never holds more than
 * the one stream of the page on screen.
 */
test.use({ launchOptions: { ...chromiumLaunch, ignoreDefaultArgs: ['--disable-back-forward-cache'] } })

const SCREENS: [path: string, heading: string][] = [
  ['/leadmanager', 'Lead manager'],
  ['/appointments', 'Appointments'],
  ['/service-lane', 'Service Lane'],
  ['/planners', 'Planners'],
  ['/bulk-initiation', 'Bulk initiation'],
  ['/reports', 'Reports'],
  ['/imports', 'Imports'],
  ['/jobs', 'Jobs'],
  ['/simulator', 'SMS simulator'],
  ['/follow-up-cadence', 'Follow-up cadence'],
]

/** The realtime streams the server holds open. */
async function liveStreams(page: Page): Promise<number> {
  const response = await page.request.get('/api/health')
  return ((await response.json()) as { liveStreams: number }).liveStreams
}

test('thirty screens in one tab with the back/forward cache on keep one live stream', async ({ page }) => {
  test.setTimeout(180_000)
  await page.addInitScript(() => {
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) sessionStorage.setItem('bfcache-restores', String(Number(sessionStorage.getItem('bfcache-restores') ?? 0) + 1))
    })
  })
  await logIn(page, 'super-admin')
  const timings: string[] = []
  let slowest = 0
  for (let visit = 0; visit < 30; visit++) {
    const started = Date.now()
    // Every third visit goes back (a restore from the cache), the others open a new screen.
    if (visit % 3 === 2) {
      await page.goBack({ waitUntil: 'commit' })
    } else {
      const [path] = SCREENS[visit % SCREENS.length]
      await page.goto(path)
    }
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).toBeVisible()
    const took = Date.now() - started
    slowest = Math.max(slowest, took)
    timings.push(`${new URL(page.url()).pathname} ${took} ms`)
    // The page on screen holds the one stream; the pages behind it hold none.
    await expect.poll(() => liveStreams(page)).toBeLessThanOrEqual(1)
  }
  await expect.poll(() => liveStreams(page)).toBe(1)
  const restores = await page.evaluate(() => Number(sessionStorage.getItem('bfcache-restores') ?? 0))
  // Timings are reported, not asserted (the test suite has no wall-clock limits); docs/build.md
  // keeps the figures.
  test.info().annotations.push({ type: 'timings', description: `slowest ${slowest} ms; ${restores} restored from the back/forward cache; ${timings.join(', ')}` })
  console.log(`long-lived browser: slowest screen ${slowest} ms, ${restores} back/forward-cache restores`)
  expect(restores).toBeGreaterThan(0)
})
