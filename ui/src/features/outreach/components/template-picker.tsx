import { useId, useMemo, useState } from 'react'
import { shortenText } from '../../../lib/text'
import { useGroupTemplates } from '../api/get-group-templates'
import { usePersonalTemplates, type CustomTemplate } from '../api/get-personal-templates'
import { ALL_SERVICE_TYPES, serviceTypeLabel } from '../../../lib/service-types'

export interface TemplatePickerProps {
  enterpriseId: number
  /** The custom template for every service type (none: each type's standard text). */
  allTypes: number | undefined
  /** Service type → its own template. */
  perType: Record<string, number>
  /** The service types offered one by one. */
  serviceTypes: readonly string[]
  onAllTypesChange: (templateId: number | undefined) => void
  onTypeChange: (serviceType: string, templateId: number | undefined) => void
}

/**
 * Which text each lead gets: by default the standard text of its service type;
 * or one of the user's custom templates (personal or group) for every type;
 * and, under "Per service type", a template of its own for any type.
 */
export function TemplatePicker({ enterpriseId, allTypes, perType, serviceTypes, onAllTypesChange, onTypeChange }: TemplatePickerProps) {
  const personal = usePersonalTemplates()
  const group = useGroupTemplates(enterpriseId)
  const ids = useId()
  const overrides = Object.keys(perType).length
  const [open, setOpen] = useState(overrides > 0)

  const templates = useMemo(() => new Map([...(personal.data ?? []), ...(group.data ?? [])].map((t) => [t.id, t])), [personal.data, group.data])
  const loading = personal.isPending || group.isPending
  const failed = personal.isError || group.isError
  const chosen = allTypes === undefined ? undefined : templates.get(allTypes)

  return (
    <div className="bulk-templates" role="group" aria-labelledby={`${ids}-title`}>
      <div className="bulk-templates__main">
        <label className="filters__field bulk-templates__field">
          <span id={`${ids}-title`}>Template</span>
          <TemplateSelect
            label="Template for all service types"
            value={allTypes}
            emptyText="Standard text per service type"
            personal={personal.data}
            group={group.data}
            loading={loading}
            onChange={onAllTypesChange}
          />
        </label>
        <button
          type="button"
          className="btn bulk-templates__toggle"
          aria-expanded={open}
          aria-controls={`${ids}-per-type`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide per service type' : 'Per service type…'}
          {overrides > 0 ? <span className="bulk-templates__count">{overrides}</span> : null}
        </button>
      </div>
      <p className="bulk-templates__preview" data-testid="template-preview" title={chosen?.editorBody}>
        {allTypes === undefined
          ? Object.keys(perType).length > 0
            ? 'Service types without their own template get their standard opening text.'
            : 'Each lead gets the standard opening text of its service type.'
          : chosen
            ? `“${shortenText(chosen.editorBody, 200)}”`
            : loading
              ? '\u00a0'
              : `Template #${allTypes} is not one you can see; pick another.`}
      </p>
      {failed ? (
        <div className="warning-box bulk-templates__error" role="alert">
          <span>Your templates could not be loaded; the standard texts can still be used.</span>
          <button
            type="button"
            className="btn btn--small"
            onClick={() => {
              void personal.refetch()
              void group.refetch()
            }}
          >
            Try again
          </button>
        </div>
      ) : null}
      {open ? (
        <ul className="bulk-templates__types" id={`${ids}-per-type`} aria-label="Templates per service type">
          {serviceTypes.map((type) => (
            <li key={type} className="bulk-templates__type">
              <span className="bulk-templates__type-name" title={type}>
                {serviceTypeLabel(type)}
              </span>
              <TemplateSelect
                label={`Template for ${serviceTypeLabel(type)}`}
                value={perType[type]}
                emptyText={allTypes === undefined ? 'Standard text' : 'As for all types'}
                personal={personal.data}
                group={group.data}
                loading={loading}
                onChange={(id) => onTypeChange(type, id)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

interface TemplateSelectProps {
  label: string
  value: number | undefined
  /** The option that picks no custom template. */
  emptyText: string
  personal: CustomTemplate[] | undefined
  group: CustomTemplate[] | undefined
  loading: boolean
  onChange: (templateId: number | undefined) => void
}

function optionText(t: CustomTemplate): string {
  return t.serviceType && t.serviceType !== ALL_SERVICE_TYPES ? `${t.title} · ${serviceTypeLabel(t.serviceType)}` : t.title
}

/** A select of the custom templates the user sees, personal then group, each group by title. */
function TemplateSelect({ label, value, emptyText, personal, group, loading, onChange }: TemplateSelectProps) {
  const byTitle = (list: CustomTemplate[] | undefined) => [...(list ?? [])].sort((a, b) => a.title.localeCompare(b.title))
  const known = [...(personal ?? []), ...(group ?? [])].some((t) => t.id === value)
  return (
    <select
      aria-label={label}
      value={value ?? ''}
      disabled={loading && value === undefined}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
    >
      <option value="">{emptyText}</option>
      {personal && personal.length > 0 ? (
        <optgroup label="Personal">
          {byTitle(personal).map((t) => (
            <option key={t.id} value={t.id}>
              {optionText(t)}
            </option>
          ))}
        </optgroup>
      ) : null}
      {group && group.length > 0 ? (
        <optgroup label="Group">
          {byTitle(group).map((t) => (
            <option key={t.id} value={t.id}>
              {optionText(t)}
            </option>
          ))}
        </optgroup>
      ) : null}
      {value !== undefined && !known ? <option value={value}>{loading ? 'Loading…' : `Template #${value}`}</option> : null}
    </select>
  )
}
