import type { Refusal } from '../admin-refusal'

/** The server's refusal at the top of a form: its heading and every problem it listed. */
export function FormRefusal({ refusal, testId = 'form-refusal' }: { refusal: Refusal | null; testId?: string }) {
  if (!refusal) return null
  return (
    <div className="danger-box admin-refusal" role="alert" data-testid={testId}>
      <strong>{refusal.title}</strong>
      <ul aria-label="Problems">
        {refusal.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  )
}
