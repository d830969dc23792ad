import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import type { EnterpriseView } from '../api/admin-types'
import { useSetEnterpriseActive } from '../api/set-enterprise-active'

/** SUPER_ADMIN: deactivate the enterprise (its users can no longer sign in) or activate it again, after a confirmation. */
export function EnterpriseActivation({ enterprise }: { enterprise: EnterpriseView }) {
  const toggle = useSetEnterpriseActive()
  const [confirming, setConfirming] = useState(false)
  const activating = !enterprise.isActive
  return (
    <section className="panel" aria-labelledby="admin-activation">
      <header className="panel__header">
        <h2 id="admin-activation">Status</h2>
      </header>
      <div className="panel--padded admin-activation">
        <p>
          {enterprise.isActive
            ? 'The enterprise is active. Deactivating it stops its users from signing in and its automated texts; nothing is deleted.'
            : 'The enterprise is deactivated: its users cannot sign in. Activating it lets them in again.'}
        </p>
        <button
          type="button"
          className={activating ? 'btn btn--primary' : 'btn btn--danger'}
          disabled={toggle.isPending}
          onClick={() => setConfirming(true)}
        >
          {activating ? 'Activate enterprise' : 'Deactivate enterprise'}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        header={activating ? 'Activate the enterprise' : 'Deactivate the enterprise'}
        message={activating ? `Activate ${enterprise.name} again?` : `Deactivate ${enterprise.name}? Its users will not be able to sign in.`}
        confirmText={activating ? 'Activate' : 'Deactivate'}
        loading={toggle.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          toggle.mutate(
            { enterpriseId: enterprise.id, active: activating },
            { onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }), onSettled: () => setConfirming(false) },
          )
        }
      />
    </section>
  )
}
