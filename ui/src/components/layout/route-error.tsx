import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'

/** Shown in place of a screen whose loader or render failed. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section className="page">
      <div className="panel panel--error" role="alert">
        <h2>Something went wrong</h2>
        <p>{error instanceof Error ? error.message : 'The page could not be shown.'}</p>
        <button type="button" className="btn" onClick={() => void router.invalidate()}>
          Try again
        </button>
      </div>
    </section>
  )
}
