/**
 * The text selected inside `container` (a message body), trimmed; '' when
 * nothing is selected or the selection reaches outside it (B-R12: the
 * selected-text actions need text selected within the message).
 */
export function selectedTextWithin(container: Node | null | undefined, selection: Selection | null | undefined): string {
  if (!container || !selection || selection.rangeCount === 0) return ''
  const { anchorNode, focusNode } = selection
  if (!anchorNode || !focusNode || !container.contains(anchorNode) || !container.contains(focusNode)) return ''
  return selection.toString().trim()
}

/** B-R12: what Appointment Search says when no text of the message is selected. */
export const SELECT_TEXT_FIRST = 'Please select the text of a message first'
