import { BULK_LISTS, type BulkListId } from '../bulk-search'

export interface ListPickerProps {
  value: BulkListId
  onChange: (list: BulkListId) => void
}

/** The lead lists to text, as a radio group of chips; the chosen list's meaning under them. */
export function ListPicker({ value, onChange }: ListPickerProps) {
  const chosen = BULK_LISTS.find((l) => l.id === value) ?? BULK_LISTS[0]
  return (
    <fieldset className="bulk-lists">
      <legend className="bulk-lists__legend">Lead list</legend>
      <div className="bulk-lists__options">
        {BULK_LISTS.map((list) => {
          const selected = list.id === value
          return (
            <label key={list.id} className={`bulk-list${selected ? ' is-selected' : ''}`} title={list.hint}>
              <input
                type="radio"
                name="bulk-list"
                className="bulk-list__input"
                value={list.id}
                checked={selected}
                onChange={() => onChange(list.id)}
              />
              {list.label}
            </label>
          )
        })}
      </div>
      <p className="bulk-lists__hint">{chosen.hint}.</p>
    </fieldset>
  )
}
