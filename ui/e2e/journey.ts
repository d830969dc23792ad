import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'

/**
 * What the journeys (issue 36) share: opening a screen as a person does, from
 * the main navigation (through the Menu button on a phone), and the
 * accessibility check every screen of a journey passes.
 */

/** Whether the running project is the phone one (390 px). */
export function onPhone(): boolean {
  return test.info().project.name === 'phone'
}

/** Opens a screen from the main navigation; on a phone, from the Menu button first. */
export async function openFromMenu(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click()
}

/**
 * axe-core over the page once it has settled: no serious or critical violation of WCAG 2.1 A
 * and AA. A list dimmed while it refetches (`data-fetching`, a moment's 60 % opacity) is waited
 * out first, and so is the 150 ms fade back to full opacity after it: CI read the simulator's
 * phone list mid-fade, or dimmed by a refetch that began during the reading, and called its
 * contrast too low. The page's contrast is the settled page's, not a transition's.
 */
export async function expectAccessible(page: Page, screen: string) {
  // A refetch can also start while axe reads the page (a live event, a debounced search): a
  // watcher notes any list dimmed meanwhile, and such a reading is taken again.
  for (let attempt = 1; ; attempt++) {
    await expect(page.locator('[data-fetching="true"]')).toHaveCount(0)
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((transition) => transition.finished.catch(() => undefined)),
      ),
    )
    await page.evaluate(() => {
      const watched = window as unknown as { __dimmedDuringAxe?: boolean; __dimWatch?: MutationObserver }
      watched.__dimmedDuringAxe = false
      watched.__dimWatch = new MutationObserver((changes) => {
        if (changes.some((change) => (change.target as Element).getAttribute?.('data-fetching') === 'true')) watched.__dimmedDuringAxe = true
      })
      watched.__dimWatch.observe(document.body, { attributes: true, attributeFilter: ['data-fetching'], subtree: true })
    })
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const dimmed = await page.evaluate(() => {
      const watched = window as unknown as { __dimmedDuringAxe?: boolean; __dimWatch?: MutationObserver }
      watched.__dimWatch?.disconnect()
      return watched.__dimmedDuringAxe === true || document.querySelector('[data-fetching="true"]') !== null
    })
    if (dimmed && attempt < 3) continue
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
    expect(serious, `accessibility of ${screen}`).toEqual([])
    return
  }
}

/** Drops a file on the drop zone as a browser does (a `drop` event carrying the file's bytes). */
export async function dropFile(page: Page, name: string, bytes: Buffer | string, type = 'text/csv') {
  const content = typeof bytes === 'string' ? [...Buffer.from(bytes, 'utf8')] : [...bytes]
  const dataTransfer = await page.evaluateHandle(
    ({ name, content, type }) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(content)], name, { type }))
      return transfer
    },
    { name, content, type },
  )
  const zone = page.getByTestId('drop-zone')
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
}

/**
 * Moves the keyboard focus with Tab (Shift+Tab when `back`) until `target` has
 * it, as a keyboard user reaches a control; fails when `limit` presses do not.
 */
export async function tabTo(page: Page, target: Locator, { back = false, limit = 80 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  await expect(target, `reached by ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused()
}
