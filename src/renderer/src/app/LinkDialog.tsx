import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useUi } from '../stores/ui'
import { Dialog } from '../ui/Dialog'

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
          <button type="button" className="button" onClick={() => close(null)} autoFocus>
            {web ? t('common.cancel') : t('common.close')}
          </button>
          {web ? (
            <button
              type="button"
              className="button button-primary"
              data-testid="link-dialog-open"
              onClick={() => {
                window.open(url, '_blank', 'noopener,noreferrer')
                close(null)
              }}
            >
              <ExternalLink aria-hidden="true" size={16} /> {t('link.open')}
            </button>
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
