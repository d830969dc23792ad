/**
 * An allow-list HTML sanitiser for message bodies (spec section 2: "body
 * (loaded as HTML)"). The input is parsed into an inert document (nothing runs,
 * nothing loads), and only known formatting elements and attributes are copied
 * out: scripts, styles, frames, forms and every event handler are dropped, and
 * links and images keep only web, mail and phone addresses.
 */

/** Elements kept (with the attributes listed for them, plus GLOBAL_ATTRIBUTES). */
const ALLOWED: Record<string, readonly string[]> = {
  a: ['href'],
  b: [],
  blockquote: [],
  br: [],
  code: [],
  div: [],
  em: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  i: [],
  img: ['src', 'alt', 'width', 'height'],
  li: [],
  ol: [],
  p: [],
  pre: [],
  s: [],
  small: [],
  span: [],
  strike: [],
  strong: [],
  sub: [],
  sup: [],
  table: [],
  tbody: [],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  thead: [],
  tr: [],
  u: [],
  ul: [],
}
const GLOBAL_ATTRIBUTES = ['title']

/** Elements dropped together with everything inside them; any other unknown element is unwrapped. */
const DROPPED = new Set([
  'base',
  'button',
  'embed',
  'form',
  'frame',
  'frameset',
  'head',
  'iframe',
  'input',
  'link',
  'math',
  'meta',
  'noscript',
  'object',
  'option',
  'script',
  'select',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
])

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])
const IMAGE_SCHEMES = new Set(['http', 'https'])

/**
 * Whether `value` is an address of an allowed scheme, or relative. Control
 * characters and spaces are ignored the way browsers ignore them
 * (`java\tscript:` is `javascript:`).
 */
export function isSafeUrl(value: string, schemes: ReadonlySet<string> = LINK_SCHEMES): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)
  if (scheme) return schemes.has(scheme[1]!.toLowerCase())
  // "//host/…" is another site on the page's scheme; a backslash is read as a slash.
  return !/^[/\\]{2}/.test(compact)
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''))
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      copyElement(child as Element, to, doc)
    }
    // Comments, processing instructions and the like are dropped.
  }
}

function copyElement(element: Element, to: Node, doc: Document): void {
  const tag = element.localName.toLowerCase()
  if (DROPPED.has(tag)) return
  const attributes = ALLOWED[tag]
  if (!attributes || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
    copyChildren(element, to, doc) // unknown: keep the text, lose the element
    return
  }
  const clean = doc.createElement(tag)
  for (const name of [...attributes, ...GLOBAL_ATTRIBUTES]) {
    const value = element.getAttribute(name)
    if (value === null) continue
    if (name === 'href' && !isSafeUrl(value)) continue
    if (name === 'src' && !isSafeUrl(value, IMAGE_SCHEMES)) continue
    clean.setAttribute(name, value)
  }
  if (tag === 'a' && clean.hasAttribute('href')) {
    clean.setAttribute('target', '_blank')
    clean.setAttribute('rel', 'noopener noreferrer')
  }
  copyChildren(element, clean, doc)
  to.appendChild(clean)
}

/** `html` with only allowed elements and attributes left, as HTML text. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return ''
  const parsed = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html')
  const out = document.implementation.createHTMLDocument('')
  const container = out.createElement('div')
  copyChildren(parsed.body, container, out)
  return container.innerHTML
}

const BLOCKS = 'br, p, div, li, tr, blockquote, pre, h1, h2, h3, h4, h5, h6'

/** The text a person reads in `html` (a message body), on one line: blocks and breaks become spaces. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return ''
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim()
  const parsed = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html')
  for (const hidden of parsed.body.querySelectorAll('script, style, template')) hidden.remove()
  for (const block of parsed.body.querySelectorAll(BLOCKS)) block.after(' ')
  return (parsed.body.textContent ?? '').replace(/\s+/g, ' ').trim()
}
