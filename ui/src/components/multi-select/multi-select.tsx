import { useId, useState } from 'react'
import { Popover } from '../popover/popover'

export interface MultiSelectOption<T extends string | number> {
  value: T
  label: string
}

export interface MultiSelectProps<T extends string | number> {
  /** The field's name, shown above the button and as the popover's title. */
  label: string
  /** What the button says when nothing is picked (nothing picked means all). */
  allText: string
  options: readonly MultiSelectOption<T>[]
  value: readonly T[]
  onChange: (next: T[]) => void
  disabled?: boolean
}

/** What the button says: all, the one picked, or how many. */
function multiSelectSummary<T extends string | number>(
  options: readonly MultiSelectOption<T>[],
  value: readonly T[],
  allText: string,
): string {
  if (value.length === 0) return allText
  if (value.length === 1) return options.find((o) => o.value === value[0])?.label ?? String(value[0])
  return `${value.length} selected`
}

/**
 * A filter that picks any number of values: a button that opens a list of
 * check boxes. Each tick applies at once; Escape or a click outside closes it.
 */
export function MultiSelect<T extends string | number>({ label, allText, options, value, onChange, disabled }: MultiSelectProps<T>) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)
  const labelId = useId()
  const summary = multiSelectSummary(options, value, allText)

  const toggle = (option: T, checked: boolean) => {
    const picked = new Set(checked ? [...value, option] : value.filter((v) => v !== option))
    // Keep the options' order, so the same choice is always the same value.
    onChange(options.map((o) => o.value).filter((v) => picked.has(v)))
  }

  return (
    <div className="filters__field multi-select">
      <span id={labelId}>{label}</span>
      <button
        ref={setAnchor}
        type="button"
        className="btn multi-select__button"
        aria-labelledby={`${labelId} ${labelId}-value`}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        title={value.length > 1 ? options.filter((o) => value.includes(o.value)).map((o) => o.label).join(', ') : undefined}
        onClick={() => setOpen(!open)}
      >
        <span id={`${labelId}-value`} className="multi-select__value">
          {summary}
        </span>
        <span className="multi-select__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && anchor ? (
        <Popover anchor={anchor} label={label} title={label} className="multi-select__popover" onClose={() => setOpen(false)}>
          <ul className="multi-select__list">
            {options.map((option) => (
              <li key={option.value}>
                <label className="multi-select__option">
                  <input
                    type="checkbox"
                    checked={value.includes(option.value)}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                  />
                  <span>{option.label}</span>
                </label>
              </li>
            ))}
          </ul>
          {value.length > 0 ? (
            <button type="button" className="popover__item multi-select__clear" onClick={() => onChange([])}>
              {allText}
            </button>
          ) : null}
        </Popover>
      ) : null}
    </div>
  )
}
