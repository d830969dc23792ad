import { useId } from 'react'
import type { CustomTemplate } from '../api/get-personal-templates'
import { bodyPreview } from '../template-model'
import { serviceTypeLabel } from '../../../lib/service-types'

export interface TemplateRowProps {
  template: CustomTemplate
  applying: boolean
  favouriting: boolean
  onApply: () => void
  onFavourite: () => void
  onEdit: () => void
  onDelete: () => void
}

/** A template in the panel's list: title, body preview, service type, favourite star, Apply, and Edit and Delete when the caller may. */
export function TemplateRow({ template: t, applying, favouriting, onApply, onFavourite, onEdit, onDelete }: TemplateRowProps) {
  const titleId = useId()
  return (
    <li
      className="template-row"
      aria-labelledby={titleId}
      data-testid="template-row"
      data-template-id={t.id}
      data-favorite={t.favorite}
    >
      <div className="template-row__head">
        <span id={titleId} className="template-row__title">
          {t.title}
        </span>
        <button
          type="button"
          className={`template-row__star${t.favorite ? ' is-on' : ''}`}
          aria-label="Favourite"
          aria-pressed={t.favorite}
          title={t.favorite ? 'Remove from favourites' : 'Add to favourites'}
          disabled={favouriting}
          onClick={onFavourite}
        >
          {t.favorite ? '★' : '☆'}
        </button>
      </div>
      <p className="template-row__body">{bodyPreview(t.editorBody)}</p>
      <div className="template-row__foot">
        <span className="template-row__type" title={t.serviceType}>
          {serviceTypeLabel(t.serviceType)}
        </span>
        {t.editable ? (
          // Away from Apply, so a slip does not ask to delete (it is confirmed anyway).
          <button type="button" className="btn btn--small btn--danger template-row__delete" onClick={onDelete}>
            Delete
          </button>
        ) : null}
        <span className="template-row__actions">
          {t.editable ? (
            <button type="button" className="btn btn--small" onClick={onEdit}>
              Edit
            </button>
          ) : null}
          <button type="button" className="btn btn--small btn--primary" disabled={applying} onClick={onApply}>
            {applying ? 'Applying…' : 'Apply'}
          </button>
        </span>
      </div>
    </li>
  )
}
