import { useTranslation } from 'react-i18next'
import type { ReactNode } from 'react'
import { Dialog } from './Dialog'
import { Button } from './Button'

/** "Are you sure" with the consequence spelled out; the safe choice is focused first. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  onConfirm,
  onCancel,
  testId
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
  testId?: string
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      testId={testId}
      actions={
        <>
          <Button onClick={onCancel} autoFocus>
            {t('common.cancel')}
          </Button>
          <button
            type="button"
            className={danger ? 'button button-danger' : 'button button-primary'}
            onClick={onConfirm}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
