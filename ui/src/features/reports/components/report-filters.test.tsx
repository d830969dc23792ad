import { describeServiceTypeFilter } from '../../../test/service-type-filter'
import { ReportFilters } from './report-filters'
import { serviceTypeLabel } from '../../../lib/service-types'

describeServiceTypeFilter({
  name: 'ReportFilters',
  fieldLabel: 'Service types',
  label: serviceTypeLabel,
  filter: (serviceType, onChange) => <ReportFilters kind="funnel" enterpriseId={7} search={{ serviceType }} today="2026-11-25" onChange={onChange} />,
  afterUntick: { serviceType: ['RECALL'], page: undefined },
})
