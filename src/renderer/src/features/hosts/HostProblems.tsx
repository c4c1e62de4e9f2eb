import { useTranslation } from 'react-i18next'
import type { HostRegistration } from '../../../../shared/hub-api'
import { interpolationOf } from '../../lib/error-words'

/**
 * Why a host's registration is absent or broken, worded from each problem's kind (the engine's
 * French `problem` sentence is the CLI's; the card never shows it).
 */
export function HostProblems({
  row,
  className,
  testId
}: {
  row: HostRegistration
  className: string
  testId?: string
}): React.JSX.Element | null {
  const { t } = useTranslation()
  if (row.problems.length === 0) return null
  return (
    <div className={className} data-testid={testId}>
      {row.problems.map((p, i) => {
        const values = { ...interpolationOf(p.params), interpolation: { escapeValue: false } }
        return (
          <p key={i} data-kind={p.kind}>
            {t(`errorKinds.${p.kind}.title`, values)} {t(`errorKinds.${p.kind}.action`, values)}
          </p>
        )
      })}
    </div>
  )
}
