import { Outlet, useRouterState } from '@tanstack/react-router'
import { NoticeViewport } from '../notices/notice-viewport'

/** Root of every page: the route outlet, a navigation progress bar and the notices. */
export function RootLayout() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  return (
    <>
      <div className="route-progress" data-active={loading ? 'true' : undefined} aria-hidden="true" />
      <Outlet />
      <NoticeViewport />
    </>
  )
}
