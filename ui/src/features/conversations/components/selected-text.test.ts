import { afterEach, describe, expect, it } from 'vitest'
import { selectedTextWithin } from './selected-text'

/** Two message bodies side by side, as a chat box shows them. */
function messages() {
  const root = document.createElement('ol')
  root.innerHTML = '<li><div class="body">Can I come <b>Tuesday at 10am</b>?</div></li><li><div class="body">Sure thing</div></li>'
  document.body.append(root)
  const [first, second] = Array.from(root.querySelectorAll<HTMLElement>('.body'))
  return { root, first: first!, second: second! }
}

function select(startNode: Node, start: number, endNode: Node, end: number): Selection {
  const range = document.createRange()
  range.setStart(startNode, start)
  range.setEnd(endNode, end)
  const selection = window.getSelection()!
  selection.removeAllRanges()
  selection.addRange(range)
  return selection
}

afterEach(() => {
  window.getSelection()?.removeAllRanges()
  document.body.innerHTML = ''
})

describe('selectedTextWithin', () => {
  it('answers the text selected inside the message, trimmed', () => {
    const { first } = messages()
    const bold = first.querySelector('b')!.firstChild!
    expect(selectedTextWithin(first, select(bold, 0, bold, 15))).toBe('Tuesday at 10am')
    // Across the message's own elements, with the spaces around trimmed.
    const start = first.firstChild!
    expect(selectedTextWithin(first, select(start, 5, bold, 7))).toBe('come Tuesday')
  })

  it("is '' with nothing selected, only spaces, or no message", () => {
    const { first } = messages()
    const start = first.firstChild!
    window.getSelection()!.removeAllRanges()
    expect(selectedTextWithin(first, window.getSelection())).toBe('')
    expect(selectedTextWithin(first, select(start, 3, start, 3))).toBe('')
    expect(selectedTextWithin(first, select(start, 3, start, 4))).toBe('')
    expect(selectedTextWithin(null, select(start, 0, start, 3))).toBe('')
    expect(selectedTextWithin(first, null)).toBe('')
  })

  it("is '' when the selection is in another message or reaches outside this one", () => {
    const { first, second } = messages()
    const other = second.firstChild!
    expect(selectedTextWithin(first, select(other, 0, other, 4))).toBe('')
    expect(selectedTextWithin(first, select(first.firstChild!, 0, other, 4))).toBe('')
    expect(selectedTextWithin(second, select(first.firstChild!, 0, other, 4))).toBe('')
  })
})
