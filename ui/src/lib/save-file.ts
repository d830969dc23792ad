/** Hands a file the page holds to the browser's download (a temporary link with `download`). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser time to start reading it before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
