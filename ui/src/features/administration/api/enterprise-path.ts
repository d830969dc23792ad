/** `/api/enterprise/7` and what follows it. */
export function enterprisePath(enterpriseId: number, rest = ''): string {
  return `/api/enterprise/${encodeURIComponent(enterpriseId)}${rest}`
}
