import { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../lib/config'
import { notFoundRoute } from './app/not-found'
import { routeTree } from './route-tree'
import { accessWith } from '../test/access'

async function open(href: string) {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [href] }),
    context: { queryClient: new QueryClient() },
  })
  await router.load()
  return router
}

const leaf = (router: Awaited<ReturnType<typeof open>>) => router.state.matches.at(-1)?.routeId

function signIn() {
  localStorage.setItem(
    STORAGE_KEYS.userData,
    JSON.stringify({ authToken: 'tok', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), roles: ['SALES_REP'], empLevel: 'STORE', access: accessWith() }),
  )
}

afterEach(() => localStorage.clear())

describe('the public routing table', () => {
  it('sends an unknown address to /login when logged out, keeping its query for after sign-in', async () => {
    const router = await open('/no-such-page?lead=42&custom-search-version=v2')
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(STORAGE_KEYS.queryString)).toBe('lead=42&custom-search-version=v2')
    expect(localStorage.getItem(STORAGE_KEYS.customSearchV2)).toBe('true')
  })

  it('keeps the "page not found" screen for an unknown address when logged in', async () => {
    signIn()
    const router = await open('/no-such-page')
    expect(router.state.location.pathname).toBe('/no-such-page')
    expect(leaf(router)).toBe(notFoundRoute.id)
  })

  it.each([
    '/lead-submission',
    '/lead-submission-toyota',
    '/lead-submission-ford',
    '/lead-submission-nissan',
    '/lead-submission-subaru',
    '/lead-submission-mazda',
    '/lead-submission-yarkcjdr',
    '/lead-submission-bmw',
    '/lead-submission-bergestorm',
    '/lead-submission-chevrolet',
    '/register',
    '/404',
    '/500',
    '/mailconfirmation',
    '/FeedbackClip',
    '/landing',
    '/dealroom',
    '/service/landing',
    '/email/autoResponse',
  ])('opens %s without a session', async (href) => {
    const router = await open(href)
    expect(router.state.location.pathname).toBe(href)
    expect(leaf(router)).toBe(href)
  })
})
