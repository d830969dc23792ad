import { describeServiceTypeFilter } from '../../../test/service-type-filter'
import { leadView } from '../lead-views'
import { LeadFilters } from './lead-filters'
import { serviceTypeLabel } from '../../../lib/service-types'

describeServiceTypeFilter({
  name: 'LeadFilters',
  fieldLabel: 'Service',
  label: serviceTypeLabel,
  filter: (serviceType, onChange) => <LeadFilters enterpriseId={7} view={leadView(undefined)} value={{ serviceType }} onChange={onChange} />,
  afterUntick: { serviceType: ['RECALL'] },
})
