import { useEffect, useRef } from 'react'

export interface BlobImageProps {
  blob: Blob
  alt: string
  className?: string
  testId?: string
}

/**
 * An image from bytes the page holds: shown through an object URL made for
 * it, and revoked when the image goes or the bytes change.
 */
export function BlobImage({ blob, alt, className, testId }: BlobImageProps) {
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const image = ref.current
    if (!image) return
    const url = URL.createObjectURL(blob)
    image.src = url
    return () => {
      image.removeAttribute('src')
      URL.revokeObjectURL(url)
    }
  }, [blob])
  return <img ref={ref} alt={alt} className={className} data-testid={testId} />
}
