import { inflateRawSync } from 'node:zlib'

/**
 * Just enough of an XLSX reader for the journeys to open an exported workbook:
 * its sheets by name, each as rows of cell texts (shared and inline strings,
 * numbers as written). A workbook is a zip of XML parts.
 */

/** The parts of a zip archive by name (stored or deflated entries, read from the central directory). */
function unzip(bytes: Buffer): Map<string, string> {
  const parts = new Map<string, string>()
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0) throw new Error('not a zip archive')
  let at = bytes.readUInt32LE(end + 16)
  const count = bytes.readUInt16LE(end + 10)
  for (let i = 0; i < count; i++) {
    const method = bytes.readUInt16LE(at + 10)
    const size = bytes.readUInt32LE(at + 20)
    const nameLength = bytes.readUInt16LE(at + 28)
    const extraLength = bytes.readUInt16LE(at + 30)
    const commentLength = bytes.readUInt16LE(at + 32)
    const local = bytes.readUInt32LE(at + 42)
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength)
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28)
    const data = bytes.subarray(dataStart, dataStart + size)
    parts.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'))
    at += 46 + nameLength + extraLength + commentLength
  }
  return parts
}

const unescape = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')

/** The sheets of a workbook, in order: name and rows of cell texts. */
export function readWorkbook(bytes: Buffer): { name: string; rows: string[][] }[] {
  const parts = unzip(bytes)
  const shared = [...(parts.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    unescape([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')),
  )
  // A sheet's part is found through the workbook's relationships (chart sheets live elsewhere).
  const targets = new Map(
    [...(parts.get('xl/_rels/workbook.xml.rels') ?? '').matchAll(/<Relationship [^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/^\/?(xl\/)?/, 'xl/'),
    ]),
  )
  const sheets = [...(parts.get('xl/workbook.xml') ?? '').matchAll(/<sheet [^>]*?name="([^"]*)"[^>]*?r:id="([^"]+)"/g)].map((m) => ({
    name: unescape(m[1]!),
    part: targets.get(m[2]!) ?? '',
  }))
  return sheets.map(({ name, part }) => {
    const xml = parts.get(part) ?? ''
    const rows = [...xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
      [...row[1]!.matchAll(/<c([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((cell) => {
        const attributes = cell[1] ?? ''
        const body = cell[2] ?? ''
        const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? ''
        if (/t="s"/.test(attributes)) return shared[Number(value)] ?? ''
        if (/t="inlineStr"/.test(attributes)) return unescape(/<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? '')
        return unescape(value)
      }),
    )
    return { name, rows }
  })
}
