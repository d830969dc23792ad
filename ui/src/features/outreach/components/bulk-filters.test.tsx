import { describeServiceTypeFilter } from '../../../test/service-type-filter'
import { bulkList } from '../bulk-search'
import { BulkFilters } from './bulk-filters'
import { serviceTypeLabel } from '../../../lib/service-types'

describeServiceTypeFilter({
  name: 'BulkFilters',
  fieldLabel: 'Service types',
  label: serviceTypeLabel,
  filter: (serviceType, onChange) => <BulkFilters enterpriseId={7} list={bulkList(undefined)} value={{ serviceType }} onChange={onChange} />,
  afterUntick: { serviceType: ['RECALL'] },
})
