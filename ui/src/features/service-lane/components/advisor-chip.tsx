import { advisorColor, advisorInitials } from '../advisor-color'

export interface AdvisorChipProps {
  firstName?: string | null
  lastName?: string | null
}

/** An advisor: initials on the advisor's colour (by first letter), then the name. */
export function AdvisorChip({ firstName, lastName }: AdvisorChipProps) {
  const name = [firstName, lastName].filter(Boolean).join(' ')
  if (!name) return <span className="advisor-chip advisor-chip--none">No advisor</span>
  return (
    <span className="advisor-chip" data-testid="advisor-chip">
      <span className="advisor-chip__avatar" style={{ background: advisorColor(firstName || lastName) }} aria-hidden="true">
        {advisorInitials(firstName, lastName)}
      </span>
      <span className="advisor-chip__name">{name}</span>
    </span>
  )
}
