import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { LEVEL_LABELS, type AdminAccess, type EmpLevel } from '../admin-access'
import { showRefusal, type Refusal } from '../admin-refusal'
import { hasProblems, MIN_PASSWORD_CHARS, userProblems, type UserDraft } from '../admin-validation'
import type { AdminUser } from '../api/admin-types'
import { useSaveUser } from '../api/save-user'
import { useDeleteGuest, useSendPasswordLink, useSetUserBlocked } from '../api/user-actions'
import { userBody, userDraftOf } from '../user-form'
import { AdminFormDialog } from './form-dialog'
import { FormRefusal } from './form-refusal'
import { RoleList } from './role-list'
import { SelectField } from './select-field'
import { TextField } from './text-field'
import type { UserPickers } from '../user-pickers'

export interface UserDialogProps {
  enterpriseId: number
  access: AdminAccess
  pickers: UserPickers
  /** The user changed; absent for a new one. */
  user?: AdminUser
  onClose: () => void
}

/** Groups the stores by dealer for the store picker. */
function storesByDealer(stores: UserPickers['stores']) {
  const groups = new Map<string, UserPickers['stores']>()
  for (const store of stores) groups.set(store.dealerName, [...(groups.get(store.dealerName) ?? []), store])
  return [...groups]
}

/**
 * A new user or a change to one: username and password (on creation; without
 * a password the user is e-mailed a link to choose one), names, e-mail, level
 * and its dealer or store, the roles in order, and the user's settings. For an
 * existing user also: block or unblock, send a password link, delete a guest.
 * Checked here first; the server's problems show at the top. Mount it to open it.
 */
export function UserDialog({ enterpriseId, access, pickers, user, onClose }: UserDialogProps) {
  const creating = !user
  const save = useSaveUser()
  const [draft, setDraft] = useState<UserDraft>(() => userDraftOf(user, access, pickers))
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problems = userProblems(draft, creating)
  const shown = checked ? problems : {}
  const set = (patch: Partial<UserDraft>) => setDraft((prev) => ({ ...prev, ...patch }))

  const submit = () => {
    setChecked(true)
    if (hasProblems(problems)) return
    setRefusal(null)
    const body = userBody(draft, creating)
    save.mutate(user ? { enterpriseId, userId: user.id, body } : { enterpriseId, body }, {
      onSuccess: (saved) => {
        // On creation the server says whether the password link went out.
        const linkFailed = saved.created && draft.password === '' && !saved.linkSent
        notify({ message: saved.created ? saved.message : UPDATED_NOTICE_TEXT, type: linkFailed ? 'warning' : 'success' })
        onClose()
      },
      onError: (error) => {
        showRefusal(error, setRefusal)
      },
    })
  }

  const levels: readonly string[] = access.grantableLevels.includes(draft.empLevel as EmpLevel) || draft.empLevel === '' ? access.grantableLevels : [draft.empLevel, ...access.grantableLevels]
  // The roles a user at the chosen level may hold (the server's list: a store's user is not
  // offered the enterprise's roles); every grantable role until a level is chosen.
  const grantable: readonly string[] = access.rolesByLevel.find((entry) => entry.level === draft.empLevel)?.roles ?? access.grantableRoles

  return (
    <AdminFormDialog
      open
      className="form-dialog--wide"
      title={user ? `Edit user ${user.username}` : 'New user'}
      submitText={user ? 'Save' : 'Create user'}
      busyText={user ? 'Saving…' : 'Creating…'}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      extraActions={user ? <UserAccountActions enterpriseId={enterpriseId} user={user} onDeleted={onClose} /> : null}
    >
      <FormRefusal refusal={refusal} />
      <div className="form-grid">
        <TextField
          label="Username"
          value={draft.username}
          readOnly={!creating}
          autoComplete="off"
          maxLength={254}
          hint={creating ? 'At least 3 characters, no spaces; used to sign in.' : 'A username is not changed.'}
          error={shown.username}
          onChange={(username) => set({ username })}
        />
        {creating ? (
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={draft.password}
            hint={`At least ${MIN_PASSWORD_CHARS} characters. Leave empty to e-mail the user a link to choose one.`}
            error={shown.password}
            onChange={(password) => set({ password })}
          />
        ) : (
          <div className="field">
            <span className="field__label">Password</span>
            <span className="field__hint">Changed by the user: send them a link with “Send password link”.</span>
          </div>
        )}
        <TextField label="First name" value={draft.firstName} maxLength={120} error={shown.firstName} onChange={(firstName) => set({ firstName })} />
        <TextField label="Last name" value={draft.lastName} maxLength={120} error={shown.lastName} onChange={(lastName) => set({ lastName })} />
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          value={draft.email}
          maxLength={254}
          hint={creating && draft.password === '' ? 'The password link goes here.' : 'Optional.'}
          error={shown.email}
          onChange={(email) => set({ email })}
        />
        <SelectField label="Level" value={draft.empLevel} error={shown.empLevel} onChange={(empLevel) => set({ empLevel })}>
          {draft.empLevel === '' ? <option value="">Choose a level</option> : null}
          {levels.map((level) => (
            <option key={level} value={level}>
              {LEVEL_LABELS[level as EmpLevel] ?? level}
            </option>
          ))}
        </SelectField>
        {draft.empLevel === 'BOC' ? (
          <SelectField
            label="Dealer"
            value={draft.bocId === undefined ? '' : String(draft.bocId)}
            disabled={pickers.pending}
            error={shown.bocId}
            onChange={(value) => set({ bocId: value === '' ? undefined : Number(value) })}
          >
            <option value="">Choose a dealer</option>
            {pickers.dealers.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {draft.empLevel === 'STORE' ? (
          <SelectField
            label="Store"
            value={draft.storeId === undefined ? '' : String(draft.storeId)}
            disabled={pickers.pending}
            error={shown.storeId}
            onChange={(value) => set({ storeId: value === '' ? undefined : Number(value) })}
          >
            <option value="">Choose a store</option>
            {user?.storeId !== undefined && !pickers.stores.some((s) => s.id === user.storeId) ? (
              <option value={user.storeId}>{user.storeName ?? `Store ${user.storeId}`}</option>
            ) : null}
            {storesByDealer(pickers.stores).map(([dealer, stores]) => (
              <optgroup key={dealer} label={dealer}>
                {stores.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
        ) : null}
      </div>
      <RoleList value={draft.roles} grantable={grantable} error={shown.roles} onChange={(roles) => set({ roles })} />
      <div className="form-grid form-grid--settings">
        <div className="field">
          <label htmlFor="user-color" className="field__label">
            Colour
          </label>
          <input id="user-color" type="color" className="admin-color" value={draft.colorCode} onChange={(event) => set({ colorCode: event.target.value })} />
          {shown.colorCode ? <span className="field__error">{shown.colorCode}</span> : null}
        </div>
        <label className="filters__check">
          <input type="checkbox" checked={draft.realTimeSync} onChange={(event) => set({ realTimeSync: event.target.checked })} />
          Real-time updates
        </label>
        <label className="filters__check">
          <input type="checkbox" checked={draft.callingFeature} onChange={(event) => set({ callingFeature: event.target.checked })} />
          Calling
        </label>
        <label className="filters__check">
          <input type="checkbox" checked={draft.twoStepLogin} onChange={(event) => set({ twoStepLogin: event.target.checked })} />
          Two-step log-in (a code by e-mail after the password)
        </label>
        {creating ? (
          <label className="filters__check">
            <input type="checkbox" checked={draft.isGuest} onChange={(event) => set({ isGuest: event.target.checked })} />
            Guest (may be deleted later)
          </label>
        ) : null}
      </div>
    </AdminFormDialog>
  )
}

interface UserAccountActionsProps {
  enterpriseId: number
  user: AdminUser
  onDeleted: () => void
}

/** An existing user's account: block or unblock, a password link, and deleting a guest (after a confirmation). */
function UserAccountActions({ enterpriseId, user, onDeleted }: UserAccountActionsProps) {
  const block = useSetUserBlocked(enterpriseId)
  const link = useSendPasswordLink(enterpriseId)
  const remove = useDeleteGuest(enterpriseId)
  const [blocked, setBlocked] = useState(user.isBlocked)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const busy = block.isPending || link.isPending || remove.isPending

  return (
    <>
      <button
        type="button"
        className={blocked ? 'btn' : 'btn btn--danger'}
        disabled={busy}
        onClick={() =>
          block.mutate(
            { userId: user.id, blocked: !blocked },
            {
              onSuccess: (next) => {
                setBlocked(next.isBlocked)
                notify({ message: UPDATED_NOTICE_TEXT })
              },
            },
          )
        }
      >
        {blocked ? 'Unblock' : 'Block'}
      </button>
      <button type="button" className="btn" disabled={busy} onClick={() => link.mutate(user.id, { onSuccess: (answer) => notify({ message: answer.message }) })}>
        Send password link
      </button>
      {user.isGuest ? (
        <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setConfirmingDelete(true)}>
          Delete guest
        </button>
      ) : null}
      <ConfirmDialog
        open={confirmingDelete}
        header="Delete the guest"
        message={`Delete the guest account ${user.username}? It can no longer sign in.`}
        confirmText="Delete"
        loading={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() =>
          remove.mutate(user.id, {
            onSuccess: (answer) => {
              notify({ message: answer.message || 'Successfully Deleted' })
              setConfirmingDelete(false)
              onDeleted()
            },
            onError: () => setConfirmingDelete(false),
          })
        }
      />
    </>
  )
}
