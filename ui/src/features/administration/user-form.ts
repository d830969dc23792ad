/** The user form's start and what it sends. */
import type { AdminAccess } from './admin-access'
import type { UserDraft } from './admin-validation'
import type { AdminUser, UserBody } from './api/admin-types'
import type { UserPickers } from './user-pickers'

/** Colour of a new user's messages until changed. */
export const DEFAULT_USER_COLOR = '#2563eb'

/** The form's start: the user as saved, or a new one (at the store level when the user may give it, in the only dealer or store there is). */
export function userDraftOf(user: AdminUser | undefined, access: AdminAccess, pickers: UserPickers): UserDraft {
  if (user) {
    return {
      username: user.username,
      password: '',
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email ?? '',
      empLevel: user.empLevel,
      bocId: user.bocId,
      storeId: user.storeId,
      roles: [...user.roles],
      colorCode: user.colorCode || DEFAULT_USER_COLOR,
      realTimeSync: user.realTimeSync,
      callingFeature: user.callingFeature,
      twoStepLogin: user.twoStepLogin,
      isGuest: user.isGuest,
    }
  }
  const levels = access.grantableLevels
  const empLevel = levels.includes('STORE') ? 'STORE' : (levels[0] ?? '')
  return {
    username: '',
    password: '',
    firstName: '',
    lastName: '',
    email: '',
    empLevel,
    bocId: pickers.dealers.length === 1 ? pickers.dealers[0]!.id : undefined,
    storeId: pickers.stores.length === 1 ? pickers.stores[0]!.id : undefined,
    roles: [],
    colorCode: DEFAULT_USER_COLOR,
    realTimeSync: true,
    callingFeature: false,
    twoStepLogin: false,
    isGuest: false,
  }
}

/** The body the API takes: the dealer only for a dealer-level user, the store only for a store-level one. */
export function userBody(draft: UserDraft, creating: boolean): UserBody {
  const email = draft.email.trim()
  return {
    ...(creating ? { username: draft.username.trim(), password: draft.password === '' ? undefined : draft.password, isGuest: draft.isGuest } : {}),
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    email: email === '' ? undefined : email,
    empLevel: draft.empLevel,
    bocId: draft.empLevel === 'BOC' ? draft.bocId : undefined,
    storeId: draft.empLevel === 'STORE' ? draft.storeId : undefined,
    roles: draft.roles,
    colorCode: draft.colorCode.trim() === '' ? undefined : draft.colorCode.trim(),
    realTimeSync: draft.realTimeSync,
    callingFeature: draft.callingFeature,
    twoStepLogin: draft.twoStepLogin,
  }
}
