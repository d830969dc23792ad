import { useState } from 'react'
import { notify } from '../../../lib/notices'

/** Copies `text` to the clipboard; "Copied" shows on the button for a moment. */
export function CopyTextButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false)
  const copy = () => {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined
    if (!clipboard) {
      notify({ type: 'warning', message: 'The browser does not allow copying here: select the text instead.' })
      return
    }
    clipboard.writeText(text).then(
      () => {
        setCopied(true)
        window.setTimeout(() => setCopied(false), 1500)
      },
      () => notify({ type: 'warning', message: 'The browser did not allow copying: select the text instead.' }),
    )
  }
  return (
    <button type="button" className="btn btn--small copy-button" aria-label={label} title={label} onClick={copy}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  )
}
