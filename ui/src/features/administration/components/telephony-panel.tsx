import { useState } from 'react'
import { useAdminStores } from '../api/get-admin-stores'
import { GatewayForm } from './gateway-form'
import { NumbersSection } from './numbers-section'
import { SelectField } from './select-field'
import { TestSmsForm } from './test-sms-form'

/**
 * The Numbers & SMS section: for a store picked from the enterprise's stores,
 * the gateway it texts through, a test text, and the numbers it owns or may buy.
 */
export function TelephonyPanel({ enterpriseId }: { enterpriseId: number }) {
  const stores = useAdminStores(enterpriseId)
  const [picked, setPicked] = useState<number | undefined>(undefined)
  const list = stores.data ?? []
  const storeId = picked ?? list[0]?.id

  return (
    <section className="panel" aria-labelledby="admin-telephony">
      <header className="panel__header">
        <h2 id="admin-telephony">Numbers &amp; SMS</h2>
      </header>
      {stores.isPending ? <p className="panel__note">Loading stores…</p> : null}
      {!stores.isPending && list.length === 0 ? (
        <p className="panel__note" data-testid="telephony-no-store">
          The enterprise has no store yet: create one under Stores first.
        </p>
      ) : null}
      {list.length > 0 ? (
        <SelectField label="Store" value={storeId === undefined ? '' : String(storeId)} onChange={(value) => setPicked(Number(value))}>
          {list.map((store) => (
            <option key={store.id} value={store.id}>
              {store.isActive ? `${store.storeName} (${store.storeCode})` : `${store.storeName} (${store.storeCode}, deactivated)`}
            </option>
          ))}
        </SelectField>
      ) : null}
      {storeId !== undefined ? (
        <div key={storeId} className="admin-telephony">
          <GatewayForm enterpriseId={enterpriseId} storeId={storeId} />
          <TestSmsForm enterpriseId={enterpriseId} storeId={storeId} />
          <NumbersSection enterpriseId={enterpriseId} storeId={storeId} />
        </div>
      ) : null}
    </section>
  )
}
