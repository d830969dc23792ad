import { Switch } from '../../../components/switch/switch'
import { useUpdateAiEnabled } from '../api/update-ai-enabled'
import type { LeadRow } from '../api/get-leads'
import { customerName } from '../lead-format'

/** The per-lead AI switch (spec section 4): saved at once, the row patched when the server agrees. */
export function LeadAiSwitch({ lead }: { lead: LeadRow }) {
  const update = useUpdateAiEnabled()
  return (
    <Switch
      checked={lead.aiEnabled}
      label={`AI for ${customerName(lead)}`}
      pending={update.isPending}
      onChange={(aiEnabled) => update.mutate({ leadId: lead.id, aiEnabled })}
    />
  )
}
