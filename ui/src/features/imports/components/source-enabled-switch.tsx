import { Switch } from '../../../components/switch/switch'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import type { DataSource } from '../api/get-data-sources'
import { useUpdateDataSource } from '../api/update-data-source'

/** Switches a source on or off ('Successfully Updated'); a switched-off source does not sync. */
export function SourceEnabledSwitch({ source }: { source: DataSource }) {
  const update = useUpdateDataSource()
  return (
    <Switch
      checked={update.isPending ? (update.variables.change.enabled ?? source.enabled) : source.enabled}
      label={`${source.name} switched on`}
      pending={update.isPending}
      onChange={(enabled) =>
        update.mutate({ sourceId: source.id, change: { enabled } }, { onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }) })
      }
    />
  )
}
