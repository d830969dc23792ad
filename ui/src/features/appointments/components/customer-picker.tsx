import { useId, useState } from 'react'
import { ApiError } from '../../../lib/api-client'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { usePickerCustomers, type PickerCustomer } from '../api/get-picker-customers'
import { contactName, contactNumber, matchesCustomer } from '../appointment-model'

/** How long typing pauses before the picker searches. */
export const PICKER_SEARCH_DELAY_MS = 300

export interface CustomerPickerProps {
  /** The store whose customers are listed. */
  storeId: number
  /** The store's enterprise (none: the caller's). */
  enterpriseId?: number
  /** The customer picked so far. */
  selectedId?: number
  disabled?: boolean
  /** Optional: how long typing pauses before the search goes out. */
  delayMs?: number
  onPick: (customer: PickerCustomer) => void
}

/**
 * The editor's customer picker (B-S1, B-R2): a search box over the store's
 * customers, matching the first, last or full name case-insensitively (or
 * phone digits); each row shows the number, the name and the email, and a
 * click picks it.
 */
export function CustomerPicker({ storeId, enterpriseId, selectedId, disabled = false, delayMs = PICKER_SEARCH_DELAY_MS, onPick }: CustomerPickerProps) {
  const ids = useId()
  const [text, setText] = useState('')
  const search = useDebouncedValue(text.trim(), delayMs)
  const customers = usePickerCustomers({ companyId: enterpriseId, officeId: storeId, search })
  // The server matches too; the rows are checked against the search as the spec says it matches.
  const rows = (customers.data ?? []).filter((customer) => matchesCustomer(customer, search))
  const searching = customers.isFetching || text.trim() !== search

  let note: string | null = null
  if (customers.isError) {
    note = customers.error instanceof ApiError ? customers.error.message : 'The customers could not be loaded.'
  } else if (customers.isPending) {
    note = 'Loading customers…'
  } else if (rows.length === 0) {
    note = EMPTY_LIST_TEXT
  }

  return (
    <div className="customer-picker">
      <input
        type="search"
        className="search-input customer-picker__search"
        aria-label="Search customers"
        aria-controls={`${ids}-list`}
        placeholder="First, last or full name"
        value={text}
        disabled={disabled}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <ul id={`${ids}-list`} className="customer-picker__list" aria-label="Customers" aria-busy={searching || undefined}>
        {rows.map((customer) => {
          const name = contactName(customer)
          const picked = customer.contactId === selectedId
          return (
            <li key={customer.contactId}>
              <button
                type="button"
                className={`customer-picker__row${picked ? ' is-picked' : ''}`}
                aria-pressed={picked}
                aria-label={`Pick ${name}`}
                disabled={disabled}
                data-testid="customer-picker-row"
                onClick={() => onPick(customer)}
              >
                <span className="customer-picker__number">{contactNumber(customer)}</span>
                <span className="customer-picker__name">{name}</span>
                <span className="customer-picker__email">{customer.email || '—'}</span>
              </button>
            </li>
          )
        })}
      </ul>
      {note ? (
        <p className="field__hint customer-picker__note" role={customers.isError ? 'alert' : 'status'}>
          {note}
        </p>
      ) : null}
    </div>
  )
}
