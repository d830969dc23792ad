import { describeServiceTypeFilter } from '../../../test/service-type-filter'
import { serviceTypeLabel } from '../service-types'
import { ReportFilters } from './report-filters'

describeServiceTypeFilter({
  name: 'ReportFilters',
  fieldLabel: 'Service types',
  label: serviceTypeLabel,
  filter: (serviceType, onChange) => <ReportFilters kind="funnel" enterpriseId={7} search={{ serviceType }} today="2026-11-25" onChange={onChange} />,
  afterUntick: { serviceType: ['RECALL'], page: undefined },
})
