import { describeServiceTypeFilter } from '../../../test/service-type-filter'
import { serviceTypeLabel } from '../bulk-format'
import { bulkList } from '../bulk-search'
import { BulkFilters } from './bulk-filters'

describeServiceTypeFilter({
  name: 'BulkFilters',
  fieldLabel: 'Service types',
  label: serviceTypeLabel,
  filter: (serviceType, onChange) => <BulkFilters enterpriseId={7} list={bulkList(undefined)} value={{ serviceType }} onChange={onChange} />,
  afterUntick: { serviceType: ['RECALL'] },
})
