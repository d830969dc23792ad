import { useCallback, useRef, type UIEvent } from 'react'

/** How close to the bottom (px) still counts as "at the bottom". */
const FOLLOW_SLACK_PX = 32

/**
 * For a scrolling list of messages whose newest entry is at the bottom:
 * `followRef.current` says whether the reader is at the bottom (so new entries
 * should scroll into view); pass `onScroll` to the scrolling element.
 */
export function useFollowBottom() {
  const followRef = useRef(true)
  const onScroll = useCallback((event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget
    followRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_SLACK_PX
  }, [])
  return { followRef, onScroll }
}
