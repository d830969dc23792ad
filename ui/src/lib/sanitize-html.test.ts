import { describe, expect, it } from 'vitest'
import { htmlToText, isSafeUrl, sanitizeHtml } from './sanitize-html'

describe('sanitizeHtml', () => {
  it('keeps formatting and text', () => {
    expect(sanitizeHtml('<p>Hi <b>Sarah</b>,</p><p>Your <em>F-150</em><br>is due.</p>')).toBe(
      '<p>Hi <b>Sarah</b>,</p><p>Your <em>F-150</em><br>is due.</p>',
    )
    expect(sanitizeHtml('Plain text & more < less')).toBe('Plain text &amp; more &lt; less')
    expect(sanitizeHtml('<ul><li>one</li><li>two</li></ul>')).toBe('<ul><li>one</li><li>two</li></ul>')
  })

  it('drops scripts, styles, frames and forms with their content', () => {
    expect(sanitizeHtml('a<script>alert(1)</script>b')).toBe('ab')
    expect(sanitizeHtml('<style>body{display:none}</style>text')).toBe('text')
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>x')).toBe('x')
    expect(sanitizeHtml('<form action="/x"><input name="a"><button>Go</button></form>y')).toBe('y')
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>')).toBe('')
    expect(sanitizeHtml('<p>z</p><svg onload="alert(1)"><circle></circle></svg>')).toBe('<p>z</p>')
    expect(sanitizeHtml('<template><img src=x onerror=alert(1)></template>w')).toBe('w')
  })

  it('drops event handlers, styles and unknown attributes', () => {
    expect(sanitizeHtml('<img src="/media/a/b.png" onerror="alert(1)" alt="car">')).toBe('<img src="/media/a/b.png" alt="car">')
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x" title="t">p</p>')).toBe('<p title="t">p</p>')
    expect(sanitizeHtml('<div onmouseover=alert(1)>d</div>')).toBe('<div>d</div>')
  })

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<custom-tag><b>bold</b> text</custom-tag>')).toBe('<b>bold</b> text')
    expect(sanitizeHtml('<font color="red">red</font>')).toBe('red')
  })

  it('keeps only safe link and image addresses; links open in a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.com/x">x</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">x</a>',
    )
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href=" JAVASCRIPT:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('<img>')
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('<img>')
    expect(sanitizeHtml('<a href="mailto:a@example.com" target="_self">m</a>')).toContain('href="mailto:a@example.com"')
  })

  it('drops comments and copes with nothing', () => {
    expect(sanitizeHtml('a<!-- secret -->b')).toBe('ab')
    expect(sanitizeHtml('')).toBe('')
    expect(sanitizeHtml(null)).toBe('')
    expect(sanitizeHtml(undefined)).toBe('')
  })
})

describe('isSafeUrl', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['/media/abc/photo.jpg', true],
    ['photo.jpg', true],
    ['tel:+15551234567', true],
    ['mailto:x@example.com', true],
    ['javascript:alert(1)', false],
    ['vbscript:msgbox', false],
    ['data:text/html,hi', false],
    ['//evil.example/x', false],
    ['\\\\evil.example/x', false],
  ])('%s → %s', (url, safe) => {
    expect(isSafeUrl(url)).toBe(safe)
  })
})

describe('htmlToText', () => {
  it('reads the text of a message body on one line', () => {
    expect(htmlToText('<p>Hi James,</p><p>your car is <b>due</b>.</p>')).toBe('Hi James, your car is due.')
    expect(htmlToText('Line one<br>line&nbsp;two &amp; more')).toBe('Line one line two & more')
    expect(htmlToText('plain  text\nhere')).toBe('plain text here')
    expect(htmlToText('<script>alert(1)</script>Safe')).toBe('Safe')
    expect(htmlToText(null)).toBe('')
  })
})
