import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { useTemplateCatalogue, type TemplateField } from '../../../components/template-catalogue/api/get-template-catalogue'
import type { CustomTemplate } from '../api/get-personal-templates'
import { useSaveTemplate } from '../api/save-template'
import { templateErrorTexts } from '../api/template-errors'
import { fieldsOfGroup, initialTemplateServiceType, insertAt, serviceTypeOptions, TEMPLATE_SCOPES, type TemplateScope } from '../template-model'
import { InsertFieldMenu } from './insert-field-menu'
import { TemplatePreview } from './template-preview'
import { ALL_SERVICE_TYPES, serviceTypeLabel } from '../../../lib/service-types'

export interface TemplateEditorDialogProps {
  open: boolean
  /** The template to edit; null: a new one. */
  template: CustomTemplate | null
  /** The open lead: the preview is filled for it. */
  leadId: number
  /** The lead's service type: a new template's default. */
  leadServiceType: string
  /** The lead's enterprise: where a group template goes. */
  enterpriseId: number
  /** A new template's choice of Personal or Group. */
  defaultScope: TemplateScope
  /** Optional: how long typing pauses before the preview is asked for. */
  previewDelayMs?: number
  onClose: () => void
}

/**
 * The template editor (spec P§2 L34, P§9 L265–266): a modal 1000 px wide with
 * the service type, title, body (200 px high), Personal or Group, an optional
 * intent and brand, the insert-field menus (Assistant, Customer, Office,
 * Product, Service) that put a field's placeholder at the body's cursor, and a
 * live preview for the open lead. Save adds, or updates the template being
 * edited; the server's refusals show in the form.
 */
export function TemplateEditorDialog({ open, onClose, ...rest }: TemplateEditorDialogProps) {
  const ref = useModalDialog(open)
  const titleId = useId()
  return createPortal(
    <dialog
      ref={ref}
      className="form-dialog template-editor"
      aria-labelledby={titleId}
      data-testid="template-editor"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {/* Mounted while open: every opening starts from the template (or a blank form). */}
      {open ? <TemplateEditorForm {...rest} titleId={titleId} onClose={onClose} /> : null}
    </dialog>,
    document.body,
  )
}

function TemplateEditorForm({
  template,
  leadId,
  leadServiceType,
  enterpriseId,
  defaultScope,
  previewDelayMs,
  titleId,
  onClose,
}: Omit<TemplateEditorDialogProps, 'open'> & { titleId: string }) {
  const ids = useId()
  const catalogue = useTemplateCatalogue()
  const save = useSaveTemplate()
  const [serviceType, setServiceType] = useState(
    () => template?.serviceType ?? initialTemplateServiceType(leadServiceType, catalogue.data),
  )
  const [title, setTitle] = useState(template?.title ?? '')
  const [body, setBody] = useState(template?.editorBody ?? '')
  const [scope, setScope] = useState<TemplateScope>(() => (template?.templateType === 'GROUP' ? 'GROUP' : template ? 'PERSONAL' : defaultScope))
  const [intent, setIntent] = useState(template?.intent ?? '')
  const [brand, setBrand] = useState(template?.brand ?? '')
  const [serverErrors, setServerErrors] = useState<string[]>([])
  const busy = save.isPending

  const bodyRef = useRef<HTMLTextAreaElement>(null)
  /** The body's selection as last seen (menus take focus from it); null: never touched, insert at the end. */
  const selection = useRef<{ start: number; end: number } | null>(null)
  /** Where the caret goes once an inserted field is rendered. */
  const caretAfterInsert = useRef<number | null>(null)
  const remember = (el: HTMLTextAreaElement) => {
    selection.current = { start: el.selectionStart, end: el.selectionEnd }
  }

  useLayoutEffect(() => {
    const caret = caretAfterInsert.current
    const el = bodyRef.current
    if (caret === null || !el) return
    caretAfterInsert.current = null
    el.focus()
    el.setSelectionRange(caret, caret)
    selection.current = { start: caret, end: caret }
  }, [body])

  const insertField = (field: TemplateField) => {
    const { start, end } = selection.current ?? { start: body.length, end: body.length }
    const next = insertAt(body, start, end, field.placeholder)
    caretAfterInsert.current = next.caret
    setBody(next.text)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setServerErrors([])
    save.mutate(
      {
        id: template?.id,
        title,
        body,
        serviceType,
        templateType: scope,
        intent: intent || undefined,
        brand: brand.trim() || undefined,
        enterpriseId,
      },
      { onSuccess: onClose, onError: (error) => setServerErrors(templateErrorTexts(error)) },
    )
  }

  const types = serviceTypeOptions(catalogue.data, serviceType, leadServiceType)
  const intents = catalogue.data?.intents ?? []
  const groups = catalogue.data?.groups ?? []

  return (
    <form onSubmit={submit} noValidate>
      <h2 id={titleId} className="form-dialog__header">
        {template ? 'Edit template' : 'New template'}
      </h2>
      <div className="form-dialog__body template-editor__body">
        <div className="template-editor__row">
          <div className="field">
            <label htmlFor={`${ids}-type`} className="field__label">
              Service type
            </label>
            <select id={`${ids}-type`} value={serviceType} disabled={busy} onChange={(event) => setServiceType(event.target.value)}>
              <option value={ALL_SERVICE_TYPES}>All</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {serviceTypeLabel(t)}
                </option>
              ))}
            </select>
          </div>
          <div className="field template-editor__title">
            <label htmlFor={`${ids}-title`} className="field__label">
              Title
            </label>
            <input
              id={`${ids}-title`}
              type="text"
              value={title}
              disabled={busy}
              autoComplete="off"
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
        </div>
        <div className="template-editor__row">
          <fieldset className="template-editor__scope" disabled={busy}>
            <legend className="field__label">Template for</legend>
            {TEMPLATE_SCOPES.map((s) => (
              <label key={s.scope} className="template-editor__choice">
                <input
                  type="radio"
                  name={`${ids}-scope`}
                  value={s.scope}
                  checked={scope === s.scope}
                  onChange={() => setScope(s.scope)}
                />
                {s.label}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${ids}-intent`} className="field__label">
              Intent (optional)
            </label>
            <select id={`${ids}-intent`} value={intent} disabled={busy} onChange={(event) => setIntent(event.target.value)}>
              <option value="">None</option>
              {intent && !intents.includes(intent) ? <option value={intent}>{intent}</option> : null}
              {intents.map((i) => (
                <option key={i} value={i}>
                  {i}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-brand`} className="field__label">
              Brand (optional)
            </label>
            <input
              id={`${ids}-brand`}
              type="text"
              value={brand}
              disabled={busy}
              autoComplete="off"
              onChange={(event) => setBrand(event.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <div className="template-editor__body-head">
            <label htmlFor={`${ids}-body`} className="field__label">
              Body
            </label>
            <div className="template-editor__menus" role="group" aria-label="Insert field">
              {catalogue.isError ? (
                <span className="field__error">The fields could not be loaded.</span>
              ) : (
                groups.map((group) => (
                  <InsertFieldMenu
                    key={group}
                    group={group}
                    fields={fieldsOfGroup(catalogue.data, group)}
                    disabled={busy}
                    onInsert={insertField}
                  />
                ))
              )}
            </div>
          </div>
          <textarea
            ref={bodyRef}
            id={`${ids}-body`}
            className="template-editor__textarea"
            value={body}
            disabled={busy}
            aria-describedby={`${ids}-body-hint`}
            onChange={(event) => {
              setBody(event.target.value)
              remember(event.currentTarget)
            }}
            onSelect={(event) => remember(event.currentTarget)}
            onKeyUp={(event) => remember(event.currentTarget)}
            onMouseUp={(event) => remember(event.currentTarget)}
            onBlur={(event) => remember(event.currentTarget)}
          />
          <span id={`${ids}-body-hint`} className="field__hint">
            A field is written {'{{field}}'}; the menus above put one in at the cursor.
          </span>
        </div>
        <TemplatePreview leadId={leadId} body={body} delayMs={previewDelayMs} />
        {serverErrors.length > 0 ? (
          <ul className="danger-box template-editor__errors" role="alert" aria-label="Not saved">
            {serverErrors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="form-dialog__actions">
        <button type="button" className="btn" disabled={busy} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}
