import { advisorColor, advisorInitials } from '../advisor-color'

export interface AdvisorChipProps {
  /** The advisor as the server names them (the same name on every screen); none: no advisor. */
  advisor?: { name: string; firstName?: string | null; lastName?: string | null } | null
}

/** An advisor: initials on the advisor's colour (by first letter), then the name. */
export function AdvisorChip({ advisor }: AdvisorChipProps) {
  const { name = '', firstName, lastName } = advisor ?? {}
  if (!name) return <span className="advisor-chip advisor-chip--none">No advisor</span>
  return (
    <span className="advisor-chip" data-testid="advisor-chip">
      <span className="advisor-chip__avatar" style={{ background: advisorColor(firstName || lastName || name) }} aria-hidden="true">
        {advisorInitials(firstName, lastName)}
      </span>
      <span className="advisor-chip__name">{name}</span>
    </span>
  )
}
