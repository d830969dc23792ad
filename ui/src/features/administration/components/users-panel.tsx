import { useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { SearchInput } from '../../../components/search-input/search-input'
import type { AdminAccess } from '../admin-access'
import type { AdminUser } from '../api/admin-types'
import { useUsers, type UserQuery } from '../api/get-users'
import { userColumns, userRowId } from './user-columns'
import { UserDialog } from './user-dialog'
import { useUserPickers } from '../user-pickers'

export interface UsersPanelProps {
  enterpriseId: number
  access: AdminAccess
  /** Page, size and search, as the address holds them. */
  query: UserQuery
  onQuery: (next: Partial<UserQuery>) => void
}

/** The Users section: the users the signed-in user may manage, searched and paged on the server; a row opens the user. */
export function UsersPanel({ enterpriseId, access, query, onQuery }: UsersPanelProps) {
  const users = useUsers(enterpriseId, query)
  const pickers = useUserPickers(enterpriseId, access)
  // undefined: closed; null: a new user.
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined)

  return (
    <section className="panel" aria-labelledby="admin-users">
      <header className="panel__header panel__header--toolbar">
        <h2 id="admin-users">Users</h2>
        <div className="page__actions">
          <SearchInput label="Search users" placeholder="Search name, username, e-mail" value={query.search} onSearch={(search) => onQuery({ search, page: 0 })} />
          <button type="button" className="btn btn--primary" disabled={access.grantableRoles.length === 0} onClick={() => setEditing(null)}>
            New user
          </button>
        </div>
      </header>
      <DataTable
        label="Users"
        className="admin-table"
        columns={userColumns}
        data={users.data?.content}
        getRowId={userRowId}
        isLoading={users.isPending}
        isFetching={users.isFetching}
        onRowClick={setEditing}
        selectedRowId={editing ? String(editing.id) : undefined}
        paging={{
          pageIndex: query.page,
          pageSize: query.size,
          rowCount: users.data?.totalElements ?? 0,
          onChange: (next) => onQuery({ page: next.pageIndex, size: next.pageSize }),
        }}
      />
      {editing !== undefined ? (
        <UserDialog key={editing?.id ?? 'new'} enterpriseId={enterpriseId} access={access} pickers={pickers} user={editing ?? undefined} onClose={() => setEditing(undefined)} />
      ) : null}
    </section>
  )
}
