import { useId, useRef, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { SearchInput } from '../../../components/search-input/search-input'
import { useTemplateCatalogue } from '../../../components/template-catalogue/api/get-template-catalogue'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import { canManage } from '../../../lib/roles'
import { moveRovingFocus } from '../../../lib/roving-focus'
import { useSession } from '../../../lib/session'
import { useApplyTemplate, type RenderedTemplate } from '../api/apply-template'
import { useDeleteTemplate } from '../api/delete-template'
import { useGroupTemplates } from '../api/get-group-templates'
import { usePersonalTemplates, type CustomTemplate } from '../api/get-personal-templates'
import { useSetTemplateFavorite } from '../api/set-template-favorite'
import { templateErrorTexts } from '../api/template-errors'
import { DELETE_TEMPLATE_QUESTION, initialListServiceType, serviceTypeOptions, TEMPLATE_TABS, type TemplateTab } from '../template-model'
import { TemplateEditorDialog } from './template-editor-dialog'
import { TemplateRow } from './template-row'
import { ALL_SERVICE_TYPES, serviceTypeLabel } from '../../../lib/service-types'

export interface TemplatePanelProps {
  /** The chat box's lead: Apply and the editor's preview fill templates for it. */
  leadId: number
  /** The lead's enterprise: the Group tab lists its templates. */
  enterpriseId: number
  /** The lead's service type: the first filter and a new template's default. */
  serviceType: string
  /** Apply: the template filled for the lead. */
  onApply: (rendered: RenderedTemplate) => void
  /** Optional: how long typing pauses before the editor's preview is asked for. */
  previewDelayMs?: number
}

const SKELETON_ROWS = 3

/**
 * The chat box's template panel (spec checklist A-S1): tabs Personal ('my') and
 * Group ('all'), a search, a service-type filter (the lead's type at first,
 * All for every type), and the templates with a favourite star, Apply, and Edit
 * and Delete for the ones the caller may change. New template and Edit open the
 * editor; a save or a delete reloads both lists.
 */
export function TemplatePanel({ leadId, enterpriseId, serviceType: leadServiceType, onApply, previewDelayMs }: TemplatePanelProps) {
  const ids = useId()
  const user = useSession()
  const [tab, setTab] = useState<TemplateTab>('my')
  const [search, setSearch] = useState('')
  const [serviceTypeChoice, setServiceTypeChoice] = useState<string | null>(null)
  const [editing, setEditing] = useState<{ template: CustomTemplate | null } | null>(null)
  const [deleting, setDeleting] = useState<CustomTemplate | null>(null)
  const tabsRef = useRef<HTMLDivElement>(null)

  const catalogue = useTemplateCatalogue()
  const serviceType = serviceTypeChoice ?? initialListServiceType(leadServiceType, catalogue.data)
  // The filter waits for the catalogue, which says whether the lead's type is one templates are for.
  const ready = !catalogue.isPending
  const personal = usePersonalTemplates(serviceType, search, ready && tab === 'my')
  const group = useGroupTemplates(enterpriseId, serviceType, search, ready && tab === 'all')
  const list = tab === 'my' ? personal : group

  const apply = useApplyTemplate()
  const favourite = useSetTemplateFavorite()
  const remove = useDeleteTemplate()

  const tabId = (key: TemplateTab) => `${ids}-tab-${key}`
  const panelId = `${ids}-list`
  const types = serviceTypeOptions(catalogue.data, leadServiceType.trim() || undefined, serviceType)

  let rows
  if (!ready || list.isPending) {
    rows = (
      <ul className="template-list" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} className="template-row template-row--skeleton">
            <span className="skeleton-bar" />
            <span className="skeleton-bar" />
          </li>
        ))}
      </ul>
    )
  } else if (list.isError) {
    rows = (
      <div className="template-list__note" role="alert">
        <p>{templateErrorTexts(list.error)[0]}</p>
        <button type="button" className="btn btn--small" onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    )
  } else if (list.data.length === 0) {
    rows = <p className="template-list__note">{EMPTY_LIST_TEXT}</p>
  } else {
    rows = (
      <ul className="template-list" aria-label={tab === 'my' ? 'Personal templates' : 'Group templates'}>
        {list.data.map((t) => (
          <TemplateRow
            key={t.id}
            template={t}
            applying={apply.isPending && apply.variables.templateId === t.id}
            favouriting={favourite.isPending && favourite.variables.templateId === t.id}
            onApply={() => apply.mutate({ leadId, templateId: t.id }, { onSuccess: (rendered) => onApply(rendered) })}
            onFavourite={() => favourite.mutate({ templateId: t.id, favorite: !t.favorite })}
            onEdit={() => setEditing({ template: t })}
            onDelete={() => setDeleting(t)}
          />
        ))}
      </ul>
    )
  }

  return (
    <section className="template-panel" aria-label="Templates" data-testid="template-panel">
      <div className="template-panel__bar">
        <div
          ref={tabsRef}
          className="template-panel__tabs"
          role="tablist"
          aria-label="Template lists"
          onKeyDown={(event) =>
            moveRovingFocus(event, Array.from(tabsRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []), 'horizontal')
          }
        >
          {TEMPLATE_TABS.map((t) => {
            const selected = t.key === tab
            return (
              <button
                key={t.key}
                id={tabId(t.key)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                data-tab={t.key}
                className={`template-panel__tab${selected ? ' is-selected' : ''}`}
                onClick={() => setTab(t.key)}
                onFocus={() => setTab(t.key)}
              >
                {t.label}
              </button>
            )
          })}
        </div>
        <button type="button" className="btn btn--small" onClick={() => setEditing({ template: null })}>
          New template
        </button>
      </div>
      <div className="template-panel__filters">
        <SearchInput value={search} onSearch={setSearch} label="Search templates" placeholder="Search" className="template-panel__search" />
        <select
          aria-label="Service type"
          className="template-panel__type"
          value={serviceType}
          onChange={(event) => setServiceTypeChoice(event.target.value)}
        >
          <option value={ALL_SERVICE_TYPES}>All</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {serviceTypeLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div
        id={panelId}
        className="template-panel__list"
        role="tabpanel"
        aria-labelledby={tabId(tab)}
        aria-busy={list.isFetching || undefined}
        tabIndex={0}
      >
        {rows}
      </div>
      <TemplateEditorDialog
        open={editing !== null}
        template={editing?.template ?? null}
        leadId={leadId}
        leadServiceType={leadServiceType}
        enterpriseId={enterpriseId}
        defaultScope={tab === 'all' && canManage(user) ? 'GROUP' : 'PERSONAL'}
        previewDelayMs={previewDelayMs}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        header="Delete"
        message={DELETE_TEMPLATE_QUESTION}
        confirmText="Yes"
        cancelText="No"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }}
      />
    </section>
  )
}
