/**
 * Test files share one page environment (vite.config.ts: `isolate: false`, which
 * saves a fresh happy-dom per file), so each file leaves the page as it found
 * it: no notices, nothing in the document or the storages, the address `/`.
 */
import { afterAll } from 'vitest'
import { dismissNotice, getNotices } from '../lib/notices'

afterAll(() => {
  for (const notice of getNotices()) dismissNotice(notice.id)
  document.body.replaceChildren()
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})
