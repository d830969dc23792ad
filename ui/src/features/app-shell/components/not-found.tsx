import { Link } from '@tanstack/react-router'

export function NotFound() {
  return (
    <section className="page">
      <header className="page__header">
        <h1>Page not found</h1>
      </header>
      <div className="panel">
        <p>
          There is nothing at this address. Go to the <Link to="/leadmanager">lead manager</Link>.
        </p>
      </div>
    </section>
  )
}
