import { useEnterprise } from './api/get-enterprise'
import { useEnterpriseLogo } from './api/get-enterprise-logo'
import { BlobImage } from './blob-image'

export interface EnterpriseLogoProps {
  enterpriseId: number | undefined
  /** `enterprise-logo--header` (app shell) or `enterprise-logo--board` (service lane). */
  className?: string
}

/** The enterprise's logo, when it has one (nothing otherwise, and nothing while it loads). */
export function EnterpriseLogo({ enterpriseId, className }: EnterpriseLogoProps) {
  const enterprise = useEnterprise(enterpriseId, { notifyErrors: false })
  const hasLogo = enterprise.data?.hasLogo ?? false
  const logo = useEnterpriseLogo(enterpriseId, hasLogo)
  if (!hasLogo || !logo.data) return null
  return (
    <BlobImage
      blob={logo.data}
      alt={`${enterprise.data?.name ?? 'Enterprise'} logo`}
      className={className ? `enterprise-logo ${className}` : 'enterprise-logo'}
      testId="enterprise-logo"
    />
  )
}
