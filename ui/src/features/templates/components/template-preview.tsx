import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { templateErrorTexts } from '../api/template-errors'
import { useTemplatePreview } from '../api/apply-template'

/** How long typing pauses before the preview is asked for again. */
export const PREVIEW_DELAY_MS = 400

export interface TemplatePreviewProps {
  /** The lead the body is filled for. */
  leadId: number
  /** The body as typed. */
  body: string
  delayMs?: number
}

/**
 * The editor's live preview: the body filled for the open lead as an SMS would
 * send it, the fields this lead has no value for (they stay as placeholders and
 * the message cannot be sent until they are typed in or removed), or the
 * server's refusal (a field it does not know) inline.
 */
export function TemplatePreview({ leadId, body, delayMs = PREVIEW_DELAY_MS }: TemplatePreviewProps) {
  const debounced = useDebouncedValue(body, delayMs)
  const preview = useTemplatePreview(leadId, debounced)
  const empty = body.trim() === ''
  const waiting = !empty && (debounced !== body || preview.isFetching)

  let content
  if (empty) {
    content = <p className="template-preview__note">Write the body to see it filled for this lead.</p>
  } else if (preview.isError) {
    content = (
      <ul className="danger-box template-preview__error" role="alert" aria-label="Template problems">
        {templateErrorTexts(preview.error).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    )
  } else if (preview.data) {
    const missing = preview.data.missingFields
    content = (
      <>
        <p className="template-preview__text" data-testid="template-preview-text">
          {preview.data.text}
        </p>
        {missing.length > 0 ? (
          <div className="warning-box template-preview__missing" role="status" data-testid="template-preview-missing">
            <p>This lead has no value for these fields: type them in or remove them before sending.</p>
            <ul aria-label="Missing fields">
              {missing.map((field) => (
                <li key={field.key}>
                  {field.group} › {field.label} <code>{field.placeholder}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </>
    )
  } else {
    content = (
      <p className="template-preview__loading" aria-hidden="true">
        <span className="skeleton-bar" />
      </p>
    )
  }

  return (
    <section className="template-preview" aria-label="Preview" aria-busy={waiting || undefined}>
      <h3 className="template-preview__title">Preview for this lead (SMS)</h3>
      {content}
    </section>
  )
}
