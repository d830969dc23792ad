import { describe, expect, it } from 'vitest'
import type { CadenceStep } from './api/get-cadence'
import {
  cadenceChange,
  changedSteps,
  delayInDays,
  editorBody,
  isChanged,
  orderedSteps,
  parseDelay,
  problemsByStep,
  stepProblems,
  toDraft,
} from './cadence-model'

function step(name: string, over: Partial<CadenceStep> = {}): CadenceStep {
  const email = name.startsWith('E')
  return {
    step: name,
    enabled: true,
    delayHours: 24,
    channel: email ? 'EMAIL' : 'SMS',
    custom: false,
    subject: email ? 'Your service visit' : undefined,
    body: email ? 'Hello {{customer_first_name}},<br><br>Your car is due.' : 'Hi {{customer_first_name}}, reply STOP to opt out.',
    ...over,
  }
}

describe('drafts', () => {
  it('shows stored line breaks as new lines, and orders the steps by track', () => {
    expect(editorBody('a<br>b<BR/>c<br />d')).toBe('a\nb\nc\nd')
    expect(toDraft(step('E1'))).toEqual({
      step: 'E1',
      enabled: true,
      delayHours: '24',
      channel: 'EMAIL',
      subject: 'Your service visit',
      body: 'Hello {{customer_first_name}},\n\nYour car is due.',
    })
    const names = orderedSteps(['E3', 'S2', 'E2', 'S1', 'E1', 'FUDT', 'FU3', 'FU2', 'FU1'].map((n) => step(n))).map((s) => s.step)
    expect(names).toEqual(['FU1', 'FU2', 'FU3', 'FUDT', 'E1', 'S1', 'E2', 'S2', 'E3'])
  })

  it('reads the wait as whole hours only', () => {
    expect(parseDelay(' 72 ')).toBe(72)
    expect(parseDelay('1.5')).toBeNull()
    expect(parseDelay('')).toBeNull()
    expect(parseDelay('-3')).toBeNull()
  })
})

describe('dirty state', () => {
  const saved = [step('FU1'), step('E1')]

  it('sees no change in a freshly loaded step, even with stored <br> tags', () => {
    expect(saved.map((s) => isChanged(toDraft(s), s))).toEqual([false, false])
    expect(changedSteps(saved.map(toDraft), saved)).toEqual([])
  })

  it('notices each field, and the subject of e-mail steps only', () => {
    const fu1 = saved[0]!
    expect(isChanged({ ...toDraft(fu1), enabled: false }, fu1)).toBe(true)
    expect(isChanged({ ...toDraft(fu1), delayHours: '48' }, fu1)).toBe(true)
    expect(isChanged({ ...toDraft(fu1), delayHours: '024' }, fu1)).toBe(false)
    expect(isChanged({ ...toDraft(fu1), channel: 'EMAIL' }, fu1)).toBe(true)
    expect(isChanged({ ...toDraft(fu1), body: 'Hi' }, fu1)).toBe(true)
    expect(isChanged({ ...toDraft(fu1), subject: 'ignored for a text' }, fu1)).toBe(false)
    const e1 = saved[1]!
    expect(isChanged({ ...toDraft(e1), subject: 'New subject' }, e1)).toBe(true)
    expect(isChanged({ ...toDraft(e1), subject: ' Your service visit ' }, e1)).toBe(false)
  })
})

describe('stepProblems', () => {
  it('finds what the server would refuse: the wait’s range, an e-mail without a subject, an empty text', () => {
    expect(stepProblems(toDraft(step('FU1')))).toEqual([])
    expect(stepProblems({ ...toDraft(step('FU1')), delayHours: '0' })).toEqual(['Wait must be a whole number of hours from 1 to 2,160'])
    expect(stepProblems({ ...toDraft(step('FU1')), delayHours: '2161' })).toHaveLength(1)
    expect(stepProblems({ ...toDraft(step('FU1')), delayHours: '2160' })).toEqual([])
    expect(stepProblems({ ...toDraft(step('E1')), subject: '  ', body: ' ' })).toEqual(['Please Enter Subject', 'Please Enter Message'])
    expect(stepProblems({ ...toDraft(step('E1')), subject: 'x'.repeat(201) })).toEqual(['Subject must have at most 200 characters'])
    // A text step needs no subject.
    expect(stepProblems({ ...toDraft(step('S1')), subject: '' })).toEqual([])
  })
})

describe('cadenceChange', () => {
  it('sends only the changed steps, each in full; a text step leaves its subject alone', () => {
    const saved = [step('FU1'), step('FU2'), step('E1', { templateId: 7 })]
    const drafts = saved.map(toDraft)
    drafts[1] = { ...drafts[1]!, delayHours: '96', enabled: false }
    drafts[2] = { ...drafts[2]!, subject: ' Due soon ', body: 'Hello\nthere' }
    expect(cadenceChange(drafts, saved)).toEqual({
      steps: [
        { step: 'FU2', enabled: false, delayHours: 96, channel: 'SMS', body: 'Hi {{customer_first_name}}, reply STOP to opt out.' },
        { step: 'E1', enabled: true, delayHours: 24, channel: 'EMAIL', body: 'Hello\nthere', subject: 'Due soon' },
      ],
    })
  })
})

describe('problemsByStep', () => {
  it('sorts a 400’s problems by the step each names', () => {
    expect(problemsByStep(['E1: Please Enter Subject', 'E1: delayHours must be from 1 to 2160', 'FUDT: unknown field {{nope}}', 'Template 9 not found'])).toEqual({
      byStep: { E1: ['Please Enter Subject', 'delayHours must be from 1 to 2160'], FUDT: ['unknown field {{nope}}'] },
      general: ['Template 9 not found'],
    })
  })
})

describe('delayInDays', () => {
  it('writes a wait in days or weeks', () => {
    expect(delayInDays(12)).toBe('')
    expect(delayInDays(24)).toBe('1 day')
    expect(delayInDays(72)).toBe('3 days')
    expect(delayInDays(36)).toBe('1 day 12 h')
    expect(delayInDays(168)).toBe('1 week')
    expect(delayInDays(336)).toBe('2 weeks')
    expect(delayInDays(null)).toBe('')
  })
})
