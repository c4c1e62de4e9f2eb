import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useUi } from '../stores/ui'
import { Dialog } from '../ui/Dialog'
import { Button } from '../ui/Button'

const isWeb = (url: string): boolean => /^https?:\/\//i.test(url)

/** The real address of a clicked link, before anything leaves the app (web links only). */
export function LinkDialog(): React.JSX.Element {
  const { t } = useTranslation()
  const url = useUi((s) => s.pendingLink)
  const close = useUi((s) => s.setPendingLink)
  const web = url !== null && isWeb(url)
  return (
    <Dialog
      open={url !== null}
      title={web ? t('link.webTitle') : t('link.otherTitle')}
      onClose={() => close(null)}
      testId="link-dialog"
      actions={
        <>
          <Button onClick={() => close(null)} autoFocus>
            {web ? t('common.cancel') : t('common.close')}
          </Button>
          {web ? (
            <Button
              look="primary"
              icon={ExternalLink}
              onClick={() => {
                window.open(url, '_blank', 'noopener,noreferrer')
                close(null)
              }}
              testId="link-dialog-open"
            >
              {t('link.open')}
            </Button>
          ) : null}
        </>
      }
    >
      <p>{web ? t('link.webBody') : t('link.otherBody')}</p>
      <p className="link-url">
        <code>{url}</code>
      </p>
      {web ? <p className="muted">{t('link.untrusted')}</p> : null}
    </Dialog>
  )
}
