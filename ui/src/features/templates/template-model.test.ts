import { describe, expect, it } from 'vitest'
import { CATALOGUE } from './test/template-fixtures'
import {
  bodyPreview,
  fieldsOfGroup,
  initialListServiceType,
  initialTemplateServiceType,
  insertAt,
  isTemplateServiceType,
  serviceTypeOptions,
} from './template-model'

describe('template model', () => {
  it('inserts at the cursor or over the selection, and says where the caret goes', () => {
    expect(insertAt('Hi !', 3, 3, '{{customer_first_name}}')).toEqual({ text: 'Hi {{customer_first_name}}!', caret: 26 })
    expect(insertAt('Hi there!', 3, 8, '{{x}}')).toEqual({ text: 'Hi {{x}}!', caret: 8 })
    expect(insertAt('', 0, 0, '{{x}}')).toEqual({ text: '{{x}}', caret: 5 })
    // A stale selection past the end goes at the end.
    expect(insertAt('abc', 10, 12, '{{x}}')).toEqual({ text: 'abc{{x}}', caret: 8 })
  })

  it('knows the service types templates may be for', () => {
    expect(isTemplateServiceType('OIL_CHANGE', CATALOGUE)).toBe(true)
    expect(isTemplateServiceType('ALL', CATALOGUE)).toBe(true)
    expect(isTemplateServiceType('FIRST_SERVICE_KIA', CATALOGUE)).toBe(true)
    expect(isTemplateServiceType('WHATEVER', CATALOGUE)).toBe(false)
  })

  it("starts the list on the lead's service type, or every type", () => {
    expect(initialListServiceType('OIL_CHANGE', CATALOGUE)).toBe('OIL_CHANGE')
    expect(initialListServiceType('OIL_CHANGE', undefined)).toBe('OIL_CHANGE')
    expect(initialListServiceType('WHATEVER', CATALOGUE)).toBe('ALL')
    expect(initialListServiceType(' ', CATALOGUE)).toBe('ALL')
  })

  it("starts a new template on the lead's service type, else SALES_THANKS", () => {
    expect(initialTemplateServiceType('CHECK_UP', CATALOGUE)).toBe('CHECK_UP')
    expect(initialTemplateServiceType('', CATALOGUE)).toBe('SALES_THANKS')
    expect(initialTemplateServiceType('WHATEVER', CATALOGUE)).toBe('SALES_THANKS')
  })

  it('lists the service types with unlisted extras first, once, never ALL', () => {
    expect(serviceTypeOptions(CATALOGUE, 'FIRST_SERVICE_KIA', 'OIL_CHANGE', 'ALL', 'FIRST_SERVICE_KIA', undefined)).toEqual([
      'FIRST_SERVICE_KIA',
      'SALES_THANKS',
      'SALES_TITLE',
      'OIL_CHANGE',
      'CHECK_UP',
    ])
    expect(serviceTypeOptions(undefined, 'OIL_CHANGE')).toEqual(['OIL_CHANGE'])
  })

  it("gives a menu's fields in order", () => {
    expect(fieldsOfGroup(CATALOGUE, 'Customer').map((f) => f.key)).toEqual(['customer_first_name', 'customer_email'])
    expect(fieldsOfGroup(undefined, 'Customer')).toEqual([])
  })

  it('previews a body on one line, cut with an ellipsis', () => {
    expect(bodyPreview('Hi,\n\nsee  you')).toBe('Hi, see you')
    expect(bodyPreview('a'.repeat(10), 5)).toBe('aaaa…')
  })
})
