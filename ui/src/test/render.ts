/**
 * Rendering React in unit tests (happy-dom): a fresh root in the document for
 * each test, unmounted and removed after it.
 */
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach } from 'vitest'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

export interface TestRoot {
  /** The element the running test renders into. */
  readonly container: HTMLDivElement
  /** Renders `ui` into the container, inside `act()`. */
  render(ui: ReactNode): void
}

/** Call at the top of a test file (or `describe`): registers the before/after hooks. */
export function setupTestRoot(): TestRoot {
  let container: HTMLDivElement | undefined
  let root: Root | undefined

  beforeEach(() => {
    container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
  })
  afterEach(() => {
    act(() => root?.unmount())
    container?.remove()
    container = undefined
    root = undefined
  })

  const current = () => {
    if (!container || !root) throw new Error('setupTestRoot: used outside a test')
    return { container, root }
  }
  return {
    get container() {
      return current().container
    },
    render(ui) {
      const { root } = current()
      act(() => root.render(ui))
    },
  }
}

/** Sets a field's value the way typing does, so React's `onChange` sees it. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set
  act(() => {
    setValue?.call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Dispatches a keydown on `target`; returns the event (e.g. to check `defaultPrevented`). */
export function pressKey(target: Element, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  act(() => {
    target.dispatchEvent(event)
  })
  return event
}
