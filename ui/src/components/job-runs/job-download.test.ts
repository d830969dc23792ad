import { describe, expect, it } from 'vitest'
import { isAppUrl, jobRunDownload, urlFileName } from './job-download'

describe('jobRunDownload', () => {
  it('reads the file of a succeeded run', () => {
    expect(
      jobRunDownload({
        status: 'succeeded',
        result: { downloadUrl: '/api/reports/exports/7/file', fileName: 'monthly.xlsx', rows: 12, expiresAt: '2026-11-27T00:00:00Z' },
      }),
    ).toEqual({ url: '/api/reports/exports/7/file', fileName: 'monthly.xlsx', rows: 12, expiresAt: '2026-11-27T00:00:00Z' })
  })

  it('keeps what is missing as null', () => {
    expect(jobRunDownload({ status: 'succeeded', result: { downloadUrl: '/f.csv' } })).toEqual({
      url: '/f.csv',
      fileName: null,
      rows: null,
      expiresAt: null,
    })
  })

  it('has no file before the run succeeded, or without a download URL', () => {
    expect(jobRunDownload({ status: 'running', result: { downloadUrl: '/f.csv' } })).toBeNull()
    expect(jobRunDownload({ status: 'failed', result: { downloadUrl: '/f.csv' } })).toBeNull()
    expect(jobRunDownload({ status: 'succeeded', result: { created: 3 } })).toBeNull()
    expect(jobRunDownload({ status: 'succeeded', result: { downloadUrl: '  ' } })).toBeNull()
    expect(jobRunDownload({ status: 'succeeded' })).toBeNull()
    expect(jobRunDownload(null)).toBeNull()
  })
})

describe('isAppUrl', () => {
  it('accepts the app’s own paths only', () => {
    expect(isAppUrl('/api/reports/exports/7/file')).toBe(true)
    expect(isAppUrl('//evil.example/file')).toBe(false)
    expect(isAppUrl('/\\evil.example/file')).toBe(false)
    expect(isAppUrl('https://files.example/report.csv')).toBe(false)
    expect(isAppUrl('api/file')).toBe(false)
  })
})

describe('urlFileName', () => {
  it('is the last part of the path', () => {
    expect(urlFileName('/api/reports/exports/7/report%20one.csv?x=1')).toBe('report one.csv')
    expect(urlFileName('/')).toBe('download')
  })
})
