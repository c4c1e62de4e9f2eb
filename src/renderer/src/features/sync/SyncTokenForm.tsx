import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '../../ui/Field'
import { useSync } from './sync-store'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/**
 * The remote wants a token: a password field, stored for its host (`setCredential`), then the
 * last Sync / Push again. Says whether the token outlives the hub (the desktop app's keychain) or
 * stays in memory (the browser's `okf-hub ui`).
 */
export function SyncTokenForm({
  base,
  host,
  message
}: {
  base: string
  host: string
  message: string
}): React.JSX.Element {
  const { t } = useTranslation()
  const [token, setToken] = useState('')
  const [empty, setEmpty] = useState(false)
  const credentials = useSync((s) => s.credentials)
  const saving = useSync((s) => s.credentialBusy[host] === 'set' || s.busy[base] !== undefined)
  const save = useSync((s) => s.setToken)

  const submit = (e: React.FormEvent): void => {
    e.preventDefault()
    if (token.trim() === '') {
      setEmpty(true)
      return
    }
    setEmpty(false)
    void save(base, host, token.trim()).then((ok) => {
      if (ok) setToken('')
    })
  }

  return (
    <Notice tone="warning" icon={KeyRound} testId="sync-auth" title={t('sync.auth.title')}>
      <p>{t('sync.auth.body', { host })}</p>
      <form className="sync-token-form" onSubmit={submit} noValidate>
        <Field
          label={t('sync.auth.token', { host })}
          hint={
            <>
              {credentials?.persistent ? t('sync.auth.persistent') : t('sync.auth.memory')}
              {credentials?.fromEnvironment ? ` ${t('sync.auth.fromEnvironment')}` : ''}
            </>
          }
          error={empty ? t('sync.auth.empty') : null}
          errorFirst
        >
          {(control) => (
            <input
              {...control}
              className="input input-mono"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              data-testid="sync-token"
            />
          )}
        </Field>
        <Button type="submit" look="primary" disabled={saving} testId="sync-token-save">
          {saving ? t('sync.auth.saving') : t('sync.auth.save')}
        </Button>
      </form>
      <p className="error-detail">{message}</p>
    </Notice>
  )
}
