import { useSyncExternalStore } from 'react'
import type { ApiResponse } from './api-types'
import { STORAGE_KEYS } from './config'

/** The login response, kept in local storage under `userData` (spec section 3). */
export type UserData = ApiResponse<'/user/v2/login', 'post'>

let cachedRaw: string | null = null
let cachedUser: UserData | null = null

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.userData)
  } catch {
    return null
  }
}

function parse(raw: string | null): UserData | null {
  if (raw === cachedRaw) return cachedUser
  cachedRaw = raw
  cachedUser = null
  if (raw) {
    try {
      const value = JSON.parse(raw) as UserData
      // A session kept before the log-in answer carried `access` is signed in again.
      if (value && typeof value.authToken === 'string' && value.authToken !== '' && typeof value.access === 'object' && value.access !== null) cachedUser = value
    } catch {
      cachedUser = null
    }
  }
  return cachedUser
}

/** The stored session, or null. Does not look at the expiry. */
export function getUserData(): UserData | null {
  return parse(readRaw())
}

export function isExpired(user: UserData, now: number = Date.now()): boolean {
  const expiresAt = Date.parse(user.expiresAt)
  return Number.isFinite(expiresAt) && expiresAt <= now
}

/** The stored session if present and not expired. */
export function getValidSession(now: number = Date.now()): UserData | null {
  const user = getUserData()
  return user && !isExpired(user, now) ? user : null
}

const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

export function saveUserData(user: UserData): void {
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user))
  emit()
}

/** Clears all local storage (the spec clears everything, not just userData). */
export function clearLocalSession(): void {
  try {
    localStorage.clear()
  } catch {
    // storage unavailable: nothing to clear
  }
  emit()
}

let ending = false

/**
 * Ends the session: clears local storage, then after `delayMs` loads /login
 * afresh (a full page load drops every in-memory cache). Repeated calls while
 * one is pending are ignored.
 */
export function endSession(delayMs: number): void {
  clearLocalSession()
  if (ending) return
  ending = true
  setTimeout(() => {
    window.location.assign('/login')
  }, delayMs)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.userData) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The current session, re-rendering when it changes (also from other tabs). */
export function useSession(): UserData | null {
  return useSyncExternalStore(subscribe, getUserData, () => null)
}
